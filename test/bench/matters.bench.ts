import { validateMatterCsv } from "../../src/matters/validate";
import { type AgainstParse, timeAgainstParse } from "./against-parse";
import type { MatterBenchInput } from "./matter-file";

/** Upsert-rule matter validation against csv-parse on the same bytes. */
export function benchMatterValidation(input: MatterBenchInput, runs: number): AgainstParse {
  const bytes = new TextEncoder().encode(input.csv);
  const options = { ruleSet: "upsert" as const, performMemberEmails: input.performMemberEmails };
  const check = validateMatterCsv(bytes, options);
  if (check.fileError !== null || check.rowErrors.length > 0) {
    throw new Error(`benchmark file is not valid: ${JSON.stringify(check).slice(0, 500)}`);
  }
  return timeAgainstParse(bytes, input.rows, () => validateMatterCsv(bytes, options), runs);
}
