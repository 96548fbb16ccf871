import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import { closestWord } from "../../src/cli/suggest";

describe("closestWord", () => {
  it("property: a suggestion is a candidate within two edits and a third of the word's length (at least one), and no candidate is closer", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }),
        (word, candidates) => {
          const best = closestWord(word, candidates);
          const edits = (candidate: string) =>
            distance(word.toLowerCase(), candidate.toLowerCase());
          const limit = Math.min(2, Math.max(1, Math.floor(word.length / 3)));
          if (best === undefined) {
            expect(candidates.every((candidate) => edits(candidate) > limit)).toBe(true);
            return;
          }
          expect(candidates).toContain(best);
          expect(edits(best)).toBeLessThanOrEqual(limit);
          for (const candidate of candidates)
            expect(edits(candidate)).toBeGreaterThanOrEqual(edits(best));
        },
      ),
    );
  });
});
