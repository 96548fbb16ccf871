import type { OutageLog } from "../runtime/outages";
import type { StoreUnavailableError } from "../store/errors";
import type { Store } from "../store/port";
import { asUnavailable } from "../store/unavailable";
import { jsonError } from "./responses";

/**
 * The `Retry-After` of an outage's 503, in seconds: a restarting PostgreSQL or Redis is back in a
 * second or a few; a shorter wait would add load to a server starting up, a longer one keep
 * clients away after it is back.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

/**
 * The 503 of a request that found a dependency unreachable, or `null` when `error` is no outage.
 * The body names the kind of dependency only: never a host, port, SQLSTATE or stack. Told to
 * `outages`, which logs an outage once, at its start.
 */
export function outageResponse(error: unknown, outages: OutageLog): Response | null {
  const unavailable = asUnavailable(error, "database");
  if (unavailable === undefined) return null;
  outages.down(unavailable.dependency, unavailable);
  return unavailableResponse(unavailable);
}

/** The 503 of `error`, with `Retry-After`. */
export function unavailableResponse(error: StoreUnavailableError): Response {
  const retry = { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) };
  if (error.committed === "unknown")
    return jsonError(
      503,
      `The ${error.dependency} could not be reached while the change was being committed: it may or may not have been written. Read it back before sending it again.`,
      retry,
    );
  return jsonError(
    503,
    `The ${error.dependency} this service depends on cannot be reached right now; nothing was written. Retry after ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
    retry,
  );
}

/**
 * `store` telling `outages` when the database answers again: every call that settles without an
 * outage ends one. The port's methods are wrapped once each, when first used; what the store has
 * (optional methods included) is as it was.
 */
export function watchedStore(store: Store, outages: OutageLog): Store {
  // Keyed by the method itself, so a method replaced on the store later is followed.
  const made = new WeakMap<object, unknown>();
  const answered = <T>(value: T): T => {
    outages.up("database");
    return value;
  };
  const failed = (error: unknown): never => {
    if (asUnavailable(error, "database") === undefined) outages.up("database");
    throw error;
  };
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      let wrapped = made.get(value);
      if (wrapped === undefined) {
        const method = value as (...args: unknown[]) => unknown;
        wrapped = (...args: unknown[]) => {
          const result = method.apply(target, args);
          // While the database is up nothing is added to the call: no promise, no closure.
          return result instanceof Promise && outages.isDown("database")
            ? result.then(answered, failed)
            : result;
        };
        made.set(value, wrapped);
      }
      return wrapped;
    },
  });
}
