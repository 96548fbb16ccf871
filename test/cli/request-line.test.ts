import fc from "fast-check";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { requestLineJson } from "../../src/cli/serve-logger";
import type { RequestLine } from "../../src/http/logger";

/** pino as `serveLogger` makes it, writing into `lines`. */
function pinoLines(lines: string[]) {
  return pino({ level: "info", base: { service: "rpdi" } }, { write: (line) => lines.push(line) });
}

const text = fc.string({ unit: "grapheme", maxLength: 40 });
const requestLine: fc.Arbitrary<RequestLine> = fc.record({
  requestId: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)),
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
  route: fc.oneof(fc.constantFrom("/api/v2/departments", "(no route)"), text),
  status: fc.integer({ min: 100, max: 499 }),
  durationMs: fc.integer({ min: 0, max: 10_000_000 }).map((tenths) => tenths / 10),
  orgId: fc.option(text, { nil: null }),
});

describe("rpdi serve's request line", () => {
  it("is, for any request with well-formed text, byte for byte the line pino writes for info(line, 'request')", () => {
    fc.assert(
      fc.property(requestLine, (line) => {
        const written: string[] = [];
        pinoLines(written).info(line, "request");
        const [byPino] = written;
        const time = (JSON.parse(byPino ?? "{}") as { time: number }).time;
        expect(requestLineJson(line, time)).toBe(byPino);
      }),
      { numRuns: 300 },
    );
  });

  it("escapes what would end the line or the JSON: quotes, backslashes, newlines, control characters", () => {
    const line: RequestLine = {
      requestId: "r-1",
      method: "GET",
      route: '/a"b\\c\nd\re\u0000f',
      status: 200,
      durationMs: 1.5,
      orgId: 'org "x"\n',
    };
    const json = requestLineJson(line, 1_700_000_000_000);
    expect(json.endsWith("}\n")).toBe(true);
    for (const character of ["\n", "\r", "\u0000"])
      expect(json.slice(0, -1)).not.toContain(character);
    expect(JSON.parse(json)).toEqual({
      level: 30,
      time: 1_700_000_000_000,
      service: "rpdi",
      ...line,
      msg: "request",
    });
  });
});
