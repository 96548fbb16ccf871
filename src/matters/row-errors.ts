import { MATTER_HEADERS } from "../domain/headers";
import { MATTER_HEADER_INDEX } from "./columns";
import type { MatterCellProblem } from "./problems";
import type { MatterRowError } from "./result";

/**
 * The validators' `rowErrors`, derived from the problems: one entry per row with a problem,
 * ascending by row, naming each column with a problem once, in the spec's header order. This is
 * the whole of what the wire body says about rows; the reasons stay beside it.
 */
export function matterRowErrors(problems: readonly MatterCellProblem[]): MatterRowError[] {
  // A bit per column, by the header's position.
  const columnsByRow = new Map<number, number>();
  for (const problem of problems) {
    const bits = columnsByRow.get(problem.rowNumber) ?? 0;
    columnsByRow.set(problem.rowNumber, bits | (1 << MATTER_HEADER_INDEX[problem.column]));
  }
  return Array.from(columnsByRow.keys())
    .sort((a, b) => a - b)
    .map((rowNumber) => {
      const bits = columnsByRow.get(rowNumber) as number;
      return {
        rowNumber,
        columnsWithErrors: MATTER_HEADERS.filter((_, index) => (bits & (1 << index)) !== 0),
      };
    });
}
