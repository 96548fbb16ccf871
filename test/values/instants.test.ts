import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantTextFormatter } from "../../src/values/instants";

const MAX_TIME = 8.64e15;

describe("instantTextFormatter", () => {
  it("writes every instant exactly as toISOString does, in any order of calls", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -MAX_TIME, max: MAX_TIME }),
            fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
            fc.double({ min: -1e13, max: 1e13, noNaN: true }),
          ),
          { minLength: 1, maxLength: 50 },
        ),
        (times) => {
          const format = instantTextFormatter();
          for (const time of times) expect(format(time)).toBe(new Date(time).toISOString());
        },
      ),
      { numRuns: 500 },
    );
  });

  it("handles the edges of a day, of the year 0 and of 10000", () => {
    const format = instantTextFormatter();
    for (const time of [
      0,
      -1,
      86_399_999,
      86_400_000,
      Date.UTC(0, 0, 1) - 1,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      -MAX_TIME,
      MAX_TIME,
    ]) {
      expect(format(time)).toBe(new Date(time).toISOString());
    }
  });
});
