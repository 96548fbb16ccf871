import type { GraphQLError } from "graphql";
import type { Store } from "../store/port";
import { graphqlError, MemberGraphqlErrorCode } from "./errors";

/** The error a resolver throws once the request's signal is aborted (its client has gone). */
export function abortedError(): GraphQLError {
  return graphqlError(
    MemberGraphqlErrorCode.ABORTED,
    "The request was cancelled before it finished; nothing after that point ran.",
  );
}

/** Throws {@link abortedError} when `signal` is aborted. */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError();
}

/**
 * The store, with every transaction refusing to start, or to go on to its work, once `signal`
 * is aborted: a query's root fields all start at once, so the check at each resolver's start
 * alone would let every one of them queue its transaction. A refusal inside a transaction rolls
 * it back.
 */
export function abortableStore(store: Store, signal: AbortSignal | undefined): Store {
  if (signal === undefined) return store;
  const transaction: Store["transaction"] = (orgId, work, options) => {
    stopIfAborted(signal);
    return store.transaction(
      orgId,
      (tx) => {
        stopIfAborted(signal);
        return work(tx);
      },
      options,
    );
  };
  return new Proxy(store, {
    get(target, key) {
      if (key === "transaction") return transaction;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
