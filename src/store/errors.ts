const BRAND = Symbol.for("rpdi.error");

/**
 * rpdi's typed errors are recognized by a registered brand, not by prototype: `instanceof` then
 * holds across copies of rpdi in one process (its ESM and CommonJS builds, an adapter's copy and
 * the conformance suite's).
 */
function isBranded(value: unknown, name: string): boolean {
  return (
    typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === name
  );
}

/** The organization a transaction names does not exist in the store. */
export class OrganizationNotFoundError extends Error {
  override readonly name = "OrganizationNotFoundError";
  readonly [BRAND] = "OrganizationNotFoundError";
  /**
   * True for this error from either build (ESM or CommonJS) of rpdi: the check reads a brand, not
   * the prototype.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, "OrganizationNotFoundError");
  }
  constructor(readonly orgId: string) {
    super(`No organization "${orgId}" in the store.`);
  }
}

/**
 * An adapter could not write a member because its address is taken (for example by a change
 * committed since the import read the directory). The import answers 400 with an UNKNOWN row
 * error on that row and writes nothing.
 */
export class MemberConflictError extends Error {
  override readonly name = "MemberConflictError";
  readonly [BRAND] = "MemberConflictError";
  /**
   * True for this error from either build (ESM or CommonJS) of rpdi: the check reads a brand, not
   * the prototype.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, "MemberConflictError");
  }
  constructor(
    readonly email: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Concurrent writes to one organization or review cycle that the adapter could not serialize.
 * Nothing was written; the HTTP binding answers 409 and the caller may retry.
 */
export class StoreConflictError extends Error {
  override readonly name = "StoreConflictError";
  readonly [BRAND] = "StoreConflictError";
  /**
   * True for this error from either build (ESM or CommonJS) of rpdi: the check reads a brand, not
   * the prototype.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, "StoreConflictError");
  }
}

/** An unexpected adapter failure, named by the port operation that failed. Nothing was written. */
export class StoreError extends Error {
  override readonly name = "StoreError";
  readonly [BRAND] = "StoreError";
  /**
   * True for this error from either build (ESM or CommonJS) of rpdi: the check reads a brand, not
   * the prototype.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, "StoreError");
  }
  constructor(
    readonly operation: string,
    override readonly cause: unknown,
  ) {
    super(
      `Store operation ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/** The dependencies whose loss rpdi answers as an outage (503), not as a failure (500). */
export const UNAVAILABLE_DEPENDENCIES = ["database", "limiter"] as const;
/** One of {@link UNAVAILABLE_DEPENDENCIES}: the store's database, or the shared limiters' store. */
export type UnavailableDependency = (typeof UNAVAILABLE_DEPENDENCIES)[number];

/**
 * A dependency could not be reached (connection refused, reset or timed out, the pool's wait ran
 * out, the server starting up or shutting down). The request may succeed if retried later; the
 * HTTP binding answers 503 with `Retry-After`. `committed` is `"unknown"` when the connection was
 * lost after a COMMIT was sent: the change may or may not have been written. Otherwise nothing was.
 */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
  readonly [BRAND] = "StoreUnavailableError";
  /**
   * True for this error from either build (ESM or CommonJS) of rpdi: the check reads a brand, not
   * the prototype.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, "StoreUnavailableError");
  }
  constructor(
    readonly dependency: UnavailableDependency,
    override readonly cause: unknown,
    readonly committed: "no" | "unknown" = "no",
  ) {
    super(
      `The ${dependency} could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
