import { validateMatterCsv } from "../../src/matters/validate";
import { type AgainstParse, timeAgainstParse } from "./against-parse";
import type { MatterBenchInput } from "./matter-file";
import { validationFloor } from "./validation-floor";

/**
 * Upsert-rule matter validation against csv-parse on the same bytes, and the floor any validation
 * on csv-parse has (see {@link validationFloor}) against the same.
 */
export function benchMatterValidation(
  input: MatterBenchInput,
  runs: number,
): AgainstParse & { floor: AgainstParse } {
  const bytes = new TextEncoder().encode(input.csv);
  const options = { ruleSet: "upsert" as const, performMemberEmails: input.performMemberEmails };
  const check = validateMatterCsv(bytes, options);
  if (check.fileError !== null || check.rowErrors.length > 0) {
    throw new Error(`benchmark file is not valid: ${JSON.stringify(check).slice(0, 500)}`);
  }
  return {
    ...timeAgainstParse(bytes, input.rows, () => validateMatterCsv(bytes, options), runs),
    floor: timeAgainstParse(
      bytes,
      input.rows,
      () => validationFloor(bytes, (cells) => `${cells[0]}\u0000${cells[7]}`),
      runs,
    ),
  };
}
