import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRID_COLUMNS, moveInGrid, scrollToShow, visibleRows } from "../../src/importer/grid-model";

const KEYS = [
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "PageUp",
  "PageDown",
  "Home",
  "End",
];

describe("the error grid's model", () => {
  it("property: every move keeps focus inside the grid", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.nat(),
        fc.nat(GRID_COLUMNS - 1),
        fc.constantFrom(...KEYS),
        fc.boolean(),
        fc.integer({ min: 1, max: 50 }),
        (rows, rowSeed, column, key, control, page) => {
          const at = { row: rowSeed % rows, column };
          const to = moveInGrid(at, key, control, rows, page);
          expect(to).not.toBeNull();
          expect(to?.row).toBeGreaterThanOrEqual(0);
          expect(to?.row).toBeLessThan(rows);
          expect(to?.column).toBeGreaterThanOrEqual(0);
          expect(to?.column).toBeLessThan(GRID_COLUMNS);
        },
      ),
    );
  });

  it("moves as the ARIA grid pattern says, and ignores other keys", () => {
    const at = { row: 5, column: 2 };
    expect(moveInGrid(at, "ArrowDown", false, 10, 4)).toEqual({ row: 6, column: 2 });
    expect(moveInGrid(at, "ArrowLeft", false, 10, 4)).toEqual({ row: 5, column: 1 });
    expect(moveInGrid(at, "PageDown", false, 10, 4)).toEqual({ row: 9, column: 2 });
    expect(moveInGrid(at, "Home", true, 10, 4)).toEqual({ row: 0, column: 0 });
    expect(moveInGrid(at, "End", false, 10, 4)).toEqual({ row: 5, column: 3 });
    expect(moveInGrid(at, "a", false, 10, 4)).toBeNull();
    expect(moveInGrid(at, "ArrowDown", false, 0, 4)).toBeNull();
  });

  it("property: the rows drawn cover the viewport and stay a few dozen however long the list", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.nat(4_000_000),
        fc.integer({ min: 36, max: 1_080 }),
        (total, offset, height) => {
          const scrollTop = Math.min(offset, Math.max(0, total * 36 - height));
          const { start, end } = visibleRows(scrollTop, height, 36, total);
          expect(start).toBeLessThanOrEqual(Math.floor(scrollTop / 36));
          expect(end).toBeGreaterThanOrEqual(Math.min(total, Math.ceil((scrollTop + height) / 36)));
          expect(end - start).toBeLessThanOrEqual(Math.ceil(height / 36) + 17);
        },
      ),
    );
  });

  it("property: scrolling to show a row puts it wholly in view", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.nat(400_000),
        fc.integer({ min: 36, max: 1_000 }),
        (row, top, height) => {
          const scrolled = scrollToShow(row, top, height, 36);
          expect(row * 36).toBeGreaterThanOrEqual(scrolled);
          expect(row * 36 + 36).toBeLessThanOrEqual(scrolled + Math.max(height, 36));
        },
      ),
    );
  });
});
