import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * The spec's cross-row rule for Employee ID: a value repeated (case-insensitive) is a
 * DUPLICATE_VALUE on every involved row, naming the colliding rows. Blank values never collide.
 * (Emails are checked the same way by the address book, which knows them for other rules too.)
 */
export class DuplicateEmployeeIds {
  readonly #keys = new Set<string>();
  #repeated: Set<string> | null = null;

  /** Notes a row's Employee ID, if it has one. */
  note(row: DraftMemberRow): void {
    const key = employeeIdKey(row);
    if (key === undefined) return;
    // One look-up for the usual unseen value: which rows share a repeated one is worked out only
    // when there is one to report.
    const size = this.#keys.size;
    if (this.#keys.add(key).size > size) return;
    this.#repeated ??= new Set();
    this.#repeated.add(key);
  }

  /** Reports every row whose Employee ID another of `rows` (the rows noted, in order) repeats. */
  report(rows: readonly DraftMemberRow[], report: ReportProblem): void {
    const repeated = this.#repeated;
    if (repeated === null) return;
    const groups = new Map<string, DraftMemberRow[]>();
    for (const row of rows) {
      const key = employeeIdKey(row);
      if (key === undefined || !repeated.has(key)) continue;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [row]);
      else group.push(row);
    }
    for (const group of groups.values()) {
      reportDuplicateGroup(group, "employeeId", "Employee ID", report);
    }
  }
}

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The Employee ID compared case-insensitively: the lower-cased value, upper-cased when that is
 * ASCII, which matches exactly the values lower-casing matches. IDs are mostly ASCII without a
 * lower-case letter, and are then their own key: one pass over the characters decides it, where
 * two expression runs and an upper-casing per row cost a fifth of the cross-row rules' first pass.
 */
function employeeIdKey(row: DraftMemberRow): string | undefined {
  const employeeId = row.values.employeeId;
  if (typeof employeeId !== "string") return undefined;
  let lowerCase = false;
  for (let i = 0; i < employeeId.length; i++) {
    const code = employeeId.charCodeAt(i);
    if (code >= 0x80) {
      const lower = employeeId.toLowerCase();
      return NON_ASCII.test(lower) ? lower : lower.toUpperCase();
    }
    if (code >= 0x61 && code <= 0x7a) lowerCase = true;
  }
  return lowerCase ? employeeId.toUpperCase() : employeeId;
}

/** DUPLICATE_VALUE on each of the rows sharing one value, naming them all. */
export function reportDuplicateGroup(
  group: readonly DraftMemberRow[],
  field: "email" | "employeeId",
  header: string,
  report: ReportProblem,
): void {
  const rows = group.map((row) => row.rowNumber);
  for (const row of group) {
    report(
      row,
      field,
      new CellProblem(MemberRowErrorType.DUPLICATE_VALUE, {
        key: "member.DUPLICATE_VALUE.repeated",
        params: { column: header, value: String(row.values[field]), rows },
      }),
    );
  }
}
