import fc from "fast-check";

/**
 * Text shaped like a CSV file and broken in every way: rows of cells drawn from `tokens` (header
 * names, quotes, separators, likely values) or from arbitrary binary strings.
 */
export function csvLike(
  tokens: readonly string[],
  shape: { maxCellLength: number; maxCells: number; maxRows: number; lineEnd: string },
): fc.Arbitrary<string> {
  const cell = fc.oneof(
    fc.constantFrom(...tokens),
    fc.string({ unit: "binary", maxLength: shape.maxCellLength }),
  );
  return fc
    .array(fc.array(cell, { maxLength: shape.maxCells }), { maxLength: shape.maxRows })
    .map((rows) => rows.map((row) => row.join(",")).join(shape.lineEnd));
}
