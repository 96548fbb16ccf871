/**
 * The characters that make a spreadsheet read a cell as a formula when they come first: OWASP's
 * "CSV Injection" list (`=`, `+`, `-`, `@`, tab, carriage return) with the line feed and the
 * full-width forms its current text adds (`＝`, `＋`, `－`, `＠`, read as formulas in Japanese
 * locales).
 */
const INITIATOR = "[=+\\-@\\t\\r\\n\\uFF1D\\uFF0B\\uFF0D\\uFF20]";

/** Starts like a formula, possibly behind apostrophes (which must then survive the round trip). */
const NEEDS_ESCAPE = new RegExp(`^'*${INITIATOR}`);

/** A cell {@link escapeFormula} wrote: one apostrophe more than the value it stands for. */
const ESCAPED = new RegExp(`^'+${INITIATOR}`);

/**
 * A signed decimal and nothing else: `-5`, `+44`, `-12.5`, `-.5`. A spreadsheet reads it as a
 * number (at most a formula made of one number literal): nothing to call, reference or combine.
 * Kept deliberately narrow: no exponent, no thousands or decimal comma, no spaces, no percent
 * sign, ASCII digits only; `+44 20 7946 0958`, `-1+1` or `+1-555-0100` are evaluated as
 * arithmetic, so they are escaped.
 */
const PLAIN_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/;

const APOSTROPHE = 0x27;

/** Whether `value` is a signed decimal a spreadsheet reads as a number, not as a formula. */
export function isPlainNumber(value: string): boolean {
  return PLAIN_NUMBER.test(value);
}

/**
 * The cell rpdi writes for `value`: prefixed with `'` when a spreadsheet would evaluate it
 * (it starts with a formula character, and is not a plain number), or when it starts with
 * apostrophes before such a character, so that {@link unescapeFormula} gives back exactly
 * `value` for every string.
 */
export function escapeFormula(value: string): string {
  return NEEDS_ESCAPE.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The value a cell of a CSV file stands for: without the leading `'` that
 * {@link escapeFormula} (or a spreadsheet user) put before a formula character. Only a first
 * apostrophe is read this way, as spreadsheets read it; any other cell is its own value.
 */
export function unescapeFormula(cell: string): string {
  return cell.charCodeAt(0) === APOSTROPHE && ESCAPED.test(cell) ? cell.slice(1) : cell;
}
