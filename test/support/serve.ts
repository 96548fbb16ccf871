import { type ChildProcess, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { inject } from "vitest";

export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Node's arguments for running the CLI from source: the bundle of src/ the run's global setup made
 * (test/support/global-setup.ts), or else through tsx, the migrations imported as text.
 */
export function cliFromSource(...args: string[]): string[] {
  const bundle = inject("cliBundle");
  if (bundle !== undefined) return [bundle, ...args];
  return [
    "--import",
    "tsx",
    "--import",
    join(ROOT, "scripts/register-sql.mjs"),
    join(ROOT, "src/cli/main.ts"),
    ...args,
  ];
}

/**
 * Starts `rpdi serve` from source on a free port and resolves with the REST root it prints;
 * `env` adds to the test's environment.
 */
export function startServe(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; rest: string; output: () => string }> {
  const child = spawn(process.execPath, cliFromSource("serve", "--port", "0", ...args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = "";
  return new Promise((resolveStart, reject) => {
    // The banner is on stderr, the log lines on stdout: both are read into one output.
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /REST\s+(\S+)/.exec(output);
      if (match?.[1] !== undefined && output.includes("Stop with Ctrl-C"))
        resolveStart({ child, rest: match[1], output: () => output });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`rpdi serve exited with ${code}: ${output}`)));
  });
}

/** Stops a started `rpdi serve` (SIGTERM) and resolves once it has exited. */
export function stopServe(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Imports a one-row member file (Pat Lee, RECRUIT) through a served sandbox at `rest`. */
export function importOneMember(rest: string, cookie: string): Promise<Response> {
  const form = new FormData();
  form.set(
    "file",
    new Blob(["First Name,Last Name,Email\nPat,Lee,pat.lee@hartwell.example\n"]),
    "m.csv",
  );
  return fetch(`${rest}/members/import-csv?product=RECRUIT`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
}
