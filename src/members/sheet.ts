import { cellValue, isBlankRecord } from "../csv/cells";
import { matchHeaders } from "../csv/headers";
import {
  type CheckedCsv,
  type CsvInput,
  type CsvReadError,
  MAX_CSV_BYTES,
  readCsvRecordSteps,
} from "../csv/read";
import { MEMBER_HEADERS, type MemberHeader } from "../domain/headers";
import { type MessageRef, type PartialMessageCatalog, renderMessageRef } from "../messages/catalog";
import { drainSteps, type Steps } from "../runtime/steps";
import { ClosestEntries } from "../values/closest";
import { MemberFileErrorType } from "./errors";
import type { MemberValidationResult } from "./result";

/** The columns every member file must have. */
export const REQUIRED_MEMBER_HEADERS: readonly MemberHeader[] = [
  "First Name",
  "Last Name",
  "Email",
];

/** A member file whose bytes, CSV syntax and header row passed: ready for the row rules. */
export interface MemberSheet {
  /** Where each recognized header sits in the file. */
  positions: ReadonlyMap<MemberHeader, number>;
  /** Data records, untrimmed; index + 1 is the spec's row number, blank records included. */
  records: readonly string[][];
}

/** What {@link readMemberSheet} answers: the sheet, or the 400 body. */
export type MemberSheetResult =
  | { ok: true; sheet: MemberSheet }
  | { ok: false; result: MemberValidationResult };

/**
 * The file-level half of member validation: size, emptiness, encoding, CSV syntax, the header
 * row and every data row's field count. Never throws. `maxBytes` lifts the interface's 10 MiB
 * limit for library callers that validate larger files.
 */
export function readMemberSheet(
  input: CsvInput,
  maxBytes: number = MAX_CSV_BYTES,
  messages?: PartialMessageCatalog,
): MemberSheetResult {
  const records: string[][] = [];
  let positions: ReadonlyMap<MemberHeader, number> = new Map();
  const read = streamMemberSheet(
    input,
    maxBytes,
    (matched) => {
      positions = matched;
      return (record) => records.push(record);
    },
    messages,
  );
  return read.ok ? { ok: true, sheet: { positions, records } } : read;
}

/**
 * {@link readMemberSheet} without keeping the sheet: once the header row is matched, `begin`
 * receives the columns' positions and answers what takes each data record (with its row
 * number) as soon as it is parsed. The file checks keep their order of precedence: a CSV syntax
 * error anywhere outranks a bad header, which outranks a row of the wrong length; no record is
 * handed over after either of the last two.
 */
export function streamMemberSheet(
  input: CsvInput | CheckedCsv,
  maxBytes: number,
  begin: (
    positions: ReadonlyMap<MemberHeader, number>,
  ) => (record: string[], rowNumber: number) => void,
  messages?: PartialMessageCatalog,
): { ok: true } | { ok: false; result: MemberValidationResult } {
  return drainSteps(streamMemberSheetSteps(input, maxBytes, begin, undefined, messages));
}

/** {@link streamMemberSheet} in steps of `sliceBytes` of the file (see `readCsvRecordSteps`). */
export function* streamMemberSheetSteps(
  input: CsvInput | CheckedCsv,
  maxBytes: number,
  begin: (
    positions: ReadonlyMap<MemberHeader, number>,
  ) => (record: string[], rowNumber: number) => void,
  sliceBytes?: number,
  messages?: PartialMessageCatalog,
): Steps<{ ok: true } | { ok: false; result: MemberValidationResult }> {
  const fail = (ref: MessageRef, type: MemberFileErrorType) => failWith(messages, ref, type);
  let headerLength = 0;
  let failure: MemberSheetResult | null = null;
  let take: ((record: string[], rowNumber: number) => void) | null = null;
  const read = yield* readCsvRecordSteps(
    input,
    (record, index) => {
      if (index === 0) {
        headerLength = record.length;
        const header = matchMemberHeader(record, fail);
        if (header.ok) take = begin(header.positions);
        else failure = header;
        return;
      }
      if (take === null) return;
      if (record.length !== headerLength && !isBlankRecord(record)) {
        failure = fail(
          {
            key: "member.INVALID_FILE_FORMAT.rowLength",
            params: { rowNumber: index, values: record.length, columns: headerLength },
          },
          MemberFileErrorType.INVALID_FILE_FORMAT,
        );
        take = null;
        return;
      }
      take(record, index);
    },
    maxBytes,
    sliceBytes,
  );
  if (!read.ok) return { ok: false, result: memberReadFailure(read.error, messages) };
  if (failure !== null) return failure;
  if (take === null)
    return fail({ key: "file.EMPTY.empty", params: {} }, MemberFileErrorType.EMPTY_FILE);
  return { ok: true };
}

function matchMemberHeader(
  header: readonly string[],
  fail: (
    ref: MessageRef,
    type: MemberFileErrorType,
  ) => { ok: false; result: MemberValidationResult },
):
  | { ok: true; positions: Map<MemberHeader, number> }
  | { ok: false; result: MemberValidationResult } {
  const { positions, unexpected, repeated } = matchHeaders(header, MEMBER_HEADERS);
  if (unexpected.length > 0) {
    const suggestions = unexpected.map((cell) =>
      cell === "" ? null : (new ClosestEntries(MEMBER_HEADERS).near(cell)[0] ?? null),
    );
    return fail(
      {
        key: "member.UNEXPECTED_COLUMNS.unrecognized",
        params: { columns: unexpected, suggestions, recognized: MEMBER_HEADERS },
      },
      MemberFileErrorType.UNEXPECTED_COLUMNS,
    );
  }
  if (repeated.length > 0) {
    return fail(
      { key: "member.INVALID_FILE_FORMAT.repeatedColumns", params: { columns: repeated } },
      MemberFileErrorType.INVALID_FILE_FORMAT,
    );
  }
  const missing = REQUIRED_MEMBER_HEADERS.filter((name) => !positions.has(name));
  if (missing.length > 0) {
    return fail(
      { key: "member.MISSING_REQUIRED_COLUMNS.missing", params: { columns: missing } },
      MemberFileErrorType.MISSING_REQUIRED_COLUMNS,
    );
  }
  return { ok: true, positions };
}

function failWith(
  messages: PartialMessageCatalog | undefined,
  ref: MessageRef,
  type: MemberFileErrorType,
): { ok: false; result: MemberValidationResult } {
  return { ok: false, result: fileErrorResult(type, renderMessageRef(messages, ref)) };
}

/** The member 400 body for a file that could not be read as CSV, in the host's `messages`. */
export function memberReadFailure(
  error: CsvReadError,
  messages?: PartialMessageCatalog,
): MemberValidationResult {
  return fileErrorResult(fileErrorType(error), renderMessageRef(messages, error.ref));
}

function fileErrorType(error: CsvReadError): MemberFileErrorType {
  switch (error.code) {
    case "TOO_LARGE":
      return MemberFileErrorType.FILE_SIZE_EXCEEDED;
    case "EMPTY":
      return MemberFileErrorType.EMPTY_FILE;
    case "NOT_UTF8":
    case "MALFORMED":
      return MemberFileErrorType.INVALID_FILE_FORMAT;
  }
}

const ADDRESS_HEADERS: readonly MemberHeader[] = [
  "Email",
  "New Email",
  "Manager Email",
  "Mentor Emails",
];

/**
 * Every address the file mentions (Email, New Email, Manager Email, Mentor Emails), lower-cased
 * and unique: what a service loads stored members and other organizations' users by.
 */
export function memberSheetAddresses(sheet: MemberSheet): string[] {
  const addresses = new Set<string>();
  for (const header of ADDRESS_HEADERS) {
    const position = sheet.positions.get(header);
    if (position === undefined) continue;
    for (const record of sheet.records) {
      const cell = cellValue(record[position]);
      if (cell === null) continue;
      for (const piece of cell.split(";")) {
        const address = piece.trim();
        if (address !== "") addresses.add(address.toLowerCase());
      }
    }
  }
  return [...addresses];
}

/** The 400 body of a file-level error. */
function fileErrorResult(type: MemberFileErrorType, message: string): MemberValidationResult {
  return { fileError: { message, type }, rowColumnErrors: [] };
}
