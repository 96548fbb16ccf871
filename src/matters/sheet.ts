import { isBlankRecord } from "../csv/cells";
import { matchHeaders } from "../csv/headers";
import { type CsvInput, type CsvReadError, readCsv } from "../csv/read";
import { MATTER_HEADERS, type MatterHeader } from "./columns";
import { MAX_MATTER_ROWS, MatterFileErrorType, MIN_MATTER_ROWS } from "./errors";
import { type MatterValidationResult, matterFileErrorResult } from "./result";

/** A matter file whose bytes, CSV syntax, header, row count and field counts passed. */
export interface MatterSheet {
  positions: ReadonlyMap<MatterHeader, number>;
  /** Data records, untrimmed; index + 1 is the row number, blank records included. */
  records: readonly string[][];
}

/** What {@link readMatterSheet} answers: the sheet, or the file error. */
export type MatterSheetResult =
  | { ok: true; sheet: MatterSheet }
  | { ok: false; result: MatterValidationResult };

/** The file-level half of matter validation. Never throws. */
export function readMatterSheet(input: CsvInput): MatterSheetResult {
  const read = readCsv(input);
  if (!read.ok) return { ok: false, result: matterReadFailure(read.error) };
  const { header, records } = read.table;
  const { positions, unexpected, repeated } = matchHeaders(header, MATTER_HEADERS);
  const missing = MATTER_HEADERS.filter((name) => !positions.has(name));
  if (unexpected.length > 0 || repeated.length > 0 || missing.length > 0) {
    return fail(
      MatterFileErrorType.UNREADABLE_FILE,
      describeHeaderProblems(unexpected, repeated, missing),
    );
  }
  let dataRows = 0;
  for (const record of records) if (!isBlankRecord(record)) dataRows++;
  if (dataRows < MIN_MATTER_ROWS || dataRows > MAX_MATTER_ROWS) {
    return fail(
      MatterFileErrorType.INVALID_ROW_COUNT,
      `The file has ${dataRows.toLocaleString("en-US")} data rows; it must have from ${MIN_MATTER_ROWS} to ${MAX_MATTER_ROWS.toLocaleString("en-US")}.`,
    );
  }
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as string[];
    if (record.length !== header.length && !isBlankRecord(record)) {
      return fail(
        MatterFileErrorType.COLUMN_COUNT_MISMATCH,
        `Row ${index + 1} has ${record.length} values but the header has ${header.length} columns; a value containing a comma must be wrapped in double quotes.`,
        index + 1,
      );
    }
  }
  return { ok: true, sheet: { positions, records } };
}

/** The validators' body for a file that could not be read as CSV. */
export function matterReadFailure(error: CsvReadError): MatterValidationResult {
  switch (error.code) {
    case "TOO_LARGE":
    case "EMPTY":
      return matterFileErrorResult(MatterFileErrorType.INVALID_FILE_SIZE, error.message);
    case "NOT_UTF8":
    case "MALFORMED":
      return matterFileErrorResult(MatterFileErrorType.UNREADABLE_FILE, error.message);
  }
}

function describeHeaderProblems(
  unexpected: readonly string[],
  repeated: readonly string[],
  missing: readonly string[],
): string {
  const quote = (names: readonly string[]) =>
    names.map((name) => (name === "" ? "(a blank header)" : `"${name}"`)).join(", ");
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`missing ${quote(missing)}`);
  if (unexpected.length > 0) parts.push(`unrecognized ${quote(unexpected)}`);
  if (repeated.length > 0) parts.push(`named more than once ${quote(repeated)}`);
  return `The header must name each of the nine columns once (${MATTER_HEADERS.join(", ")}): ${parts.join("; ")}.`;
}

function fail(
  type: MatterFileErrorType,
  description: string,
  rowNumber: number | null = null,
): MatterSheetResult {
  return { ok: false, result: matterFileErrorResult(type, description, rowNumber) };
}
