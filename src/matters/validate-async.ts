import { CSV_SLICE_BYTES } from "../csv/parse";
import type { CsvInput } from "../csv/read";
import { paceOf } from "../runtime/pace";
import { type Pace, runSteps } from "../runtime/steps";
import type { MatterValidationResult } from "./result";
import { checkMatterCsvSteps, type MatterCheck, type MatterValidationOptions } from "./validate";

/** What {@link validateMatterCsvAsync} needs: {@link MatterValidationOptions} and a pace. */
export interface MatterValidationAsyncOptions extends MatterValidationOptions {
  /**
   * Awaited between slices of the work (every 64 KiB of CSV, every few hundred rows): by default
   * the host's event loop turns every few ms (`DEFAULT_SLICE_MS`); `null` runs it in one go.
   */
  pace?: Pace | null;
}

/**
 * {@link validateMatterCsv} in slices, letting the host's event loop turn between them. It
 * answers exactly what `validateMatterCsv(input, options)` answers.
 */
export async function validateMatterCsvAsync(
  input: CsvInput,
  options: MatterValidationAsyncOptions,
): Promise<MatterValidationResult> {
  return (await checkMatterCsvAsync(input, options)).result;
}

/** {@link checkMatterCsv} in slices (see {@link validateMatterCsvAsync}); the same answer. */
export async function checkMatterCsvAsync(
  input: CsvInput,
  options: MatterValidationAsyncOptions,
): Promise<MatterCheck> {
  const { pace: option, ...rest } = options;
  const pace = paceOf(option);
  return runSteps(
    checkMatterCsvSteps(input, rest, pace === undefined ? undefined : CSV_SLICE_BYTES),
    pace,
  );
}
