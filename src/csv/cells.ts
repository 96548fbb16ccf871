/**
 * The spec's cell convention for both CSVs: every value is trimmed and a whitespace-only
 * value counts as missing.
 */
export function cellValue(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  return value === "" ? null : value;
}

/** True when every cell of a record is blank: such rows are ignored but keep their row number. */
export function isBlankRecord(record: readonly string[]): boolean {
  for (const cell of record) if (cell.trim() !== "") return false;
  return true;
}
