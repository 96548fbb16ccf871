/** The organization a transaction names does not exist in the store. */
export class OrganizationNotFoundError extends Error {
  override readonly name = "OrganizationNotFoundError";
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
}

/** An unexpected adapter failure, named by the port operation that failed. Nothing was written. */
export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly operation: string,
    override readonly cause: unknown,
  ) {
    super(
      `Store operation ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
