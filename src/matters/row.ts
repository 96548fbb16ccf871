import { MATTER_COLUMNS, type MatterField } from "./columns";
import { type MatterCellProblem, type MatterCellReason, NO_RELATED_ROWS } from "./problems";

/** A matter row that passed every rule. Emails carry the Perform member's stored spelling. */
export interface ValidatedMatterRow {
  /** 1-based position among data rows, header excluded, blank rows keeping their slot. */
  rowNumber: number;
  matterId: string;
  matterName: string;
  attorneyEmail: string;
  billingAttorneyEmail: string;
  /** `yyyy-MM-dd`, or `null` when blank. */
  startDate: string | null;
  endDate: string | null;
  hoursBilled: number;
  clientName: string;
  description: string | null;
}

/** A row while rules run: trimmed cell texts, parsed values, and the problems found so far. */
export interface DraftMatterRow {
  rowNumber: number;
  texts: Record<MatterField, string | null>;
  /** The parsed values, after `rowNumber`: once every rule passed, this is the validated row. */
  values: Partial<ValidatedMatterRow> & { rowNumber: number };
  /** `null` until a rule fails: a passing row allocates nothing for its problems. */
  problems: MatterCellProblem[] | null;
}

/** Records that `field` of `row` broke a rule, and why. */
export function reportProblem(
  row: DraftMatterRow,
  field: MatterField,
  reason: MatterCellReason,
  relatedRows: readonly number[] = NO_RELATED_ROWS,
): void {
  const problem: MatterCellProblem = {
    rowNumber: row.rowNumber,
    column: MATTER_COLUMNS[field].header,
    rule: reason.rule,
    value: row.texts[field],
    expected: reason.expected,
    message: reason.message,
    relatedRows,
  };
  if (row.problems === null) row.problems = [problem];
  else row.problems.push(problem);
}
