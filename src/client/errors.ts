/** Why a call of the client failed; one class per cause, each with this `kind`. */
export type RpdiClientErrorKind =
  | "authentication"
  | "authorization"
  | "validation"
  | "file-too-large"
  | "not-found"
  | "conflict"
  | "rate-limit"
  | "server"
  | "contract"
  | "network"
  | "cursor-expired";

/** What every error of `rpdi/client` carries: the cause, the call and, when one came, the answer. */
export interface RpdiClientErrorDetails {
  /** `METHOD path` of the call, e.g. `POST /api/v2/members/import-csv` (never a query string). */
  request: string;
  /** The HTTP status, when the service answered. */
  status?: number;
  cause?: unknown;
}

/**
 * The base of the client's errors. A client never throws a bare `Response`: every failure is one
 * of the subclasses, told apart with `instanceof` or `kind`. Messages and fields never hold the
 * password, the MFA secret or the session cookie.
 */
export abstract class RpdiClientError extends Error {
  abstract readonly kind: RpdiClientErrorKind;
  readonly request: string;
  readonly status: number | undefined;

  constructor(message: string, details: RpdiClientErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.request = details.request;
    this.status = details.status;
  }
}

/**
 * The credentials were refused: the login set no session cookie, or a call answered 401 again after
 * one fresh login (the feed also answers 401 to a non-admin or with the HR feed feature off).
 */
export class RpdiAuthenticationError extends RpdiClientError {
  readonly kind = "authentication";
}

/** 403: the account may not do this (role, product or feature flag). */
export class RpdiAuthorizationError extends RpdiClientError {
  readonly kind = "authorization";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    /** The service's answer, as it came. */
    readonly body: unknown,
  ) {
    super(message, details);
  }
}

/**
 * 400 or 413: the service refused the request's content. `body` is the spec's body for the call:
 * the member validation result for an import, the plain string of a matter upsert, `{error}` for
 * the feed, `{errors}` for GraphQL.
 */
export class RpdiValidationError<Body = unknown> extends RpdiClientError {
  readonly kind = "validation";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly body: Body,
  ) {
    super(message, details);
  }
}

/**
 * The file is over the 10 MiB every upload of the interface accepts: refused by the client before a
 * byte was sent, so it has no `status`. `size` is the file's size in bytes, or for a stream the
 * bytes read before the client stopped (at least `limit + 1`).
 */
export class RpdiFileTooLargeError extends RpdiClientError {
  readonly kind = "file-too-large";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly size: number,
    readonly limit: number,
  ) {
    super(message, details);
  }
}

/** 404: no such review cycle, member, or list (member levels with the feature off). */
export class RpdiNotFoundError extends RpdiClientError {
  readonly kind = "not-found";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly body: unknown,
  ) {
    super(message, details);
  }
}

/** 409: the write conflicts with stored data or a concurrent write; nothing was written. */
export class RpdiConflictError extends RpdiClientError {
  readonly kind = "conflict";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly body: unknown,
  ) {
    super(message, details);
  }
}

/** 429 after the client's bounded retries, or a `Retry-After` longer than it may wait. */
export class RpdiRateLimitError extends RpdiClientError {
  readonly kind = "rate-limit";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    /** The wait the service asked for last, in seconds, when it said. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message, details);
  }
}

/** 5xx: the service failed; for a write, nothing was written (the spec's transactions). */
export class RpdiServerError extends RpdiClientError {
  readonly kind = "server";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly body: unknown,
  ) {
    super(message, details);
  }
}

/** A contract violation seen by the client: where and what. */
export interface ContractIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The service answered outside the contract: a status the spec does not give the call, another
 * media type, or a body its zod schema refuses (turn the schema check off with
 * `validateResponses: false`).
 */
export class RpdiContractError extends RpdiClientError {
  readonly kind = "contract";
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    readonly issues: readonly ContractIssue[],
  ) {
    super(message, details);
  }
}

/** `fetch` itself failed (DNS, refused connection, TLS, abort): the service was not reached. */
export class RpdiNetworkError extends RpdiClientError {
  readonly kind = "network";
}

/**
 * 410 from the job-application changes: the cursor is older than the service keeps changes, or the
 * organization's data was replaced. The copy kept from it must be dropped and read again from the
 * beginning (`resync`); `feed.changes()` does so once by itself, and throws this when it cannot.
 */
export class RpdiCursorExpiredError extends RpdiClientError {
  readonly kind = "cursor-expired";
  /** Always true: read everything again. */
  readonly resync = true;
  constructor(
    message: string,
    details: RpdiClientErrorDetails,
    /** The service's answer, as it came. */
    readonly body: unknown,
  ) {
    super(message, details);
  }
}
