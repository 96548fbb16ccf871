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
  // The first row of a value is stored alone; a list is made only when a second one shows up.
  const byKey = new Map<string, DraftMemberRow | DraftMemberRow[]>();
  let collisions = false;
  for (const row of rows) {
    const value = row.values[field];
    if (typeof value !== "string") continue;
    const key = field === "email" && row.emailKey !== null ? row.emailKey : value.toLowerCase();
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, row);
    else {
      collisions = true;
      if (Array.isArray(seen)) seen.push(row);
      else byKey.set(key, [seen, row]);
    }
  }
  if (!collisions) return;
  for (const group of byKey.values()) {
    if (!Array.isArray(group)) continue;
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
