import { headerKey } from "../csv/headers";
import { parseCsvRecords } from "../csv/parse";
import { hasUtf8Bom } from "../csv/read";
import { writeCsv } from "../csv/write";

/** A file's records, to edit a cell and write the file again; `bom` says whether it led. */
export interface EditableRecords {
  records: string[][];
  bom: boolean;
}

/**
 * The file's records as the validators read them (csv-parse, rows of any length), or `null` when
 * csv-parse refuses it: such a file has a file error and no cell to edit.
 */
export function readRecords(bytes: Uint8Array): EditableRecords | null {
  const bom = hasUtf8Bom(bytes);
  const records: string[][] = [];
  const error = parseCsvRecords(bom ? bytes.subarray(3) : bytes, (record) => records.push(record));
  return error === null || error === undefined ? { records, bom } : null;
}

/** Where a spec column sits in the header row (its cells compared trimmed, case aside); -1 if absent. */
export function columnIndex(header: readonly string[], column: string): number {
  const key = headerKey(column);
  return header.findIndex((cell) => headerKey(cell) === key);
}

/**
 * Sets one cell: `rowNumber` is the spec's (the header is record 0, so data row n is record n).
 * A short row is padded with blank cells up to the column. Answers whether the cell exists.
 */
export function setCell(
  file: EditableRecords,
  rowNumber: number,
  column: string,
  value: string,
): boolean {
  const header = file.records[0];
  const record = file.records[rowNumber];
  if (header === undefined || record === undefined || rowNumber < 1) return false;
  const index = columnIndex(header, column);
  if (index < 0) return false;
  while (record.length <= index) record.push("");
  record[index] = value;
  return true;
}

/**
 * The records as CSV bytes again (RFC 4180, CRLF), with the byte order mark if the file had one.
 * Cells are written as they are: no formula escaping, the file goes to rpdi, not a spreadsheet.
 */
export function writeRecords(file: EditableRecords): Uint8Array {
  return new TextEncoder().encode(writeCsv(file.records, { escapeFormulas: false, bom: file.bom }));
}
