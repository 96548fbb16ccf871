import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * The spec's cross-row rule for one column: a repeated Email or Employee ID (case-insensitive)
 * is a DUPLICATE_VALUE on every involved row, naming the colliding rows. Blank values never
 * collide. Rows are noted while they are read, so the file is not walked again.
 */
export class DuplicateValues {
  // The first row of a value is stored alone; a list is made only when a second one shows up.
  readonly #byKey = new Map<string, DraftMemberRow | DraftMemberRow[]>();
  #collisions = false;

  constructor(
    readonly field: "email" | "employeeId",
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

  /** Whether some row noted this key. */
  has(key: string): boolean {
    return this.#byKey.has(key);
  }

  /** Whether more than one row noted this key. */
  repeated(key: string): boolean {
    return Array.isArray(this.#byKey.get(key));
  }

  /** Reports every row whose value another row repeats. */
  report(report: ReportProblem): void {
    if (!this.#collisions) return;
    const { field, header } = this;
    for (const group of this.#byKey.values()) {
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
}

/** "2, 5 and 9". */
export function listRows(numbers: readonly number[]): string {
  if (numbers.length < 2) return numbers.join("");
  return `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}
