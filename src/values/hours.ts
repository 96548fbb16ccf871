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

/** Why {@link parseHours} rejected a text, with what a message needs to say how to fix it. */
export type HoursMistake =
  /** Not written as a number at all (`abc`, `1e3`, `10h`). */
  | { kind: "not-a-number" }
  /** Digits with separators in the wrong places (`1.234,5`, `12,34`, `.5`); `suggestion` is a reading that passes, when there is one. */
  | { kind: "separators"; suggestion: string | null }
  /** More than two decimal places; `thousands` is the text read as dot-grouped thousands (`1.234` → `1,234`), when it can be. */
  | { kind: "decimals"; places: number; thousands: string | null }
  /** A well-written number below 0 or above {@link MAX_HOURS_BILLED}. */
  | { kind: "range"; negative: boolean };

const TOO_MANY_DECIMALS = /^(?:\d{1,3}(?:,\d{3})+|\d+)\.(\d{3,})$/;
const DOT_THOUSANDS = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const NUMBERISH = /^[\d.,' _]*\d[\d.,' _]*$/;
const DECIMAL_COMMA = /^(?:\d{1,3}(?:\.\d{3})+|\d+),\d{1,2}$/;
const OTHER_THOUSANDS = /^\d{1,3}(?:[ '_]\d{3})+(?:\.\d{1,2})?$/;

/**
 * Why `text`, which {@link parseHours} rejected, is not an Hours Billed value. Only failing cells
 * are asked, so this may cost what it likes.
 */
export function hoursMistake(text: string): HoursMistake {
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1) : text;
  if (HOURS.test(unsigned)) return { kind: "range", negative };
  const decimals = TOO_MANY_DECIMALS.exec(unsigned);
  if (decimals !== null) {
    const thousands = DOT_THOUSANDS.test(unsigned) ? unsigned.replaceAll(".", ",") : null;
    return { kind: "decimals", places: (decimals[1] as string).length, thousands };
  }
  if (!NUMBERISH.test(unsigned)) return { kind: "not-a-number" };
  let suggestion: string | null = null;
  if (DECIMAL_COMMA.test(unsigned)) {
    // 1.234,5 → 1,234.5: the separators swapped.
    suggestion = unsigned.replace(/[.,]/g, (separator) => (separator === "." ? "," : "."));
  } else if (OTHER_THOUSANDS.test(unsigned)) suggestion = unsigned.replace(/[ '_]/g, ",");
  else if (unsigned.startsWith(".")) suggestion = `0${unsigned}`;
  else if (unsigned.endsWith(".")) suggestion = unsigned.slice(0, -1);
  if (negative && suggestion !== null) suggestion = `-${suggestion}`;
  return {
    kind: "separators",
    suggestion: suggestion !== null && parseHours(suggestion) !== undefined ? suggestion : null,
  };
}
