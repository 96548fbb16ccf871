export const NUL = "\u0000";

/**
 * Whether `text` holds U+0000, which no stored value can: PostgreSQL text refuses it, the CSV
 * reader refuses files with it and edits refuse values with it.
 */
export function holdsNul(text: string): boolean {
  return text.includes(NUL);
}
