import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runCliInMemory } from "../support/cli";
import { cliFromSource, ROOT, startServe, stopServe } from "../support/serve";

/** The JSON lines of the output that are log lines (the banner is not JSON). */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("rpdi serve logs", () => {
  it("writes a JSON line per request with --log-format json, and none with --log-level silent", async () => {
    for (const level of ["info", "silent"]) {
      const { child, rest, output } = await startServe([
        "--log-format",
        "json",
        "--log-level",
        level,
      ]);
      try {
        const response = await fetch(`${rest}/departments?email=someone@hartwell.example`);
        expect(response.status).toBe(401);
        await response.arrayBuffer();
        // Every line the server wrote has been read once it has exited and its output closed;
        // a fixed wait (200 ms) could end before a loaded machine ran the server's write.
        await new Promise<void>((resolve) => {
          child.once("close", () => resolve());
          child.kill("SIGTERM");
        });
        const requests = logLines(output()).filter((line) => line.msg === "request");
        if (level === "silent") expect(requests).toEqual([]);
        else {
          expect(requests).toHaveLength(1);
          expect(requests[0]).toMatchObject({
            level: 30,
            service: "rpdi",
            method: "GET",
            route: "/api/v2/departments",
            status: 401,
            orgId: null,
          });
          expect(output()).not.toContain("someone@hartwell.example");
        }
      } finally {
        await stopServe(child);
      }
    }
  }, 60_000);

  it("keeps stdout to JSON lines with --log-format json (the banner on stderr) and loses no request line at SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      cliFromSource("serve", "--port", "0", "--log-format", "json", "--log-level", "info"),
      { cwd: ROOT },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
    // Fewer than a batch's bytes after the last full one: the last lines still wait at SIGTERM.
    const ids = Array.from({ length: 120 }, (_, index) => `logged-${index}`);
    try {
      const rest = await new Promise<string>((resolve, reject) => {
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /REST\s+(\S+)/.exec(stderr);
          if (match?.[1] !== undefined && stderr.includes("Stop with Ctrl-C")) resolve(match[1]);
        });
        child.once("exit", (code) =>
          reject(new Error(`rpdi serve exited with ${code}: ${stderr}`)),
        );
      });
      for (let start = 0; start < ids.length; start += 10) {
        await Promise.all(
          ids.slice(start, start + 10).map(async (id) => {
            const response = await fetch(`${rest}/departments`, {
              headers: { "x-request-id": id },
            });
            expect([response.status, response.headers.get("x-request-id")]).toEqual([401, id]);
            await response.arrayBuffer();
          }),
        );
      }
      child.kill("SIGTERM");
      expect(await closed).toBe(0);
    } finally {
      await stopServe(child);
    }
    const lines = stdout.split("\n").filter((line) => line !== "");
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.find((record) => record.msg === "listening")).toMatchObject({
      level: 30,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    const requested = records
      .filter((record) => record.msg === "request")
      .map((record) => record.requestId);
    expect(requested.sort()).toEqual([...ids].sort());
    expect(stdout).not.toContain("sandbox-password");
    expect(stderr).toContain("sandbox.admin@hartwell.example / sandbox-password");
  }, 60_000);

  it("writes every request line in pino-pretty's layout with --log-format pretty, none lost at SIGTERM", async () => {
    const { child, rest, output } = await startServe(["--log-format", "pretty"]);
    try {
      for (let index = 0; index < 20; index++) {
        const response = await fetch(`${rest}/departments`, {
          headers: { "x-request-id": `pretty-${index}` },
        });
        await response.arrayBuffer();
      }
      const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
      child.kill("SIGTERM");
      expect(await closed).toBe(0);
    } finally {
      await stopServe(child);
    }
    for (let index = 0; index < 20; index++)
      expect(output()).toContain(`requestId: "pretty-${index}"`);
    expect(output()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening$/m);
  }, 60_000);

  it("refuses an unknown log format or level as a usage error", async () => {
    for (const args of [
      ["serve", "--log-format", "xml"],
      ["serve", "--log-level", "loud"],
    ]) {
      const { code, err } = await runCliInMemory(args);
      expect(code).toBe(2);
      expect(err).toMatch(/--log-(format|level) must be one of/);
    }
  });
});
