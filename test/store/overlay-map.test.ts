import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OverlayMap } from "../../src/store/overlay-map";

type Step = { op: "set"; key: number; value: string } | { op: "delete"; key: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("set" as const),
    key: fc.nat(7),
    value: fc.string({ maxLength: 2 }),
  }),
  fc.record({ op: fc.constant("delete" as const), key: fc.nat(7) }),
);
const base = fc.uniqueArray(fc.tuple(fc.nat(7), fc.string({ maxLength: 2 })), {
  selector: ([key]) => key,
});

describe("OverlayMap", () => {
  it("reads, iterates and folds exactly as a copy of its base given the same calls", () => {
    fc.assert(
      fc.property(base, fc.array(step, { maxLength: 30 }), (entries, steps) => {
        const published = new Map(entries);
        const copy = new Map(entries);
        const overlay = new OverlayMap(published);
        for (const s of steps) {
          if (s.op === "set") {
            copy.set(s.key, s.value);
            overlay.set(s.key, s.value);
          } else {
            expect(overlay.delete(s.key)).toBe(copy.delete(s.key));
          }
          expect(overlay.size).toBe(copy.size);
          expect([...overlay.values()]).toEqual([...copy.values()]);
        }
        for (let key = 0; key <= 7; key++) {
          expect(overlay.get(key)).toBe(copy.get(key));
          expect(overlay.has(key)).toBe(copy.has(key));
        }
        expect([...published]).toEqual(entries);
        const another = new Map(published);
        overlay.foldInto(another);
        expect([...another]).toEqual([...copy]);
        overlay.foldInto(published);
        expect([...published]).toEqual([...copy]);
      }),
    );
  });

  it("names every key whose presence or value may differ from the base", () => {
    const overlay = new OverlayMap(
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    overlay.set("a", 3);
    overlay.delete("b");
    overlay.set("c", 4);
    overlay.delete("absent");
    expect(overlay.changed).toBe(true);
    expect([...overlay.changedKeys()].sort()).toEqual(["a", "b", "c"]);
  });
});
