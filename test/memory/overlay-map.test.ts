import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OverlayMap, type WritableTable } from "../../src/memory/overlay-map";

type Step =
  | { op: "set"; key: number; value: string }
  | { op: "delete"; key: number }
  | { op: "willChange"; count: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("set" as const),
    key: fc.nat(7),
    value: fc.string({ maxLength: 2 }),
  }),
  fc.record({ op: fc.constant("delete" as const), key: fc.nat(7) }),
  fc.record({ op: fc.constant("willChange" as const), count: fc.nat(8) }),
);
const base = fc.uniqueArray(fc.tuple(fc.nat(7), fc.string({ maxLength: 2 })), {
  selector: ([key]) => key,
});

describe("OverlayMap", () => {
  it("reads, iterates and publishes exactly as a copy of its base given the same calls", () => {
    fc.assert(
      fc.property(
        base,
        fc.array(step, { maxLength: 30 }),
        // Whether and when it copies its base instead of recording changes over it.
        fc.option(fc.nat(6), { nil: Number.POSITIVE_INFINITY }),
        fc.boolean(),
        (entries, steps, copyAfter, inPlace) => {
          const published = new Map(entries);
          const copy = new Map(entries);
          const overlay = new OverlayMap(published, copyAfter);
          // Writes go where `willChange` last said; reads through the overlay see them all.
          let table: WritableTable<number, string> = overlay;
          for (const s of steps) {
            if (s.op === "set") {
              copy.set(s.key, s.value);
              table.set(s.key, s.value);
            } else if (s.op === "delete") {
              expect(table.delete(s.key)).toBe(copy.delete(s.key));
            } else {
              table = overlay.willChange(s.count);
            }
            expect(overlay.size).toBe(copy.size);
            expect([...overlay.values()]).toEqual([...copy.values()]);
          }
          for (let key = 0; key <= 7; key++) {
            expect(overlay.get(key)).toBe(copy.get(key));
            expect(overlay.has(key)).toBe(copy.has(key));
          }
          expect([...published]).toEqual(entries);
          const result = overlay.publish(inPlace);
          expect([...result]).toEqual([...copy]);
          if (!inPlace) expect([...published]).toEqual(entries);
        },
      ),
    );
  });
});
