import type { MemberValidationResult } from "../members/result";
import type { CellError } from "./protocol";

/** A member 400 body's cell errors as the grid shows them; `editable` says which cells the file has. */
export function memberBodyCells(
  result: MemberValidationResult,
  editable: (column: string) => boolean,
): CellError[] {
  return result.rowColumnErrors.map((error) => ({
    rowNumber: error.rowNumber,
    column: error.columnName,
    value: error.value,
    message: error.message,
    editable: editable(error.columnName),
  }));
}
