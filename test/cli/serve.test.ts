import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { importOneMember, startServe as start } from "../support/serve";

describe("rpdi serve", () => {
  it("serves the sandbox, prints its fake logins, and writes the state back on exit with --persist", async () => {
    const persist = join(mkdtempSync(join(tmpdir(), "rpdi-serve-")), "state.json");
    const { child, rest, output } = await start(["--persist", persist]);
    expect(output()).toContain("sandbox.admin@hartwell.example / sandbox-password");
    const root = rest.replace(/\/api\/v2$/, "");
    const login = await fetch(`${root}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams({
        email: "sandbox.admin@hartwell.example",
        password: "sandbox-password",
      }),
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] as string;
    expect(login.headers.get("set-cookie")).not.toContain("Secure");
    const imported = await importOneMember(rest, cookie);
    expect(imported.status).toBe(200);
    // The sandbox's site follows the port it listens on, so its candidate links lead back to it.
    const feed = await fetch(
      `${root}/v1/job-applications?job_application_status_start=2020-01-01&job_application_status_end=2030-01-01`,
      { headers: { cookie } },
    );
    const records = (await feed.json()) as { candidateUrl: string }[];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records)
      expect(record.candidateUrl.startsWith(`${root}/app/sandbox/`)).toBe(true);
    expect(output()).toContain("(the code valid now: rpdi totp JBSWY3DPEHPK3PXP)");
    const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const state = JSON.parse(readFileSync(persist, "utf8"));
    expect(state.members.map((member: { email: string }) => member.email)).toContain(
      "pat.lee@hartwell.example",
    );
  });
});

describe("rpdi serve --persist at start", () => {
  it("refuses a state file that is not whole JSON with one readable line and exit 2", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "rpdi-serve-")), "state.json");
    writeFileSync(path, '{"version": 1, "organization": {');
    const { code, err } = await runCliInMemory(["serve", "--seed", path, "--persist", path]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err.split("\n")[0]).toMatch(new RegExp(`^rpdi: cannot read the seed ${path}: .*JSON`));
  });

  it("refuses a state file it cannot write, before serving, with exit 2", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "rpdi-serve-")), "absent", "state.json");
    const { code, err } = await runCliInMemory(["serve", "--port", "0", "--persist", path]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err.split("\n")[0]).toMatch(
      new RegExp(`^rpdi: cannot write the state to ${path}: ENOENT`),
    );
  });
});

describe("rpdi serve --persist when a write fails", () => {
  it("never answers the change it held, and stops with exit 70 and one line saying why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rpdi-serve-"));
    const persist = join(dir, "state.json");
    const { child, rest, output } = await start(["--persist", persist]);
    const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
    const root = rest.replace(/\/api\/v2$/, "");
    const login = await fetch(`${root}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams({
        email: "sandbox.admin@hartwell.example",
        password: "sandbox-password",
      }),
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] as string;
    // The temporary file cannot be created once its directory is gone.
    rmSync(dir, { recursive: true });
    const form = new FormData();
    form.set(
      "file",
      new Blob(["First Name,Last Name,Email\nPat,Lee,pat.lee@hartwell.example\n"]),
      "m.csv",
    );
    const answer = await fetch(`${rest}/members/import-csv?product=RECRUIT`, {
      method: "POST",
      headers: { cookie },
      body: form,
    }).then(
      (response) => response.status,
      () => "no answer",
    );
    expect(answer).toBe("no answer");
    expect(await exited).toBe(70);
    expect(output()).toContain(
      `rpdi: unexpected failure: cannot write the state to ${persist}: ENOENT`,
    );
  });
});

describe("rpdi serve's database options", () => {
  it("refuses a bad schema, --persist with a database, --redis-url without one, and database options elsewhere, as usage errors", async () => {
    for (const args of [
      ["serve", "--database-url", "postgres://127.0.0.1:1/none", "--schema", "Bad-Name"],
      ["serve", "--database-url", "postgres://127.0.0.1:1/none", "--persist", "state.json"],
      ["serve", "--redis-url", "redis://127.0.0.1:6379"],
      ["serve", "--database-url", "postgres://127.0.0.1:1/none", "--pool-size", "0"],
      [
        "validate",
        "members",
        "m.csv",
        "--product",
        "PERFORM",
        "--org",
        "o.json",
        "--database-url",
        "x",
      ],
    ]) {
      const { code, err } = await runCliInMemory(args);
      expect(code, args.join(" ")).toBe(ExitCode.USAGE);
      expect(err).toMatch(/^rpdi: /);
    }
  });
});
