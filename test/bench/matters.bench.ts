import { parse } from "csv-parse/sync";
import { validateMatterCsv } from "../../src/matters/validate";
import type { MatterBenchInput } from "./matter-file";
import { median, timeOnce } from "./timing";

export interface MatterValidationFigures {
  rows: number;
  bytes: number;
  parseMs: number;
  validateMs: number;
  ratio: number;
}

/** Median time of csv-parse's sync parse and of upsert-rule validation on the same bytes. */
export function benchMatterValidation(
  input: MatterBenchInput,
  runs: number,
): MatterValidationFigures {
  const bytes = new TextEncoder().encode(input.csv);
  const options = { ruleSet: "upsert" as const, performMemberEmails: input.performMemberEmails };
  const check = validateMatterCsv(bytes, options);
  if (check.fileError !== null || check.rowErrors.length > 0) {
    throw new Error(`benchmark file is not valid: ${JSON.stringify(check).slice(0, 500)}`);
  }
  for (let warmup = 0; warmup < 3; warmup++) {
    parse(bytes, { relax_column_count: true });
    validateMatterCsv(bytes, options);
  }
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    parseTimes.push(timeOnce(() => parse(bytes, { relax_column_count: true })));
    validateTimes.push(timeOnce(() => validateMatterCsv(bytes, options)));
  }
  const parseMs = median(parseTimes);
  const validateMs = median(validateTimes);
  return {
    rows: input.rows,
    bytes: bytes.byteLength,
    parseMs,
    validateMs,
    ratio: validateMs / parseMs,
  };
}
