import { validateMemberCsv } from "../../src/members/validate";
import { type AgainstParse, timeAgainstParse } from "./against-parse";
import { type MemberBenchInput, memberBenchContext } from "./member-file";
import { validationFloor } from "./validation-floor";

/**
 * Full member validation (PERFORM, every rule) against csv-parse on the same bytes, and the floor
 * any validation on csv-parse has (see {@link validationFloor}) against the same.
 */
export function benchMemberValidation(
  input: MemberBenchInput,
  runs: number,
): AgainstParse & { floor: AgainstParse } {
  const bytes = new TextEncoder().encode(input.csv);
  const context = memberBenchContext(input);
  const check = validateMemberCsv(bytes, context);
  if (!check.ok) {
    throw new Error(`benchmark file is not valid: ${JSON.stringify(check.result).slice(0, 500)}`);
  }
  return {
    ...timeAgainstParse(bytes, input.rows, () => validateMemberCsv(bytes, context), runs),
    floor: timeAgainstParse(
      bytes,
      input.rows,
      () => validationFloor(bytes, (cells) => (cells[3] ?? "").toLowerCase()),
      runs,
    ),
  };
}
