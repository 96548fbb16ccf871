import { context, trace } from "@opentelemetry/api";
import { activeTracer, failSpan } from "../telemetry/otel";
import { isStorableText } from "../values/storable-text";
import {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
  StoreUnavailableError,
} from "./errors";
import type { Store, StoreTx, TransactionOptions } from "./port";
import { type TxOperation, wrapTxOperations } from "./tx-wrap";
import { asUnavailable } from "./unavailable";
import { unstorableKeysFindNothing } from "./unstorable-keys";

const TYPED = [
  MemberConflictError,
  StoreConflictError,
  OrganizationNotFoundError,
  StoreError,
  StoreUnavailableError,
];

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
  // No organization's id holds NUL or a lone surrogate (the services refuse them): such an id,
  // from a path say, names none, and a database would fail on it rather than find nothing.
  if (!isStorableText(orgId)) return Promise.reject(new OrganizationNotFoundError(orgId));
  return store.transaction(orgId, (tx) => work(guarded(tx)), options);
}

/** {@link runTransaction} for work that only reads: it never waits for the organization's writers. */
export function runReadOnly<T>(
  store: Store,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  return runTransaction(store, orgId, work, { readOnly: true });
}

/**
 * {@link runReadOnly} for work that makes one read the adapter can answer in one statement
 * ({@link TransactionOptions.singleRead}): on PostgreSQL one round trip, not three.
 */
export function runSingleRead<T>(
  store: Store,
  orgId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  return runTransaction(store, orgId, work, SINGLE_READ);
}

const SINGLE_READ = { readOnly: true, singleRead: true } as const;

/**
 * `tx` with unstorable keys finding nothing, failures named and each call a span (`store.<operation>`,
 * when the host traces), one wrapper per operation used: what {@link runTransaction}'s work gets,
 * for work that starts from the adapter's own `tx`.
 */
export function guarded(tx: StoreTx): StoreTx {
  return wrapTxOperations(tx, (operation, method) => {
    const call = unstorableKeysFindNothing(tx, operation, method);
    const name = `store.${operation}`;
    return async (...args: never[]) => {
      const span = activeTracer()?.startSpan(name);
      if (span === undefined || !span.isRecording()) {
        span?.end();
        try {
          return await call.apply(tx, args);
        } catch (error) {
          throw storeFailure(operation, error);
        }
      }
      span.setAttribute("rpdi.store.operation", operation);
      try {
        // Active, so that an instrumented driver's spans (pg's queries) nest under it.
        return await context.with(trace.setSpan(context.active(), span), () =>
          call.apply(tx, args),
        );
      } catch (error) {
        failSpan(span, error);
        throw storeFailure(operation, error);
      } finally {
        span.end();
      }
    };
  });
}

/**
 * What a failure of the port's `operation` surfaces as: one of the port's typed errors as it is,
 * a database that cannot be reached (an adapter that does not say so itself) as a
 * {@link StoreUnavailableError}, anything else as a {@link StoreError} naming the operation.
 */
export function storeFailure(operation: TxOperation, error: unknown): unknown {
  if (TYPED.some((type) => error instanceof type)) return error;
  return asUnavailable(error, "database") ?? new StoreError(operation, error);
}
