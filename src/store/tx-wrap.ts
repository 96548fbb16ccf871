import { STORE_TX_OPERATIONS, type StoreTx } from "./port";

/** The name of one of the port's transaction operations. */
export type TxOperation = (typeof STORE_TX_OPERATIONS)[number];

const OPERATIONS: ReadonlySet<string> = new Set(STORE_TX_OPERATIONS);

interface Wrapping {
  tx: StoreTx;
  wrap: (operation: TxOperation, method: (...args: never[]) => unknown) => unknown;
  made: Map<string, unknown>;
}

const lazily: ProxyHandler<Wrapping> = {
  get({ tx, wrap, made }, key) {
    if (typeof key !== "string" || !OPERATIONS.has(key)) return undefined;
    let wrapped = made.get(key);
    if (wrapped === undefined) {
      const method = tx[key as TxOperation] as ((...args: never[]) => unknown) | undefined;
      if (method === undefined) return undefined;
      wrapped = wrap(key as TxOperation, method);
      made.set(key, wrapped);
    }
    return wrapped;
  },
  has: (_, key) => typeof key === "string" && OPERATIONS.has(key),
};

/**
 * `tx` with each of the port's operations replaced by `wrap(operation, method)`, made when it is
 * first used: a session check calls two of the twenty-odd operations, and making every wrapper of
 * every transaction up front was a twelfth of a lookup request's time. An optional operation the
 * adapter lacks stays `undefined`; nothing but the operations is there.
 */
export function wrapTxOperations(
  tx: StoreTx,
  wrap: (operation: TxOperation, method: (...args: never[]) => unknown) => unknown,
): StoreTx {
  return new Proxy<Wrapping>({ tx, wrap, made: new Map() }, lazily) as unknown as StoreTx;
}
