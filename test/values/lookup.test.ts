import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Office } from "../../src/domain/organization";
import { OfficeDirectory } from "../../src/members/office";
import { CaseInsensitiveList } from "../../src/values/lookup";

const word = fc.constantFrom(
  "Tax",
  "TAX",
  "tax",
  " Tax ",
  "Litigation",
  "litigation ",
  "Ünïcode",
  "",
);
const key = (text: string) => text.trim().toLowerCase();

describe("look-ups by spelling", () => {
  it("CaseInsensitiveList answers any spelling with the first listed entry of its key, trimmed", () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), word, (entries, query) => {
        const first = entries.find((entry) => key(entry) === key(query));
        expect(new CaseInsensitiveList(entries).find(query)).toBe(first?.trim());
      }),
      { numRuns: 500 },
    );
  });

  it("OfficeDirectory answers any spelling with the last configured office of its key", () => {
    const place = fc.option(word, { nil: null });
    const office: fc.Arbitrary<Office> = fc.record({ city: word, state: place, country: place });
    fc.assert(
      fc.property(
        fc.array(office, { maxLength: 6 }),
        word,
        place,
        place,
        (offices, city, state, country) => {
          const same = (office: Office) =>
            key(office.city) === key(city) &&
            key(office.state ?? "") === key(state ?? "") &&
            key(office.country ?? "") === key(country ?? "");
          const expected = [...offices].reverse().find(same);
          expect(new OfficeDirectory(offices).find(city, state, country)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
