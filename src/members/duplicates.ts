import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * The spec's cross-row rule: a repeated Email or Employee ID (case-insensitive) is a
 * DUPLICATE_VALUE on every involved row, naming the colliding rows. Blank values never collide.
 */
export function reportDuplicates(
  rows: readonly DraftMemberRow[],
  field: "email" | "employeeId",
  header: string,
  report: ReportProblem,
): void {
  const byKey = new Map<string, DraftMemberRow[]>();
  for (const row of rows) {
    const value = row.values[field];
    if (typeof value !== "string") continue;
    const key = value.toLowerCase();
    const group = byKey.get(key);
    if (group === undefined) byKey.set(key, [row]);
    else group.push(row);
  }
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    const numbers = listRows(group.map((row) => row.rowNumber));
    for (const row of group) {
      report(
        row,
        field,
        new CellProblem(
          MemberRowErrorType.DUPLICATE_VALUE,
          `${header} "${row.values[field]}" appears on rows ${numbers}; each value may appear on one row only.`,
        ),
      );
    }
  }
}

/** "2, 5 and 9". */
export function listRows(numbers: readonly number[]): string {
  if (numbers.length < 2) return numbers.join("");
  return `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}
