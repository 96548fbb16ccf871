import { unescapeFormula } from "./formula-escape";
import { type CsvInput, readCsv } from "./read";
import { writeCsv } from "./write";

/**
 * The original file with an `Errors` column added: each data row gets the problems reported for
 * its row number, one per line, for a person to fix in a spreadsheet. UTF-8 with a BOM, and
 * formula-leading cells escaped: each cell is written as the value rpdi read from it, so a cell
 * the file already escaped (`'-Tax`) is not escaped twice and the report is valid input again.
 * `null` when the file cannot be read as a table (a file error has no rows to annotate).
 */
export function annotateCsv(
  input: CsvInput,
  problemsByRow: ReadonlyMap<number, readonly string[]>,
): string | null {
  const read = readCsv(input, Number.POSITIVE_INFINITY);
  if (!read.ok) return null;
  const { header, records } = read.table;
  const rows = records.map((record, index) => [
    ...record.map(unescapeFormula),
    ...Array(Math.max(0, header.length - record.length)).fill(""),
    (problemsByRow.get(index + 1) ?? []).join("\n"),
  ]);
  return writeCsv([[...header.map(unescapeFormula), "Errors"], ...rows], { bom: true });
}
