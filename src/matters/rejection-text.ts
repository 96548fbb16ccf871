import type { MatterValidationResult } from "./result";

/**
 * The upsert endpoint's plain-text 400 body: the file error's description, or one line per
 * failing row naming its columns (the spec reports columns, never reasons).
 */
export function matterRejectionText(result: MatterValidationResult): string {
  if (result.fileError !== null) return result.fileError.description;
  return result.rowErrors
    .map((error) => `Row ${error.rowNumber}: errors in ${error.columnsWithErrors.join(", ")}`)
    .join("\n");
}
