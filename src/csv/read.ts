import { parse } from "csv-parse/sync";

/** The spec's "10 MB", read as 10 × 1024 × 1024 bytes; exactly this size is accepted. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** A CSV file as it arrives: raw bytes (the normal case) or already-decoded text. */
export type CsvInput = string | Uint8Array | ArrayBuffer;

/** Why a file could not be read as a table. Each entry point maps these onto its own wire types. */
export type CsvReadError =
  | { code: "TOO_LARGE"; bytes: number; limit: number; message: string }
  | { code: "EMPTY"; message: string }
  | { code: "NOT_UTF8"; message: string }
  | { code: "MALFORMED"; line: number | null; message: string };

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

const SAVE_AS_UTF8 = 'save the file as "CSV UTF-8 (Comma delimited)" and upload it again';

/**
 * Reads a CSV file: size first, then emptiness, then encoding, then RFC 4180 parsing.
 * Never throws; every failure is a {@link CsvReadError}.
 */
export function readCsv(input: CsvInput, limit: number = MAX_CSV_BYTES): CsvReadResult {
  const decoded = decode(input, limit);
  if (!decoded.ok) return decoded;
  const text = decoded.text;
  if (!/\S/.test(text)) return fail({ code: "EMPTY", message: "The file is empty." });
  if (text.includes("\u0000")) {
    return fail({
      code: "NOT_UTF8",
      message: `The file contains NUL characters, which usually means it is UTF-16 or binary; ${SAVE_AS_UTF8}.`,
    });
  }
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true });
  } catch (error) {
    return fail(malformed(error));
  }
  const [header, ...records] = rows;
  if (header === undefined) return fail({ code: "EMPTY", message: "The file is empty." });
  return { ok: true, table: { header, records } };
}

type Decoded = { ok: true; text: string } | { ok: false; error: CsvReadError };

function decode(input: CsvInput, limit: number): Decoded {
  if (typeof input === "string") {
    const bytes = utf8ByteLength(input, limit);
    const oversize = csvSizeError(bytes, limit);
    if (oversize !== null) return fail(oversize);
    if (bytes === 0) return fail({ code: "EMPTY", message: "The file is empty." });
    return { ok: true, text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input };
  }
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const oversize = csvSizeError(bytes.byteLength, limit);
  if (oversize !== null) return fail(oversize);
  if (bytes.byteLength === 0) return fail({ code: "EMPTY", message: "The file is empty." });
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail({
      code: "NOT_UTF8",
      message: `The file is encoded as UTF-16; ${SAVE_AS_UTF8}.`,
    });
  }
  try {
    // The decoder drops a UTF-8 BOM itself (ignoreBOM: false).
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return fail({
      code: "NOT_UTF8",
      message: `The file is not valid UTF-8 text; ${SAVE_AS_UTF8}.`,
    });
  }
}

/** UTF-8 length of a string, stopping early once it is known to exceed `limit`. */
function utf8ByteLength(text: string, limit: number): number {
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length; // cannot exceed; exact value unneeded
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return bytes;
  }
  return bytes;
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
  const size = `${exact ? "" : "at least "}${bytes.toLocaleString("en-US")} bytes`;
  return {
    code: "TOO_LARGE",
    bytes,
    limit,
    message: `The file is ${size}; the limit is ${limit / 1024 / 1024} MB (${limit.toLocaleString("en-US")} bytes).`,
  };
}

const QUOTING_RULE =
  "a quoted value must start and end with a double quote, and a double quote inside a value must be doubled";

function malformed(error: unknown): CsvReadError {
  const line = lineOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  let message: string;
  if (line === null) message = `The file is not valid CSV: ${detail}`;
  else if (code === "CSV_QUOTE_NOT_CLOSED") {
    message = `The file is not valid CSV: a double quote opened on or before line ${line} is never closed (${QUOTING_RULE}).`;
  } else {
    message = `The file is not valid CSV at line ${line}: check the double quotes on that line (${QUOTING_RULE}). Parser said: ${detail}`;
  }
  return { code: "MALFORMED", line, message };
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
