/** The spec's upper limit for Hours Billed. */
export const MAX_HOURS_BILLED = 999_999.99;

// A period is the decimal separator; commas, when used, must group the integer part in threes
// (1,234.56 yes; 1.234,56 and 12,34 no). At most two decimal places.
const HOURS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** Hours Billed as a number from 0 to 999999.99, or `undefined` when the text breaks a rule. */
export function parseHours(text: string): number | undefined {
  if (!HOURS.test(text)) return undefined;
  const hours = Number(text.includes(",") ? text.replaceAll(",", "") : text);
  return hours <= MAX_HOURS_BILLED ? hours : undefined;
}
