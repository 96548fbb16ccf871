import { parse } from "csv-parse/sync";
import { median, timeOnce } from "./timing";

/** A validator's time beside csv-parse's sync parse of the same bytes, in the same process. */
export interface AgainstParse {
  rows: number;
  bytes: number;
  parseMs: number;
  validateMs: number;
  ratio: number;
}

/**
 * Warms both up, then takes the median of `runs` alternating timings of csv-parse and of
 * `validate` on the same bytes.
 */
export function timeAgainstParse(
  bytes: Uint8Array,
  rows: number,
  validate: () => unknown,
  runs: number,
): AgainstParse {
  for (let warmup = 0; warmup < 3; warmup++) {
    parse(bytes, { relax_column_count: true });
    validate();
  }
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    parseTimes.push(timeOnce(() => parse(bytes, { relax_column_count: true })));
    validateTimes.push(timeOnce(validate));
  }
  const parseMs = median(parseTimes);
  const validateMs = median(validateTimes);
  return { rows, bytes: bytes.byteLength, parseMs, validateMs, ratio: validateMs / parseMs };
}
