import { STORE_TX_OPERATIONS, type Store, type StoreTx } from "../store/port";

/**
 * When an injected fault strikes: `before` the call reaches the adapter, or `after` the adapter
 * has done the call's work (so a write has happened and must be rolled back).
 */
export type FaultTiming = "before" | "after";

/** The error a fault-injecting store throws. */
export class InjectedFault extends Error {
  override readonly name = "InjectedFault";
  constructor(
    readonly call: number,
    readonly operation: string,
    readonly when: FaultTiming,
  ) {
    super(`injected fault ${when} port call ${call} (${operation})`);
  }
}

/** A store wrapper that counts port calls, and fails the `failAt`-th one when asked. */
export interface FaultyStore extends Store {
  /** Port calls made so far through this wrapper. */
  readonly calls: number;
  /** Fail the n-th call from now on (1-based), before or after it runs; `null` for never. */
  failAt(call: number | null, when?: FaultTiming): void;
}

/**
 * Wraps any store so that its k-th port call throws {@link InjectedFault} before reaching the
 * adapter: the way the conformance suite shows that a failure at any step writes nothing.
 */
export function injectFaults(store: Store): FaultyStore {
  let calls = 0;
  let failing: number | null = null;
  let timing: FaultTiming = "before";
  const wrapTx = (tx: StoreTx): StoreTx => {
    const wrapped = {} as Record<string, unknown>;
    for (const operation of STORE_TX_OPERATIONS) {
      const method = tx[operation] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      if (method === undefined) continue;
      wrapped[operation] = async (...args: unknown[]) => {
        const call = ++calls;
        if (call === failing && timing === "before")
          throw new InjectedFault(call, operation, timing);
        const result = await method.apply(tx, args);
        if (call === failing && timing === "after")
          throw new InjectedFault(call, operation, timing);
        return result;
      };
    }
    return wrapped as unknown as StoreTx;
  };
  return {
    get calls() {
      return calls;
    },
    failAt(call, when = "before") {
      failing = call === null ? null : calls + call;
      timing = when;
    },
    transaction: (orgId, work, options) =>
      store.transaction(orgId, (tx) => work(wrapTx(tx)), options),
    loadSnapshot: (snapshot) => store.loadSnapshot(snapshot),
    exportSnapshot: (orgId) => store.exportSnapshot(orgId),
    findOrganizationId: (shortName) => store.findOrganizationId(shortName),
  };
}
