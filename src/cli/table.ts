/**
 * A plain-text table with columns padded to their widest cell. Long cells are shortened except
 * in the last column, which holds the text a reader acts on.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  maxCell = 40,
): string {
  const last = header.length - 1;
  const cells = [header, ...rows].map((row) =>
    row.map((cell, column) => {
      const flat = cell.replace(/\s+/g, " ");
      return column === last ? flat : shorten(flat, maxCell);
    }),
  );
  const widths = header.map((_, column) =>
    cells.reduce((widest, row) => Math.max(widest, (row[column] ?? "").length), 0),
  );
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === last ? cell : cell.padEnd(widths[column] ?? 0)))
        .join("  "),
    )
    .join("\n");
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
