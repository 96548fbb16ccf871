import type { Store, StoreTx } from "../../src/store/port";

/**
 * `store` whose transactions give their work `change(tx)` in place of the adapter's own `tx`: an
 * operation counted, delayed, failed or hidden, the rest of the store as it is.
 */
export function withTx(store: Store, change: (tx: StoreTx) => StoreTx): Store {
  return {
    ...store,
    transaction: (orgId, work, options) =>
      store.transaction(orgId, (tx) => work(change(tx)), options),
  };
}
