import type { MatterHeader } from "../domain/headers";

/**
 * Why a matter cell failed: one code per rule of the spec's matter CSV (field rules and the
 * cross-row rules of each rule set). The spec's validator body reports columns only; these are
 * rpdi's, beside it.
 */
export const MatterProblemRule = {
  /** A required value is blank. */
  REQUIRED_VALUE_MISSING: "REQUIRED_VALUE_MISSING",
  /** More characters than the column allows (255 or 500). */
  TOO_LONG: "TOO_LONG",
  /** Attorney or Billing Attorney Email names no Perform member of the organization. */
  NOT_A_PERFORM_MEMBER: "NOT_A_PERFORM_MEMBER",
  /** A date not written `M/d/yyyy` (`2026-01-15`, `1/15/26`). */
  DATE_NOT_M_D_YYYY: "DATE_NOT_M_D_YYYY",
  /** `M/d/yyyy` naming no day of the calendar (`2/30/2026`, `13/1/2026`). */
  NO_SUCH_DATE: "NO_SUCH_DATE",
  /** End Date before Start Date (both cells). */
  END_BEFORE_START: "END_BEFORE_START",
  /** Hours Billed not written as a number. */
  HOURS_NOT_A_NUMBER: "HOURS_NOT_A_NUMBER",
  /** Hours Billed with separators in the wrong places (`1.234,5`, `12,34`, `.5`). */
  HOURS_SEPARATORS: "HOURS_SEPARATORS",
  /** Hours Billed with more than two decimal places. */
  HOURS_TOO_MANY_DECIMALS: "HOURS_TOO_MANY_DECIMALS",
  /** Hours Billed below 0 or above 999999.99. */
  HOURS_OUT_OF_RANGE: "HOURS_OUT_OF_RANGE",
  /** Upsert: rows sharing (Matter ID, Client Name, Attorney Email), on those three cells. */
  DUPLICATE_UPSERT_KEY: "DUPLICATE_UPSERT_KEY",
  /** Upsert: rows of one client matter (Matter ID, Client Name) with another Matter Name or Description. */
  CLIENT_MATTER_DISAGREES: "CLIENT_MATTER_DISAGREES",
  /** Legacy: rows sharing a Matter ID with another Matter Name, whatever their Client Name. */
  MATTER_ID_DISAGREES: "MATTER_ID_DISAGREES",
} as const;
/** One of {@link MatterProblemRule}. */
export type MatterProblemRule = (typeof MatterProblemRule)[keyof typeof MatterProblemRule];

/** What a column rule says about a cell it rejects: the rule, what it accepts, and why in words. */
export interface MatterCellReason {
  rule: MatterProblemRule;
  /** What the rule accepts, in words (`a date written M/d/yyyy`, `at most 255 characters`). */
  expected: string;
  /** The reason in plain English: the column, the value, what to write instead. */
  message: string;
}

/**
 * One broken rule on one cell of a matter file, with its reason. The validators' wire body
 * (`rowErrors`) is derived from these: a row's `columnsWithErrors` are the columns of its
 * problems, in the spec's header order (see `matterRowErrors`).
 */
export interface MatterCellProblem extends MatterCellReason {
  /** The spec's row number: 1-based among data rows, header excluded, blank rows keeping their slot. The spreadsheet shows it as row `rowNumber + 1`. */
  rowNumber: number;
  column: MatterHeader;
  /** The cell's trimmed text; `null` when blank. */
  value: string | null;
  /**
   * Cross-row rules: every row involved, this one included, ascending (the rows sharing a
   * duplicate key; this row and the row whose value it differs from). Empty for single-row rules.
   * The problems of one duplicate key share one array: treat it as read-only.
   */
  relatedRows: readonly number[];
}

/** `relatedRows` of every single-row problem. */
export const NO_RELATED_ROWS: readonly number[] = Object.freeze([]);
