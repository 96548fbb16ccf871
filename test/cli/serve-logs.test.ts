import { describe, expect, it } from "vitest";
import { runCliInMemory } from "../support/cli";
import { startServe, stopServe } from "../support/serve";

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
