/** A plain-text table with columns padded to their widest cell; long cells are shortened. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  maxCell = 48,
): string {
  const cells = [header, ...rows].map((row) =>
    row.map((cell) => shorten(cell.replace(/\s+/g, " "), maxCell)),
  );
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? "").length)),
  );
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
        )
        .join("  "),
    )
    .join("\n");
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
