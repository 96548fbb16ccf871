import { stringify } from "csv-stringify/sync";
import { escapeFormula } from "./formula-escape";

/** How {@link writeCsv} writes: header row, and a UTF-8 byte-order mark for spreadsheets. */
export interface CsvWriteOptions {
  /**
   * Prefix with `'` every cell a spreadsheet would run as a formula: one starting with `=`, `+`,
   * `-`, `@`, tab, CR, LF or a full-width `＝＋－＠`, unless it is a plain signed number such as
   * `-5` or `+12.5` (see {@link escapeFormula}). rpdi reads the apostrophe back off, so what it
   * writes is valid input to it. On by default; turn off only for files that never reach a
   * spreadsheet.
   */
  escapeFormulas?: boolean;
  /** Start the file with a UTF-8 byte-order mark, which spreadsheets use to detect UTF-8. */
  bom?: boolean;
}

/** Writes rows as RFC 4180 CSV (CRLF line ends, quotes where needed). */
export function writeCsv(
  rows: readonly (readonly (string | number | null | undefined)[])[],
  options: CsvWriteOptions = {},
): string {
  const escaping = options.escapeFormulas ?? true;
  return stringify(
    rows.map((row) => (escaping ? row.map(escapeCell) : [...row])),
    {
      // csv-stringify's own `escape_formulas` escapes a text `-5` as `'-5`: it spares only
      // values of type number. rpdi judges every cell by its text (see formula-escape.ts).
      escape_formulas: false,
      bom: options.bom ?? false,
      record_delimiter: "\r\n",
      // csv-stringify only quotes the configured record delimiter; a lone CR or LF inside a
      // value must be quoted too or another RFC 4180 reader splits the record there.
      quoted_match: /[\r\n]/,
    },
  );
}

function escapeCell(value: string | number | null | undefined): string | null | undefined {
  return value === null || value === undefined ? value : escapeFormula(String(value));
}
