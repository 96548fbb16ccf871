import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
} from "rate-limiter-flexible";
import type { OutageLog } from "../runtime/outages";
import { asUnavailable } from "../store/unavailable";

/** How {@link insuredLimiters} acts while the shared counters cannot be reached. */
export interface InsuranceOptions {
  /** Where the outage is logged and counted, as `limiter`. */
  outageLog?: OutageLog | undefined;
}

/**
 * `make`'s limiters, each falling back to a counter of the same limits in this process while its
 * store cannot be reached (Redis or PostgreSQL down: refused, reset, timed out, not ready). The
 * limits then hold per process, not across the service: with N instances a client may get up to
 * N times a limit in a window (more in the window the outage starts, whose shared count is not
 * seen), never an unlimited number. Counts return to the shared store when it answers again; what
 * was counted in-process meanwhile is not carried over. A failure of any other kind fails the call
 * as before.
 *
 * rate-limiter-flexible's own `insuranceLimiter` does the same but swallows the store's error; this
 * one tells `outageLog` what failed, once per outage, and when the store is back.
 */
export function insuredLimiters(
  make: (options: IRateLimiterOptions) => RateLimiterAbstract,
  { outageLog }: InsuranceOptions = {},
): (options: IRateLimiterOptions) => RateLimiterAbstract {
  return (options) => insured(make(options), new RateLimiterMemory(options), outageLog);
}

/**
 * `shared` with each call that fails for want of its store made on `local` instead. A refusal
 * over the limit (a `RateLimiterRes`, not an Error) is an answer, passed on as it is.
 */
function insured(
  shared: RateLimiterAbstract,
  local: RateLimiterAbstract,
  outageLog: OutageLog | undefined,
): RateLimiterAbstract {
  const made = new Map<PropertyKey, unknown>();
  return new Proxy(shared, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      const fallback = Reflect.get(local, key) as unknown;
      if (typeof value !== "function" || typeof fallback !== "function") return value;
      let wrapped = made.get(key);
      if (wrapped === undefined) {
        const method = value as (...args: unknown[]) => unknown;
        const instead = fallback as (...args: unknown[]) => unknown;
        wrapped = (...args: unknown[]) => {
          const result = method.apply(target, args);
          if (!(result instanceof Promise)) return result;
          return result.then(
            (answer: unknown) => {
              outageLog?.up("limiter");
              return answer;
            },
            (rejection: unknown) => {
              if (!(rejection instanceof Error)) {
                outageLog?.up("limiter");
                throw rejection;
              }
              const outage = asUnavailable(rejection, "limiter");
              if (outage === undefined) throw rejection;
              outageLog?.down("limiter", outage, "counting limits in this process");
              return instead.apply(local, args);
            },
          );
        };
        made.set(key, wrapped);
      }
      return wrapped;
    },
  });
}
