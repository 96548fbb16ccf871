import type { MatterHeader } from "../domain/headers";
import type { MatterCellProblem, MatterProblemRule } from "./problems";

/**
 * The problems of one row that share a reason, as one line for a person to read: the three cells
 * of a duplicate key, or both dates of an inverted range, say their reason once.
 */
export interface MatterProblemLine {
  /** The spec's row number (the spreadsheet shows it as row `rowNumber + 1`). */
  rowNumber: number;
  /** The cells concerned, in the order of the problems (the spec's header order). */
  columns: MatterHeader[];
  rule: MatterProblemRule;
  message: string;
}

/** {@link MatterCellProblem}s as lines: one per row and reason, in the problems' order. */
export function matterProblemLines(problems: readonly MatterCellProblem[]): MatterProblemLine[] {
  const lines: MatterProblemLine[] = [];
  const byReason = new Map<string, MatterProblemLine>();
  for (const problem of problems) {
    const key = `${problem.rowNumber}\u0000${problem.rule}\u0000${problem.message}`;
    const line = byReason.get(key);
    if (line !== undefined) {
      line.columns.push(problem.column);
      continue;
    }
    const added: MatterProblemLine = {
      rowNumber: problem.rowNumber,
      columns: [problem.column],
      rule: problem.rule,
      message: problem.message,
    };
    byReason.set(key, added);
    lines.push(added);
  }
  return lines;
}

/** The lines of each row, by row number. */
export function matterProblemLinesByRow(
  problems: readonly MatterCellProblem[],
): Map<number, MatterProblemLine[]> {
  const byRow = new Map<number, MatterProblemLine[]>();
  for (const line of matterProblemLines(problems)) {
    const lines = byRow.get(line.rowNumber);
    if (lines === undefined) byRow.set(line.rowNumber, [line]);
    else lines.push(line);
  }
  return byRow;
}
