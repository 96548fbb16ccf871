import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * The spec's cross-row rule for one column: a repeated Employee ID (case-insensitive) is a
 * DUPLICATE_VALUE on every involved row, naming the colliding rows. Blank values never collide.
 * (Emails are checked the same way by the address book, which knows them for other rules too.)
 */
export class DuplicateValues {
  // The first row of a value is stored alone; a list is made only when a second one shows up.
  readonly #byKey = new Map<string, DraftMemberRow | DraftMemberRow[]>();
  #collisions = false;

  constructor(
    readonly field: "employeeId",
    readonly header: string,
  ) {}

  /** Notes a row's value by its case-insensitive key. */
  note(row: DraftMemberRow, key: string): void {
    const seen = this.#byKey.get(key);
    if (seen === undefined) this.#byKey.set(key, row);
    else {
      this.#collisions = true;
      if (Array.isArray(seen)) seen.push(row);
      else this.#byKey.set(key, [seen, row]);
    }
  }

  /** Reports every row whose value another row repeats. */
  report(report: ReportProblem): void {
    if (!this.#collisions) return;
    for (const group of this.#byKey.values()) {
      if (Array.isArray(group)) reportDuplicateGroup(group, this.field, this.header, report);
    }
  }
}

/** DUPLICATE_VALUE on each of the rows sharing one value, naming them all. */
export function reportDuplicateGroup(
  group: readonly DraftMemberRow[],
  field: "email" | "employeeId",
  header: string,
  report: ReportProblem,
): void {
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

/** "2, 5 and 9". */
export function listRows(numbers: readonly number[]): string {
  if (numbers.length < 2) return numbers.join("");
  return `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}
