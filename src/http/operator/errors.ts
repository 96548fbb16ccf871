import type { InputProblem } from "../../domain/live-data-outcome";
import { json } from "../responses";
import type { OperatorErrorCode } from "./bodies";

/** The status of each operator error code. */
export const OPERATOR_ERROR_STATUS: Readonly<Record<OperatorErrorCode, number>> = {
  INVALID_INPUT: 400,
  TOO_MANY_RECORDS: 400,
  UNAUTHORIZED: 401,
  ORGANIZATION_NOT_FOUND: 404,
  CANDIDATE_NOT_FOUND: 404,
  APPLICATION_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  ORGANIZATION_EXISTS: 409,
  SHORT_NAME_TAKEN: 409,
  REVIEW_CYCLE_EXISTS: 409,
  CONFLICT: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_SUPPORTED: 501,
};

/** `{ error: { code, message, problems } }` at the code's status. */
export function operatorError(
  code: OperatorErrorCode,
  message: string,
  problems: readonly InputProblem[] = [],
  headers?: Record<string, string>,
): Response {
  return json(OPERATOR_ERROR_STATUS[code], { error: { code, message, problems } }, headers);
}
