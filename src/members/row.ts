import type { Member } from "../domain/member";
import type { Office } from "../domain/organization";
import type { MEMBER_COLUMNS, MemberField } from "./columns";
import type { OfficeField } from "./office";
import type { CellProblem } from "./problem";

/** The value a column's rule produces for a non-blank cell. */
export type MemberCellValue<F extends MemberField> = Exclude<
  ReturnType<(typeof MEMBER_COLUMNS)[F]["parse"]>,
  CellProblem
>;

/**
 * A row's values by field. The spec's update rules read the three states apart: a field is
 * `undefined` when its header is absent (preserve), `null` when the cell is blank (clear), and a
 * value otherwise (replace).
 */
export type MemberCells = {
  [F in Exclude<MemberField, OfficeField>]?: MemberCellValue<F> | null;
};

/** A row that passed every rule, ready for planning. */
export interface ValidatedMemberRow extends Omit<MemberCells, "newEmail"> {
  /** 1-based position among data rows, header excluded, blank rows keeping their slot. */
  rowNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Set (not `undefined`) only when the row moves its member to another address. */
  newEmail?: string;
  /** `undefined` when no office header is present; `null` when the row has no office. */
  office?: Office | null;
  /** The stored member the row's Email matched (case-insensitive), or `null` for a create. */
  existing: Member | null;
}

/** A row while rules run: fields whose cell broke a rule are left out. */
export interface DraftMemberRow {
  rowNumber: number;
  values: MemberCells;
  /** The Mentor Emails cell as written (trimmed), for error reports: the value is a list. */
  mentorText?: string;
  office?: Office | null;
  existing: Member | null;
  /** The row's Email, lower-cased once: every cross-row rule compares by it. */
  emailKey: string | null;
}

/** How rules report a broken cell; the first report for a cell wins. */
export type ReportProblem = (row: DraftMemberRow, field: MemberField, problem: CellProblem) => void;
