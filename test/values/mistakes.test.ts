import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUsDate, usDateMistake } from "../../src/values/dates";
import { hoursMistake, parseHours } from "../../src/values/hours";

const dateLike = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc
    .tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 2100 }),
      fc.constantFrom("/", "-", "."),
      fc.boolean(),
    )
    .map(([a, b, year, separator, yearFirst]) =>
      yearFirst
        ? `${String(year).padStart(4, "0")}${separator}${a}${separator}${b}`
        : `${a}${separator}${b}${separator}${year % 100 === year ? year : String(year).padStart(4, "0")}`,
    ),
);
const hoursLike = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^-?[\d.,' ]{0,12}$/));

describe("why a date or an hours value fails", () => {
  it("for any text M/d/yyyy rejects, a suggested date is accepted, and a month or day kind names what the calendar lacks", () => {
    fc.assert(
      fc.property(dateLike, (text) => {
        if (parseUsDate(text) !== undefined) return;
        const mistake = usDateMistake(text);
        if (mistake.kind === "shape" && mistake.suggestion !== null) {
          expect(parseUsDate(mistake.suggestion)).toBeDefined();
        }
        if (mistake.kind === "month") {
          expect(mistake.month < 1 || mistake.month > 12).toBe(true);
          if (mistake.swapped !== null) expect(parseUsDate(mistake.swapped)).toBeDefined();
        }
        if (mistake.kind === "day") {
          expect(mistake.day < 1 || mistake.day > mistake.daysInMonth).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("for any text Hours Billed rejects, a suggested value is accepted, and a range mistake is a well-written number", () => {
    fc.assert(
      fc.property(hoursLike, (text) => {
        if (parseHours(text) !== undefined) return;
        const mistake = hoursMistake(text);
        if (mistake.kind === "separators" && mistake.suggestion !== null) {
          expect(parseHours(mistake.suggestion)).toBeDefined();
        }
        if (mistake.kind === "decimals" && mistake.thousands !== null) {
          expect(parseHours(mistake.thousands)).toBeDefined();
        }
        if (mistake.kind === "range") {
          const unsigned = text.replace(/^-/, "");
          expect(unsigned).toMatch(/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/);
          expect(mistake.negative || Number(unsigned.replaceAll(",", "")) > 999_999.99).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
