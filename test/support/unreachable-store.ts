import type { Store, TransactionOptions } from "../../src/store/port";

/** The error `pg` rejects with when nothing listens at the database's address. */
export function connectionRefused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    errno: -111,
    syscall: "connect",
    address: "127.0.0.1",
    port: 5432,
  });
}

/**
 * `store` whose calls fail as a database that cannot be reached while `down` says so: `true` for
 * every call, or a test of a transaction's options (to let a request's session check through and
 * fail its own work).
 */
export function unreachableStore(store: Store) {
  const state: { down: boolean | ((options: TransactionOptions | undefined) => boolean) } = {
    down: false,
  };
  const failing = (key: PropertyKey, args: unknown[]) => {
    if (typeof state.down === "boolean") return state.down;
    return key === "transaction" && state.down(args[2] as TransactionOptions | undefined);
  };
  const wrapped = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        failing(key, args)
          ? Promise.reject(connectionRefused())
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return { store: wrapped, state };
}
