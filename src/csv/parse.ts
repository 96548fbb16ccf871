import { type Options, Parser } from "csv-parse";

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

/**
 * Parses CSV bytes with csv-parse, handing each record to `onRecord` the moment it is complete.
 * Answers csv-parse's error, or `null`. Records are not collected: the callback keeps what it
 * needs, so memory stays near what the rules keep rather than the whole table.
 */
export function parseCsvRecords(
  bytes: Uint8Array,
  onRecord: (record: string[], index: number) => void,
): unknown {
  const parser = new Parser(OPTIONS);
  const engine = (parser as unknown as { api?: Partial<RecordEngine> }).api;
  let index = 0;
  const push = (record: string[]) => onRecord(record, index++);
  if (typeof engine?.parse !== "function") return parseThroughStream(bytes, push);
  const error = (engine as RecordEngine).parse(bytes, true, push, () => {});
  return error ?? null;
}

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
