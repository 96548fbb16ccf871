import { context, trace } from "@opentelemetry/api";
import { activeTracer, failSpan } from "../telemetry/otel";
import {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
} from "./errors";
import type { Store, StoreTx, TransactionOptions } from "./port";
import { wrapTxOperations } from "./tx-wrap";
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
 * `tx` with unstorable keys finding nothing, failures named and each call a span (`store.<operation>`,
 * when the host traces), one wrapper per operation used.
 */
function guarded(tx: StoreTx): StoreTx {
  return wrapTxOperations(tx, (operation, method) => {
    const call = unstorableKeysFindNothing(tx, operation, method);
    const name = `store.${operation}`;
    const named = (error: unknown) =>
      TYPED.some((type) => error instanceof type) ? error : new StoreError(operation, error);
    return async (...args: never[]) => {
      const span = activeTracer()?.startSpan(name);
      if (span === undefined || !span.isRecording()) {
        span?.end();
        try {
          return await call.apply(tx, args);
        } catch (error) {
          throw named(error);
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
        throw named(error);
      } finally {
        span.end();
      }
    };
  });
}
