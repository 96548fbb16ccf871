import { type PartialMessageCatalog, renderMessage } from "../messages/catalog";
import { matterProblemLinesByRow } from "./problem-lines";
import type { MatterCellProblem } from "./problems";
import type { MatterValidationResult } from "./result";

/** Failing rows the upsert's 400 body describes before saying how many more there are. */
export const MATTER_REJECTION_ROWS = 100;

/**
 * The upsert endpoint's plain-text 400 body (the spec: "a plain string"): the file error's
 * description, or for each failing row a line naming its columns (`Row 3: errors in Start Date`)
 * followed by its reasons, indented, one per line. At most {@link MATTER_REJECTION_ROWS} rows;
 * a last line says how many more failed. Without `problems`, the column lines alone.
 */
export function matterRejectionText(
  result: MatterValidationResult,
  problems: readonly MatterCellProblem[] = [],
  messages?: PartialMessageCatalog,
): string {
  if (result.fileError !== null) return result.fileError.description;
  const reasons = matterProblemLinesByRow(problems);
  const lines: string[] = [];
  for (const error of result.rowErrors.slice(0, MATTER_REJECTION_ROWS)) {
    lines.push(
      renderMessage(messages, "matter.upsert.rowLine", {
        rowNumber: error.rowNumber,
        columns: error.columnsWithErrors,
      }),
    );
    for (const line of reasons.get(error.rowNumber) ?? []) lines.push(`  ${line.message}`);
  }
  const more = result.rowErrors.length - MATTER_REJECTION_ROWS;
  if (more > 0) {
    lines.push(renderMessage(messages, "matter.upsert.moreRows", { count: more }));
  }
  return lines.join("\n");
}
