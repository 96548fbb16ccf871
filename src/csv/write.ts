import { stringify } from "csv-stringify/sync";

/** How {@link writeCsv} writes: header row, and a UTF-8 byte-order mark for spreadsheets. */
export interface CsvWriteOptions {
  /**
   * Prefix cells starting with `=`, `+`, `-`, `@`, tab or carriage return with `'` so a
   * spreadsheet does not run them as formulas. On by default; turn off only for files that
   * never reach a spreadsheet.
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
  return stringify(
    rows.map((row) => [...row]),
    {
      escape_formulas: options.escapeFormulas ?? true,
      bom: options.bom ?? false,
      record_delimiter: "\r\n",
      // csv-stringify only quotes the configured record delimiter; a lone CR or LF inside a
      // value must be quoted too or another RFC 4180 reader splits the record there.
      quoted_match: /[\r\n]/,
    },
  );
}
