/**
 * Ordinal order of two ids (UTF-16 code units, as the spec's ties by id compare), not a locale's:
 * every adapter and every index sorts the same way.
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
