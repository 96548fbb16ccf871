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
import { MATTER_HEADERS, type MatterHeader } from "../domain/headers";
import { type PartialMessageCatalog, renderMessage, renderMessageRef } from "../messages/catalog";
import { drainSteps, type Steps } from "../runtime/steps";
import type { MatterField } from "./columns";
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
export function readMatterSheet(
  input: CsvInput,
  messages?: PartialMessageCatalog,
): MatterSheetResult {
  const read = readCsv(input);
  if (!read.ok) return { ok: false, result: matterReadFailure(read.error, messages) };
  const { header, records } = read.table;
  const headerProblem = matchMatterHeader(header, messages);
  if (!headerProblem.ok) return headerProblem;
  const { positions } = headerProblem;
  let dataRows = 0;
  for (const record of records) if (!isBlankRecord(record)) dataRows++;
  const countProblem = rowCountProblem(dataRows, messages);
  if (countProblem !== null) return countProblem;
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as string[];
    if (record.length !== header.length && !isBlankRecord(record)) {
      return columnCountProblem(index + 1, record.length, header.length, messages);
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
export function readMatterRowTexts(
  input: CsvInput,
  messages?: PartialMessageCatalog,
): MatterRowTextsResult {
  return drainSteps(readMatterRowTextSteps(input, undefined, messages));
}

/** {@link readMatterRowTexts} in steps of `sliceBytes` of the file (see `parseCsvRecordSteps`). */
export function* readMatterRowTextSteps(
  input: CsvInput,
  sliceBytes?: number,
  messages?: PartialMessageCatalog,
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
        const matched = matchMatterHeader(record, messages);
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
  if (!read.ok) return { ok: false, result: matterReadFailure(read.error, messages) };
  if (header === null) return { ok: false, result: matterReadFailure(EMPTY, messages) };
  if (headerFailure !== null) return headerFailure;
  const countProblem = rowCountProblem(dataRows, messages);
  if (countProblem !== null) return countProblem;
  if (firstMismatch !== null) {
    const { rowNumber, length } = firstMismatch;
    return columnCountProblem(rowNumber, length, (header as string[]).length, messages);
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
  messages: PartialMessageCatalog | undefined,
):
  | { ok: true; positions: Map<MatterHeader, number> }
  | { ok: false; result: MatterValidationResult } {
  const { positions, unexpected, repeated } = matchHeaders(header, MATTER_HEADERS);
  const missing = MATTER_HEADERS.filter((name) => !positions.has(name));
  if (unexpected.length > 0 || repeated.length > 0 || missing.length > 0) {
    return fail(
      MatterFileErrorType.UNREADABLE_FILE,
      renderMessage(messages, "matter.UNREADABLE_FILE.header", {
        missing,
        unexpected,
        repeated,
        columns: MATTER_HEADERS,
      }),
    );
  }
  return { ok: true, positions };
}

function rowCountProblem(
  dataRows: number,
  messages: PartialMessageCatalog | undefined,
): { ok: false; result: MatterValidationResult } | null {
  if (dataRows >= MIN_MATTER_ROWS && dataRows <= MAX_MATTER_ROWS) return null;
  return fail(
    MatterFileErrorType.INVALID_ROW_COUNT,
    renderMessage(messages, "matter.INVALID_ROW_COUNT.rows", {
      rows: dataRows,
      min: MIN_MATTER_ROWS,
      max: MAX_MATTER_ROWS,
    }),
  );
}

function columnCountProblem(
  rowNumber: number,
  length: number,
  headerLength: number,
  messages: PartialMessageCatalog | undefined,
): { ok: false; result: MatterValidationResult } {
  return fail(
    MatterFileErrorType.COLUMN_COUNT_MISMATCH,
    renderMessage(messages, "matter.COLUMN_COUNT_MISMATCH.rowLength", {
      rowNumber,
      values: length,
      columns: headerLength,
    }),
    rowNumber,
  );
}

/** The validators' body for a file that could not be read as CSV, in the host's `messages`. */
export function matterReadFailure(
  error: CsvReadError,
  messages?: PartialMessageCatalog,
): MatterValidationResult {
  const description = renderMessageRef(messages, error.ref);
  switch (error.code) {
    case "TOO_LARGE":
    case "EMPTY":
      return matterFileErrorResult(MatterFileErrorType.INVALID_FILE_SIZE, description);
    case "NOT_UTF8":
    case "MALFORMED":
      return matterFileErrorResult(MatterFileErrorType.UNREADABLE_FILE, description);
  }
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
