import { annotateCsv } from "../csv/error-report";
import type { CsvInput } from "../csv/read";
import type { MemberValidationResult } from "./result";

/**
 * `rpdi validate members --report`: the file with each row's problems in an `Errors` column,
 * headed by the row's numbers (the spec's data row and the spreadsheet's), which stay true when
 * the report is sorted or filtered.
 */
export function memberErrorReport(input: CsvInput, result: MemberValidationResult): string | null {
  const problems = new Map<number, string[]>();
  for (const error of result.rowColumnErrors) {
    let lines = problems.get(error.rowNumber);
    if (lines === undefined) {
      lines = [`Row ${error.rowNumber} (spreadsheet row ${error.rowNumber + 1}):`];
      problems.set(error.rowNumber, lines);
    }
    lines.push(`${error.columnName} (${error.type}): ${error.message}`);
  }
  return annotateCsv(input, problems);
}
