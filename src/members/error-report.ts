import { annotateCsv } from "../csv/error-report";
import type { CsvInput } from "../csv/read";
import type { MemberValidationResult } from "./result";

/** `rpdi validate members --report`: the file with each row's problems in an `Errors` column. */
export function memberErrorReport(input: CsvInput, result: MemberValidationResult): string | null {
  const problems = new Map<number, string[]>();
  for (const error of result.rowColumnErrors) {
    const lines = problems.get(error.rowNumber) ?? [];
    lines.push(`${error.columnName} (${error.type}): ${error.message}`);
    problems.set(error.rowNumber, lines);
  }
  return annotateCsv(input, problems);
}
