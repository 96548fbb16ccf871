import { cellValue, isBlankRecord } from "../csv/cells";
import { matchHeaders } from "../csv/headers";
import {
  type CsvInput,
  type CsvReadError,
  EMPTY,
  MAX_CSV_BYTES,
  readCsv,
  readCsvRecordSteps,
} from "../csv/read";
import { drainSteps, type Steps } from "../runtime/steps";
import { MATTER_HEADERS, type MatterField, type MatterHeader } from "./columns";
import { MAX_MATTER_ROWS, MatterFileErrorType, MIN_MATTER_ROWS } from "./errors";
import type { MatterValidationResult } from "./result";

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
  const headerProblem = matchMatterHeader(header);
  if (!headerProblem.ok) return headerProblem;
  const { positions } = headerProblem;
  let dataRows = 0;
  for (const record of records) if (!isBlankRecord(record)) dataRows++;
  const countProblem = rowCountProblem(dataRows);
  if (countProblem !== null) return countProblem;
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as string[];
    if (record.length !== header.length && !isBlankRecord(record)) {
      return columnCountProblem(index + 1, record.length, header.length);
    }
  }
  return { ok: true, sheet: { positions, records } };
}

/** Each data row of a matter file as the rules read it: trimmed texts by field, blank as `null`. */
export interface MatterRowTexts {
  /** 1-based position among data rows, header excluded, blank rows keeping their slot. */
  rowNumber: number;
  texts: Record<MatterField, string | null>;
}

/** What {@link readMatterRowTexts} answers: every non-blank data row's texts, or the file error. */
export type MatterRowTextsResult =
  | { ok: true; rows: MatterRowTexts[] }
  | { ok: false; result: MatterValidationResult };

/**
 * {@link readMatterSheet} and the trimming of every cell in one pass: each record is cut into its
 * texts as soon as it is parsed and let go, so the file never sits in memory as a table beside
 * the rows made from it (the collector then copies half as much). Same file checks, same order
 * of precedence: CSV syntax, header, row count, then the first row of the wrong length.
 */
export function readMatterRowTexts(input: CsvInput): MatterRowTextsResult {
  return drainSteps(readMatterRowTextSteps(input));
}

/** {@link readMatterRowTexts} in steps of `sliceBytes` of the file (see `parseCsvRecordSteps`). */
export function* readMatterRowTextSteps(
  input: CsvInput,
  sliceBytes?: number,
): Steps<MatterRowTextsResult> {
  let header: string[] | null = null;
  let headerFailure: MatterSheetResult | null = null;
  let dataRows = 0;
  let firstMismatch: { rowNumber: number; length: number } | null = null;
  const rows: MatterRowTexts[] = [];
  let cut: ((record: readonly string[]) => Record<MatterField, string | null>) | null = null;
  const read = yield* readCsvRecordSteps(
    input,
    (record, index) => {
      if (index === 0) {
        header = record;
        const matched = matchMatterHeader(record);
        if (matched.ok) cut = textCutter(matched.positions);
        else headerFailure = matched;
        return;
      }
      if (cut === null || isBlankRecord(record)) return;
      dataRows++;
      if (firstMismatch !== null) return;
      if (record.length !== (header as string[]).length) {
        firstMismatch = { rowNumber: index, length: record.length };
        rows.length = 0;
        return;
      }
      rows.push({ rowNumber: index, texts: cut(record) });
    },
    MAX_CSV_BYTES,
    sliceBytes,
  );
  if (!read.ok) return { ok: false, result: matterReadFailure(read.error) };
  if (header === null) return { ok: false, result: matterReadFailure(EMPTY) };
  if (headerFailure !== null) return headerFailure;
  const countProblem = rowCountProblem(dataRows);
  if (countProblem !== null) return countProblem;
  if (firstMismatch !== null) {
    const { rowNumber, length } = firstMismatch;
    return columnCountProblem(rowNumber, length, (header as string[]).length);
  }
  return { ok: true, rows };
}

/** A record's trimmed texts by field, made in one fixed shape for every row. */
function textCutter(
  positions: ReadonlyMap<MatterHeader, number>,
): (record: readonly string[]) => Record<MatterField, string | null> {
  const at = (header: MatterHeader) => positions.get(header) as number;
  const [matterId, matterName, attorney, billing, start, end, hours, client, description] =
    MATTER_HEADERS.map(at) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
  return (record) => ({
    matterId: cellValue(record[matterId]),
    matterName: cellValue(record[matterName]),
    attorneyEmail: cellValue(record[attorney]),
    billingAttorneyEmail: cellValue(record[billing]),
    startDate: cellValue(record[start]),
    endDate: cellValue(record[end]),
    hoursBilled: cellValue(record[hours]),
    clientName: cellValue(record[client]),
    description: cellValue(record[description]),
  });
}

/** {@link MatterSheet}'s rows as {@link readMatterRowTexts} answers them. */
export function matterSheetRowTexts(sheet: MatterSheet): MatterRowTexts[] {
  const cut = textCutter(sheet.positions);
  const rows: MatterRowTexts[] = [];
  sheet.records.forEach((record, index) => {
    if (!isBlankRecord(record)) rows.push({ rowNumber: index + 1, texts: cut(record) });
  });
  return rows;
}

function matchMatterHeader(
  header: readonly string[],
):
  | { ok: true; positions: Map<MatterHeader, number> }
  | { ok: false; result: MatterValidationResult } {
  const { positions, unexpected, repeated } = matchHeaders(header, MATTER_HEADERS);
  const missing = MATTER_HEADERS.filter((name) => !positions.has(name));
  if (unexpected.length > 0 || repeated.length > 0 || missing.length > 0) {
    return fail(
      MatterFileErrorType.UNREADABLE_FILE,
      describeHeaderProblems(unexpected, repeated, missing),
    );
  }
  return { ok: true, positions };
}

function rowCountProblem(dataRows: number): { ok: false; result: MatterValidationResult } | null {
  if (dataRows >= MIN_MATTER_ROWS && dataRows <= MAX_MATTER_ROWS) return null;
  return fail(
    MatterFileErrorType.INVALID_ROW_COUNT,
    `The file has ${dataRows.toLocaleString("en-US")} data rows; it must have from ${MIN_MATTER_ROWS} to ${MAX_MATTER_ROWS.toLocaleString("en-US")}.`,
  );
}

function columnCountProblem(
  rowNumber: number,
  length: number,
  headerLength: number,
): { ok: false; result: MatterValidationResult } {
  return fail(
    MatterFileErrorType.COLUMN_COUNT_MISMATCH,
    `Row ${rowNumber} has ${length} values but the header has ${headerLength} columns; a value containing a comma must be wrapped in double quotes.`,
    rowNumber,
  );
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
): { ok: false; result: MatterValidationResult } {
  return { ok: false, result: matterFileErrorResult(type, description, rowNumber) };
}

/** The validators' body of a file-level error: no valid rows, no row errors. */
function matterFileErrorResult(
  type: MatterFileErrorType,
  description: string,
  rowNumber: number | null = null,
): MatterValidationResult {
  return { numValidRows: 0, rowErrors: [], fileError: { type, rowNumber, description } };
}
