import { CSV_SLICE_BYTES } from "../csv/parse";
import type { CsvInput } from "../csv/read";
import { paceOf } from "../runtime/pace";
import { type Pace, runSteps } from "../runtime/steps";
import type { MemberValidation } from "./row-validator";
import { type MemberValidationContext, validateMemberCsvSteps } from "./validate";

/** What {@link validateMemberCsvAsync} needs: {@link MemberValidationContext} and a pace. */
export interface MemberValidationAsyncContext extends MemberValidationContext {
  /**
   * Awaited between slices of the work (every 64 KiB of CSV, every few hundred rows): by default
   * the host's event loop turns every few ms (`DEFAULT_SLICE_MS`); `null` runs it in one go.
   */
  pace?: Pace | null;
}

/**
 * {@link validateMemberCsv} in slices, letting the host's event loop turn between them, so a
 * server or a page stays responsive while a 10 MiB file is checked. It answers exactly what
 * `validateMemberCsv(input, context)` answers.
 */
export async function validateMemberCsvAsync(
  input: CsvInput,
  context: MemberValidationAsyncContext,
): Promise<MemberValidation> {
  const pace = paceOf(context.pace);
  return runSteps(
    validateMemberCsvSteps(input, context, pace === undefined ? undefined : CSV_SLICE_BYTES),
    pace,
  );
}
