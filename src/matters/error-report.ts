import { annotateCsv } from "../csv/error-report";
import type { CsvInput } from "../csv/read";
import { matterProblemLinesByRow } from "./problem-lines";
import type { MatterCellProblem } from "./problems";
import type { MatterValidationResult } from "./result";

/**
 * `rpdi validate matters --report`: the file with each failing row's reasons in an `Errors`
 * column, one line per reason: `Start Date (DATE_NOT_M_D_YYYY): Start Date "2026-01-15" is not a
 * date in M/d/yyyy form, e.g. 1/15/2026.` A row with no `problems` given lists its columns as
 * `Start Date: invalid`.
 */
export function matterErrorReport(
  input: CsvInput,
  result: MatterValidationResult,
  problems: readonly MatterCellProblem[] = [],
): string | null {
  const reasons = matterProblemLinesByRow(problems);
  return annotateCsv(
    input,
    new Map(
      result.rowErrors.map((error) => [
        error.rowNumber,
        reasons
          .get(error.rowNumber)
          ?.map((line) => `${line.columns.join(", ")} (${line.rule}): ${line.message}`) ??
          error.columnsWithErrors.map((column) => `${column}: invalid`),
      ]),
    ),
  );
}
