/** The spec's limit for Graduation Year and Effective Class Year. */
export const YEAR_WINDOW = 200;

/** A four-digit year within {@link YEAR_WINDOW} years of `now`'s year (UTC), else `undefined`. */
export function parseYear(text: string, now: Date): number | undefined {
  if (!/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return Math.abs(year - now.getUTCFullYear()) <= YEAR_WINDOW ? year : undefined;
}
