import { unescapeFormula } from "./formula-escape";

/**
 * The spec's cell convention for both CSVs: every value is trimmed and a whitespace-only value
 * counts as missing. A leading `'` before a formula character is the spreadsheet escape rpdi
 * writes (`'-Tax`, `'=Total`), not part of the value, so it is read off first.
 */
export function cellValue(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  return fieldValue(unescapeFormula(raw));
}

/** A value given outside a CSV file (a GraphQL edit): trimmed, blank as missing, taken as is. */
export function fieldValue(raw: string): string | null {
  const value = raw.trim();
  return value === "" ? null : value;
}

/** True when every cell of a record is blank: such rows are ignored but keep their row number. */
export function isBlankRecord(record: readonly string[]): boolean {
  for (const cell of record) if (cellValue(cell) !== null) return false;
  return true;
}
