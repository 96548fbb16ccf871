import { parse } from "csv-parse/sync";
import { validateMemberCsv } from "../../src/members/validate";
import type { MemberBenchInput } from "./member-file";
import { median, timeOnce } from "./timing";

export interface MemberValidationFigures {
  rows: number;
  bytes: number;
  parseMs: number;
  validateMs: number;
  ratio: number;
}

/** Median time of csv-parse's sync parse and of full member validation on the same bytes. */
export function benchMemberValidation(
  input: MemberBenchInput,
  runs: number,
): MemberValidationFigures {
  const bytes = new TextEncoder().encode(input.csv);
  const context = {
    product: "PERFORM" as const,
    organization: input.organization,
    members: input.members,
    now: new Date("2026-06-15T00:00:00Z"),
  };
  const check = validateMemberCsv(bytes, context);
  if (!check.ok) {
    throw new Error(`benchmark file is not valid: ${JSON.stringify(check.result).slice(0, 500)}`);
  }
  for (let warmup = 0; warmup < 3; warmup++) {
    parse(bytes, { relax_column_count: true });
    validateMemberCsv(bytes, context);
  }
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    parseTimes.push(timeOnce(() => parse(bytes, { relax_column_count: true })));
    validateTimes.push(timeOnce(() => validateMemberCsv(bytes, context)));
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
