/** A UUID in its textual form, in any letter case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as rpdi stores and compares it: a UUID in lower case (RFC 9562 §4: UUIDs compare
 * case-insensitively; `A1B2…` and `a1b2…` are one id), anything else as written.
 */
export function canonicalId(id: string): string {
  return UUID_PATTERN.test(id) ? id.toLowerCase() : id;
}
