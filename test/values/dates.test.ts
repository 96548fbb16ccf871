import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  isIsoDate,
  memberDateParser,
  parseMemberDate,
  parseUsDate,
  usDateParser,
} from "../../src/values/dates";

/** The rule as luxon alone states it: the shape's numbers must name a real day. */
function byLuxon(year: number, month: number, day: number): string | undefined {
  const date = DateTime.fromObject({ year, month, day }, { zone: "utc" });
  return date.isValid ? (date.toISODate() ?? undefined) : undefined;
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

describe("calendar dates", () => {
  it("every shape gives luxon's verdict on any year, month and day, through every entry point", () => {
    const memberDate = memberDateParser();
    const usDate = usDateParser();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.boolean(),
        (year, month, day, padded) => {
          const expected = byLuxon(year, month, day);
          const y = pad(year, 4);
          const [m, d] = [pad(month, padded ? 2 : 1), pad(day, padded ? 2 : 1)];
          const us = `${m}/${d}/${y}`;
          const iso = `${y}-${pad(month, 2)}-${pad(day, 2)}`;
          const slashed = `${y}/${pad(month, 2)}/${pad(day, 2)}`;
          expect(parseUsDate(us)).toBe(expected);
          expect(usDate(us)).toBe(expected);
          for (const text of [us, iso, slashed]) {
            expect(parseMemberDate(text)).toBe(expected);
            expect(memberDate(text)).toBe(expected);
          }
          // The year 0000 is no stored date: no database keeps it.
          expect(isIsoDate(iso)).toBe(expected !== undefined && year !== 0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("any text of digits, separators and spaces gets the verdict the three shapes' expressions give", () => {
    const shapes: [RegExp, number, number, number][] = [
      [/^(\d{4})-(\d{2})-(\d{2})$/, 1, 2, 3],
      [/^(\d{4})\/(\d{2})\/(\d{2})$/, 1, 2, 3],
      [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, 3, 1, 2],
    ];
    const byExpressions = (text: string, allowed: readonly number[]) => {
      for (const index of allowed) {
        const [pattern, y, m, d] = shapes[index] as [RegExp, number, number, number];
        const match = pattern.exec(text);
        if (match !== null) return byLuxon(Number(match[y]), Number(match[m]), Number(match[d]));
      }
      return undefined;
    };
    const memberDate = memberDateParser();
    const usDate = usDateParser();
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .array(fc.constantFrom(..."0123456789/-. x١"), { maxLength: 12 })
            .map((characters) => characters.join("")),
          fc
            .tuple(
              fc.stringMatching(/^[0-9]{0,5}$/),
              fc.constantFrom("-", "/", "."),
              fc.stringMatching(/^[0-9]{0,3}$/),
              fc.constantFrom("-", "/", "."),
              fc.stringMatching(/^[0-9]{0,5}$/),
            )
            .map((parts) => parts.join("")),
        ),
        (text) => {
          const member = byExpressions(text, [0, 1, 2]);
          const us = byExpressions(text, [2]);
          expect(parseMemberDate(text)).toBe(member);
          expect(memberDate(text)).toBe(member);
          expect(parseUsDate(text)).toBe(us);
          expect(usDate(text)).toBe(us);
          expect(isIsoDate(text)).toBe(byExpressions(text, [0]) === text);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("refuses other shapes", () => {
    for (const text of [
      "2024-1-05",
      "24-01-05",
      "1/5/24",
      "2024.01.05",
      " 1/5/2024",
      "1/5/2024x",
    ]) {
      expect(parseMemberDate(text)).toBeUndefined();
    }
    expect(parseUsDate("2024-01-05")).toBeUndefined();
  });
});
