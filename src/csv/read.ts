import { type MessageRef, renderMessageRef } from "../messages/catalog";
import { drainSteps, type Steps } from "../runtime/steps";
import { parseCsvRecordSteps } from "./parse";

/** The spec's "10 MB", read as 10 × 1024 × 1024 bytes; exactly this size is accepted. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** A CSV file as it arrives: raw bytes (the normal case) or already-decoded text. */
export type CsvInput = string | Uint8Array | ArrayBuffer;

/**
 * Why a file could not be read as a table. Each entry point maps these onto its own wire types.
 * `message` is the English; `ref` the catalog key and parameters a host's messages say it by.
 */
export type CsvReadError = (
  | { code: "TOO_LARGE"; bytes: number; limit: number }
  | { code: "EMPTY" }
  | { code: "NOT_UTF8" }
  | { code: "MALFORMED"; line: number | null }
) & { message: string; ref: MessageRef };

/** A read error with its English message from the catalog. */
function readError<E extends Omit<CsvReadError, "message">>(error: E): E & { message: string } {
  return { ...error, message: renderMessageRef(undefined, error.ref) };
}

/**
 * A parsed file: the raw header cells and every following record, untrimmed, exactly as
 * csv-parse produced them. Fully blank records are kept so row numbers keep their slots.
 */
export interface CsvTable {
  header: string[];
  records: string[][];
}

/** What {@link readCsv} answers: the table, or why the file could not be read. */
export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; error: CsvReadError };

/**
 * Reads a CSV file: size first, then emptiness, then encoding, then RFC 4180 parsing.
 * Never throws; every failure is a {@link CsvReadError}.
 */
export function readCsv(input: CsvInput, limit: number = MAX_CSV_BYTES): CsvReadResult {
  const records: string[][] = [];
  const read = readCsvRecords(input, (record) => records.push(record), limit);
  if (!read.ok) return read;
  const [header, ...rest] = records;
  if (header === undefined) return fail(EMPTY);
  return { ok: true, table: { header, records: rest } };
}

/**
 * {@link readCsv} one record at a time, the header first (index 0), each handed over as soon as
 * it is parsed so a caller can check it and let it go: a 10 MiB file then never sits in memory
 * as a whole table. Records before a syntax error are handed over too; the answer is the error.
 */
export function readCsvRecords(
  input: CsvInput | CheckedCsv,
  onRecord: (record: string[], index: number) => void,
  limit: number = MAX_CSV_BYTES,
): { ok: true } | { ok: false; error: CsvReadError } {
  return drainSteps(readCsvRecordSteps(input, onRecord, limit));
}

/** {@link readCsvRecords} in steps of `sliceBytes` of the file (see `parseCsvRecordSteps`). */
export function* readCsvRecordSteps(
  input: CsvInput | CheckedCsv,
  onRecord: (record: string[], index: number) => void,
  limit: number = MAX_CSV_BYTES,
  sliceBytes?: number,
): Steps<{ ok: true } | { ok: false; error: CsvReadError }> {
  const checked =
    input instanceof CheckedCsv ? { ok: true as const, csv: input } : checkCsv(input, limit);
  if (!checked.ok) return checked;
  const error = yield* parseCsvRecordSteps(checked.csv.bytes, onRecord, sliceBytes);
  return error === null ? { ok: true } : fail(malformedCsvError(error));
}

/** A file that passed the checks before parsing (size, emptiness, encoding): its UTF-8 bytes. */
export class CheckedCsv {
  constructor(readonly bytes: Uint8Array) {}
}

/**
 * The checks before parsing on their own, cheap next to the parse: a caller can answer these
 * errors before doing other work, then hand the checked file to `readCsvRecords`.
 */
export function checkCsv(
  input: CsvInput,
  limit: number = MAX_CSV_BYTES,
): { ok: true; csv: CheckedCsv } | { ok: false; error: CsvReadError } {
  const prepared = prepare(input, limit);
  return prepared.ok ? { ok: true, csv: new CheckedCsv(prepared.bytes) } : prepared;
}

type Prepared = { ok: true; bytes: Uint8Array } | { ok: false; error: CsvReadError };

/** The error of a file with nothing in it but whitespace. */
export const EMPTY: CsvReadError = readError({
  code: "EMPTY",
  ref: { key: "file.EMPTY.empty", params: {} },
});
const HAS_NUL: CsvReadError = readError({
  code: "NOT_UTF8",
  ref: { key: "file.NOT_UTF8.nul", params: {} },
});

/** The checks before parsing, and the bytes csv-parse reads (without a byte order mark). */
function prepare(input: CsvInput, limit: number): Prepared {
  if (typeof input === "string") {
    // More UTF-16 units than the limit is more bytes too. Anything else is encoded natively and
    // measured: counting its bytes in a JavaScript loop first held the thread ~40 ms at 10 MiB.
    if (input.length > limit) return fail(csvSizeError(input.length, limit) as CsvReadError);
    const encoded = new TextEncoder().encode(input);
    const oversize = csvSizeError(encoded.byteLength, limit);
    if (oversize !== null) return fail(oversize);
    if (encoded.byteLength === 0) return fail(EMPTY);
    const bom = input.charCodeAt(0) === 0xfeff;
    const problem = textProblem(bom ? input.slice(1) : input);
    return problem === null
      ? { ok: true, bytes: bom ? encoded.subarray(3) : encoded }
      : fail(problem);
  }
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const oversize = csvSizeError(bytes.byteLength, limit);
  if (oversize !== null) return fail(oversize);
  if (bytes.byteLength === 0) return fail(EMPTY);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail(readError({ code: "NOT_UTF8", ref: { key: "file.NOT_UTF8.utf16", params: {} } }));
  }
  const body = hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  const problem = bodyProblem(body, nodeByteChecks());
  return problem === null ? { ok: true, bytes: body } : fail(problem);
}

const NOT_UTF8: CsvReadError = readError({
  code: "NOT_UTF8",
  ref: { key: "file.NOT_UTF8.invalid", params: {} },
});

/** Node's native checks over bytes (simdutf's UTF-8 validation and memchr), where there are. */
export interface ByteChecks {
  isUtf8(bytes: Uint8Array): boolean;
  hasNul(bytes: Uint8Array): boolean;
}

let byteChecks: ByteChecks | null | undefined;

/**
 * Node's `buffer.isUtf8` and `Buffer#indexOf`, through `process.getBuiltinModule` (Node 20.16 and
 * later), so browsers and bundlers never meet a `node:` import; `null` elsewhere.
 */
export function nodeByteChecks(): ByteChecks | null {
  if (byteChecks !== undefined) return byteChecks;
  byteChecks = null;
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const module =
    typeof host?.getBuiltinModule === "function"
      ? (host.getBuiltinModule("node:buffer") as {
          isUtf8?: (bytes: Uint8Array) => boolean;
          Buffer?: {
            from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
          };
        })
      : undefined;
  const isUtf8 = module?.isUtf8;
  const NodeBuffer = module?.Buffer;
  if (typeof isUtf8 === "function" && NodeBuffer !== undefined) {
    byteChecks = {
      isUtf8: (bytes) => isUtf8(bytes),
      hasNul: (bytes) =>
        NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0) !== -1,
    };
  }
  return byteChecks;
}

/**
 * Why a file's bytes (after any byte order mark) cannot be read: not UTF-8, blank, or holding a
 * NUL; `null` when they can. With `native` checks, the bytes are judged without decoding them
 * into a string; without, the fatal decoder judges them. The two answer alike (a property test
 * compares them on arbitrary bytes).
 */
export function bodyProblem(body: Uint8Array, native: ByteChecks | null): CsvReadError | null {
  if (native === null) return decodedBodyProblem(body);
  if (!native.isUtf8(body)) return NOT_UTF8;
  // Any ASCII byte but whitespace is a non-space character (NUL included), as `/\S/` sees it.
  let visible = false;
  let nonAscii = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i] as number;
    if (byte >= 0x80) nonAscii = true;
    else if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) {
      visible = true;
      break;
    }
  }
  // Only characters outside ASCII are left to tell blank from not: the rare file made of
  // Unicode spaces and nothing else is decoded.
  if (!visible) {
    return nonAscii
      ? textProblem(new TextDecoder("utf-8", { ignoreBOM: true }).decode(body))
      : EMPTY;
  }
  return native.hasNul(body) ? HAS_NUL : null;
}

function decodedBodyProblem(body: Uint8Array): CsvReadError | null {
  const scan = scanAscii(body);
  if (scan === "not-ascii") {
    // Only non-ASCII bytes can be malformed UTF-8; the fatal decoder is the judge of those.
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      return NOT_UTF8;
    }
    return textProblem(text);
  }
  if (scan === "blank") return EMPTY;
  if (scan === "nul") return HAS_NUL;
  return null;
}

function textProblem(text: string): CsvReadError | null {
  if (!/\S/.test(text)) return EMPTY;
  if (text.includes("\u0000")) return HAS_NUL;
  return null;
}

/** Whether the bytes open with UTF-8's byte order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * One pass over the bytes: whether any is outside ASCII and, when none is, whether the text is
 * all whitespace (as `/\S/` sees ASCII) or holds a NUL.
 */
function scanAscii(bytes: Uint8Array): "not-ascii" | "blank" | "nul" | "ok" {
  let blank = true;
  let nul = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte >= 0x80) return "not-ascii";
    if (byte === 0) nul = true;
    else if (blank && byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) blank = false;
  }
  if (nul) return "nul";
  return blank ? "blank" : "ok";
}

/**
 * The size check on its own, for callers that know a file's size before reading it (a stat, a
 * Content-Length) and should not read an oversized file at all.
 */
export function csvSizeError(
  bytes: number,
  limit: number = MAX_CSV_BYTES,
  exact = true,
): CsvReadError | null {
  if (bytes <= limit) return null;
  return readError({
    code: "TOO_LARGE",
    bytes,
    limit,
    ref: { key: "file.TOO_LARGE.size", params: { bytes, limit, exact } },
  });
}

/** The `MALFORMED` read error of a csv-parse failure, worded by the catalog. */
export function malformedCsvError(error: unknown): CsvReadError {
  const line = lineOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  let ref: MessageRef;
  if (line === null) ref = { key: "file.MALFORMED.syntax", params: { detail } };
  else if (code === "CSV_QUOTE_NOT_CLOSED") {
    ref = { key: "file.MALFORMED.unclosedQuote", params: { line } };
  } else {
    ref = { key: "file.MALFORMED.quotes", params: { line, detail } };
  }
  return readError({ code: "MALFORMED", line, ref });
}

function lineOf(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "lines" in error) {
    const lines = (error as { lines: unknown }).lines;
    if (typeof lines === "number" && Number.isInteger(lines)) return lines;
  }
  return null;
}

function fail(error: CsvReadError): { ok: false; error: CsvReadError } {
  return { ok: false, error };
}
