import { annotateCsv } from "../csv/error-report";
import type { CsvInput } from "../csv/read";
import type { MatterValidationResult } from "./result";

/** `rpdi validate matters --report`: the file with each failing row's columns in `Errors`. */
export function matterErrorReport(input: CsvInput, result: MatterValidationResult): string | null {
  return annotateCsv(
    input,
    new Map(
      result.rowErrors.map((error) => [
        error.rowNumber,
        error.columnsWithErrors.map((column) => `${column}: invalid`),
      ]),
    ),
  );
}
