import { describe, expect, it } from "vitest";
import { prettyLogLine } from "../../src/cli/serve-logger";
import { runCliInMemory } from "../support/cli";
import { startServe, stopServe } from "../support/serve";

/** The JSON lines of the output that are log lines (the banner is not JSON). */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Resolves once `check` holds, polling: a line reaches the output when the child writes it. */
async function until(check: () => boolean, limitMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!check() && Date.now() - start < limitMs)
    await new Promise((resolve) => setTimeout(resolve, 20));
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
        // A line that should come is waited for; one that should not gets the same 200 ms.
        if (level === "silent") await new Promise((resolve) => setTimeout(resolve, 200));
        else await until(() => logLines(output()).some((line) => line.msg === "request"));
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

  it("writes each request as a time, level and message line with its fields below, with --log-format pretty", async () => {
    const { child, rest, output } = await startServe(["--log-format", "pretty"]);
    try {
      const response = await fetch(`${rest}/departments?email=someone@hartwell.example`);
      expect(response.status).toBe(401);
      await response.arrayBuffer();
      await until(() => output().includes("status: 401"));
      expect(output()).toMatch(
        /\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request\n {4}service: "rpdi"\n {4}requestId: "[^"]+"\n {4}method: "GET"\n {4}route: "\/api\/v2\/departments"\n {4}status: 401\n/,
      );
      expect(output()).not.toContain("someone@hartwell.example");
    } finally {
      await stopServe(child);
    }
  }, 60_000);

  it("lays a pretty line out as pino-pretty does, coloured only when asked", () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      service: "rpdi",
      msg: "request",
      status: 500,
      counts: { created: 1 },
    });
    expect(prettyLogLine(line, false)).toBe(
      '[03:04:05.006] ERROR: request\n    service: "rpdi"\n    status: 500\n    counts: {\n      "created": 1\n    }\n',
    );
    expect(prettyLogLine(line, true)).toContain(
      "\u001b[31mERROR\u001b[39m: \u001b[36mrequest\u001b[39m\n",
    );
    expect(prettyLogLine("not json", false)).toBe("not json\n");
  });

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
