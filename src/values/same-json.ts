/**
 * Whether two JSON-shaped values hold the same data: objects compared key by key whatever their
 * order (an absent key and an `undefined` one alike), arrays in order. Stores build records in
 * their own key order, so text comparison would see differences where there are none.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of Object.keys(left))
    if (left[key] !== undefined && !sameJson(left[key], right[key])) return false;
  for (const key of Object.keys(right))
    if (right[key] !== undefined && left[key] === undefined) return false;
  return true;
}
