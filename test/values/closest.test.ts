import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ClosestEntries, didYouMean } from "../../src/values/closest";
import { CaseInsensitiveList } from "../../src/values/lookup";

describe("closest list entries (did you mean)", () => {
  it("suggests entries a typo or a shortening away, closest first, and nothing for unrelated text", () => {
    const departments = new CaseInsensitiveList(["Litigation", "Corporate", "Tax", "Real Estate"]);
    expect(departments.near("Litgation")).toEqual(["Litigation"]);
    expect(departments.near(" real estat ")).toEqual(["Real Estate"]);
    expect(departments.near("Marketing")).toEqual([]);
    const schools = new ClosestEntries([
      "Harvard Law School",
      "Yale Law School",
      "Ave Maria School of Law",
    ]);
    expect(schools.near("Harvard")).toEqual(["Harvard Law School"]);
    expect(schools.near("Hogwarts School of Law")).toEqual([]);
  });

  it("never suggests more than three entries, and every suggestion is an entry of the list", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 30 }), fc.string(), (entries, text) => {
        const near = new ClosestEntries(entries).near(text);
        expect(near.length).toBeLessThanOrEqual(3);
        for (const suggestion of near) expect(entries).toContain(suggestion);
      }),
    );
  });

  it("compares only the first thousand distinct misses; later ones get no suggestion, repeated ones the same answer", () => {
    const list = new ClosestEntries(["Tax"]);
    for (let n = 0; n < 1_000; n++) list.near(`miss ${n}`);
    expect(list.near("Tx")).toEqual([]);
    expect(list.near("miss 1")).toEqual([]);
    const fresh = new ClosestEntries(["Tax"]);
    expect(fresh.near("Tx")).toEqual(["Tax"]);
    expect(fresh.near("tx ")).toEqual(["Tax"]);
  });

  it("phrases one, two or three suggestions as a question", () => {
    expect(didYouMean([])).toBe("");
    expect(didYouMean(["A"])).toBe(' Did you mean "A"?');
    expect(didYouMean(["A", "B", "C"])).toBe(' Did you mean "A", "B" or "C"?');
  });
});
