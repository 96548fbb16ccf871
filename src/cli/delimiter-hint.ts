import { matchHeaders } from "../csv/headers";

const DELIMITERS = [
  [";", "semicolons"],
  ["\t", "tabs"],
  ["|", "vertical bars (|)"],
] as const;

/** Enough of the file for any header row. */
const HEAD_BYTES = 64 * 1024;

/**
 * Why a header row read as commas may be unrecognized: the file separates its fields with another
 * character (a spreadsheet saved with `;` in a locale whose decimal mark is a comma, a
 * tab-separated export). Said when a header cell holds one of them and the header, split on it,
 * names mostly known columns; `null` otherwise.
 */
export function delimiterHint(input: Uint8Array, known: readonly string[]): string | null {
  const head = new TextDecoder().decode(input.subarray(0, HEAD_BYTES)).replace(/^\uFEFF/, "");
  const line = head.split(/\r?\n/, 1)[0] ?? "";
  const asCommas = matchHeaders(line.split(",").map(unquote), known);
  for (const [delimiter, name] of DELIMITERS) {
    if (!asCommas.unexpected.some((cell) => cell.includes(delimiter))) continue;
    const { positions, unexpected } = matchHeaders(line.split(delimiter).map(unquote), known);
    if (positions.size >= 2 && positions.size > unexpected.length)
      return `the file seems to separate fields with ${name}; the interface reads commas only: save it as CSV with commas ("CSV UTF-8 (Comma delimited)" in Excel).`;
  }
  return null;
}

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"')
    : trimmed;
}
