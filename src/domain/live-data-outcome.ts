import type { z } from "zod";
import { unstorableTextPaths } from "../values/storable-text";

/**
 * One problem of a live-data write's input, in the style of the CSV row errors: the record's
 * place in the batch (`null` for a single record), the field (a dotted path, `statusChanges.2.at`)
 * and what is wrong with it.
 */
export interface InputProblem {
  index: number | null;
  field: string;
  message: string;
}

/** Why a live-data write refused. */
export type LiveDataErrorCode =
  /** The input broke a rule: `problems` names every bad field. */
  | "INVALID_INPUT"
  /** A batch held more records than one call takes. */
  | "TOO_MANY_RECORDS"
  /** `createOrganization`: an organization already has this id or short name. */
  | "ORGANIZATION_EXISTS"
  /** `updateOrganizationProfile`: another organization has this short name. */
  | "SHORT_NAME_TAKEN"
  /** `createReviewCycle`: the organization has a review cycle with this id. */
  | "REVIEW_CYCLE_EXISTS"
  /** `eraseCandidate`: no such candidate. */
  | "CANDIDATE_NOT_FOUND"
  /** `eraseJobApplication`: no such application. */
  | "APPLICATION_NOT_FOUND"
  /** A webhook service named an endpoint the organization does not have. */
  | "WEBHOOK_NOT_FOUND"
  /** The store keeps no live data (an adapter without the live-data operations). */
  | "NOT_SUPPORTED";

/** A refusal: its code, a sentence, and each bad field (`[]` when the refusal is not about one). */
export interface LiveDataError {
  code: LiveDataErrorCode;
  message: string;
  problems: InputProblem[];
}

/** A live-data service's answer: what it did, or why it wrote nothing. */
export type LiveDataOutcome<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: LiveDataError };

/** `{ ok: false, error }` with this code and message. */
export function refusedWrite(
  code: LiveDataErrorCode,
  message: string,
  problems: InputProblem[] = [],
): { ok: false; error: LiveDataError } {
  return { ok: false, error: { code, message, problems } };
}

/** The refusal for input that broke rules, naming how many problems there are. */
export function invalidInput(problems: InputProblem[]): { ok: false; error: LiveDataError } {
  const count = problems.length;
  return refusedWrite(
    "INVALID_INPUT",
    `The input has ${count} problem${count === 1 ? "" : "s"}.`,
    problems,
  );
}

/** A zod error's issues as problems of the record at `index`, with `prefix` before each path. */
export function problemsOf(
  error: z.core.$ZodError,
  index: number | null,
  prefix: readonly PropertyKey[] = [],
): InputProblem[] {
  return error.issues.map((issue) => ({
    index,
    field: fieldPath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** A path as the problems write it: `statusChanges.2.at`; `""` for the record itself. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** Problems for the strings of `record` no store keeps as given (NUL, lone surrogates). */
export function unstorableTextProblems(
  record: unknown,
  index: number | null,
  prefix: readonly (string | number)[] = [],
): InputProblem[] {
  return unstorableTextPaths(record, prefix).map((path) => ({
    index,
    field: fieldPath(path),
    message: "holds NUL or a lone surrogate, which no store keeps",
  }));
}
