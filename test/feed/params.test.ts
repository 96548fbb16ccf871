import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFeedQuery } from "../../src/feed/params";

const context = { now: new Date("2026-03-01T00:00:00Z"), pipelines: [] };
const startAt = (value: string) => {
  const parsed = parseFeedQuery(
    { job_application_status_start: value, job_application_status_end: "2026-02-01" },
    context,
  );
  return parsed.ok ? parsed.query.start?.toISOString() : parsed.error.cause;
};

describe("feed time parameters with a UTC offset", () => {
  it("convert a real offset to UTC, with or without the colon", () => {
    expect(startAt("2026-01-01T00:00:00+02:00")).toBe("2025-12-31T22:00:00.000Z");
    expect(startAt("2026-01-01T00:00:00+0200")).toBe("2025-12-31T22:00:00.000Z");
    expect(startAt("2026-01-01T00:00:00-12:00")).toBe("2026-01-01T12:00:00.000Z");
    expect(startAt("2026-01-01T00:00:00+14:00")).toBe("2025-12-31T10:00:00.000Z");
    expect(startAt("2026-01-01T00:00:00Z")).toBe("2026-01-01T00:00:00.000Z");
  });

  it("refuse offsets no clock has: minutes past 59, or beyond ±18:00", () => {
    for (const offset of ["+99:99", "+23:59", "-18:01", "+05:60", "+1960"]) {
      expect(startAt(`2026-01-01T00:00:00${offset}`)).toBe("INVALID_DATE");
    }
  });

  it("any offset within ±18:00 with minutes 00–59 is accepted and shifts the instant by exactly that offset", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("+", "-"),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 59 }),
        (sign, hours, minutes) => {
          fc.pre(hours * 60 + minutes <= 18 * 60);
          const text = `${sign}${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
          const shift = (sign === "+" ? -1 : 1) * (hours * 60 + minutes) * 60_000;
          expect(startAt(`2026-01-01T00:00:00${text}`)).toBe(
            new Date(Date.UTC(2026, 0, 1) + shift).toISOString(),
          );
        },
      ),
    );
  });
});
