import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecentMap } from "../../src/runtime/recent-map";

describe("RecentMap", () => {
  it("property: answers as a list of at most capacity entries, most recently used last", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(
          fc.oneof(
            fc.record({ get: fc.integer({ min: 0, max: 6 }) }),
            fc.record({ set: fc.integer({ min: 0, max: 6 }), value: fc.nat() }),
          ),
          { maxLength: 60 },
        ),
        (capacity, steps) => {
          const map = new RecentMap<number, number>(capacity);
          let model: [number, number][] = [];
          const use = (key: number, value: number) => {
            model = [...model.filter(([known]) => known !== key), [key, value]];
            if (model.length > capacity) model = model.slice(model.length - capacity);
          };
          for (const step of steps) {
            if ("get" in step) {
              const entry = model.find(([key]) => key === step.get);
              expect(map.get(step.get)).toBe(entry?.[1]);
              if (entry !== undefined) use(entry[0], entry[1]);
            } else {
              map.remember(step.set, step.value);
              use(step.set, step.value);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
