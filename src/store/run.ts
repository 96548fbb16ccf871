import {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
} from "./errors";
import { STORE_TX_OPERATIONS, type Store, type StoreTx, type TransactionOptions } from "./port";
import { unstorableKeysFindNothing } from "./unstorable-keys";

const TYPED = [MemberConflictError, StoreConflictError, OrganizationNotFoundError, StoreError];

/**
 * Runs a service's work in one transaction. An adapter's unexpected failure surfaces as a
 * {@link StoreError} naming the port operation; the typed errors of the port pass through. Look-ups
 * by a key holding NUL find nothing without reaching the adapter.
 */
export function runTransaction<T>(
  store: Store,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  return store.transaction(
    orgId,
    (tx) => work(namedFailures(unstorableKeysFindNothing(tx))),
    options,
  );
}

/** {@link runTransaction} for work that only reads: it never waits for the organization's writers. */
export function runReadOnly<T>(
  store: Store,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  return runTransaction(store, orgId, work, { readOnly: true });
}

function namedFailures(tx: StoreTx): StoreTx {
  const wrapped = {} as Record<string, unknown>;
  for (const operation of STORE_TX_OPERATIONS) {
    const method = tx[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (method === undefined) continue;
    wrapped[operation] = async (...args: unknown[]) => {
      try {
        return await method.apply(tx, args);
      } catch (error) {
        if (TYPED.some((type) => error instanceof type)) throw error;
        throw new StoreError(operation, error);
      }
    };
  }
  return wrapped as unknown as StoreTx;
}
