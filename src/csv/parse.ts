import { type Options, Parser } from "csv-parse";
import { drainSteps, type Steps } from "../runtime/steps";

/** csv-parse's settings for both CSVs: RFC 4180, rows of any length (the callers judge those). */
const OPTIONS: Options = { relax_column_count: true };

/**
 * The engine under csv-parse's stream and sync entry points (`Parser#api`): it parses a buffer
 * and calls `push` with each record as it completes, with nothing in between. Not part of
 * csv-parse's typed surface, hence this description and the fallback below.
 */
interface RecordEngine {
  parse(
    bytes: Uint8Array,
    end: boolean,
    push: (record: string[]) => void,
    close: () => void,
  ): unknown;
}

/** Bytes csv-parse reads in one step of {@link parseCsvRecordSteps} when the caller slices. */
export const CSV_SLICE_BYTES = 64 * 1024;

/**
 * Parses CSV bytes with csv-parse, handing each record to `onRecord` the moment it is complete.
 * Answers csv-parse's error, or `null`. Records are not collected: the callback keeps what it
 * needs, so memory stays near what the rules keep rather than the whole table.
 */
export function parseCsvRecords(
  bytes: Uint8Array,
  onRecord: (record: string[], index: number) => void,
): unknown {
  return drainSteps(parseCsvRecordSteps(bytes, onRecord));
}

/**
 * {@link parseCsvRecords} in steps of `sliceBytes` (unsliced by default): csv-parse's engine takes
 * the bytes a slice at a time, as its transform stream feeds it, keeping a record cut at a
 * slice's end (or a character cut inside) for the next. The records and the error are the same
 * whatever the slices (a property test compares them).
 */
export function* parseCsvRecordSteps(
  bytes: Uint8Array,
  onRecord: (record: string[], index: number) => void,
  sliceBytes: number = Number.POSITIVE_INFINITY,
): Steps<unknown> {
  const parser = new Parser(OPTIONS);
  const engine = (parser as unknown as { api?: Partial<RecordEngine> }).api;
  let index = 0;
  const push = (record: string[]) => onRecord(record, index++);
  if (typeof engine?.parse !== "function") return parseThroughStream(bytes, push);
  const parse = (engine as RecordEngine).parse.bind(engine);
  const step = Math.max(1, Math.floor(sliceBytes));
  if (bytes.length <= step) return parse(bytes, true, push, close) ?? null;
  // The first slices are small and double up to `step`: the first rows run the row rules before
  // the engine has compiled them (a first 64 KiB slice of the member file took 20-85 ms, the
  // later ones 3-5 ms), and a slice is one turn of the host's loop however long it takes.
  let size = Math.min(step, FIRST_SLICE_BYTES);
  for (let start = 0; start < bytes.length; start += size, size = Math.min(step, size * 2)) {
    const end = Math.min(start + size, bytes.length);
    const error = parse(bytes.subarray(start, end), end === bytes.length, push, close);
    if (error !== undefined && error !== null) return error;
    if (end < bytes.length) yield;
  }
  return null;
}

/** The first slice of a sliced parse (see {@link parseCsvRecordSteps}). */
const FIRST_SLICE_BYTES = 2 * 1024;

function close(): void {}

/**
 * The same through csv-parse's documented stream interface, should a release drop the engine:
 * slower, and it buffers the records, but the answer is the same.
 */
export function parseThroughStream(bytes: Uint8Array, push: (record: string[]) => void): unknown {
  const parser = new Parser(OPTIONS);
  let failure: unknown = null;
  parser.on("error", (error: unknown) => {
    failure ??= error;
  });
  parser.end(bytes);
  for (let record = parser.read(); record !== null; record = parser.read()) push(record);
  return failure ?? parser.errored ?? null;
}
