/** Whether a feed request may go ahead, and if not, how long until it may. */
export type RateDecision =
  | {
      allowed: true;
      remaining: number;
      /** Whole seconds until the budget next grows (a counted request leaves the window). */
      resetSeconds?: number;
    }
  | { allowed: false; retryAfterSeconds: number };

/** A limiter's quota: at most `limit` requests per key in any `windowMs`. */
export interface RatePolicy {
  limit: number;
  windowMs: number;
}

/**
 * The rate-limit port: one decision per request, keyed (rpdi keys the feed by organization).
 * A shared store (Redis, a database) can implement it for several host instances.
 */
export interface RateLimiter {
  /** Counts one request of `key` at `now` and says whether it is within the limit. */
  take(key: string, now: Date): Promise<RateDecision>;
  /** Optional: the quota, announced to clients in `RateLimit-Policy`. */
  readonly policy?: RatePolicy;
}

/**
 * The in-memory default: a rolling window per key. A refused call reports the whole seconds
 * until the oldest counted request leaves the window, for `Retry-After`; refused calls do not
 * count.
 */
export function createWindowRateLimiter(
  options: RatePolicy,
): RateLimiter & { readonly trackedKeys: number } {
  const { limit, windowMs } = options;
  // Each key's counted times, ascending: the expired ones are a prefix, so a request drops them
  // from the front instead of filtering all (up to `limit`) of them.
  const seen = new Map<string, number[]>();
  let takes = 0;
  return {
    policy: { limit, windowMs },
    /** How many keys it holds counts for: a key whose window passed is forgotten in time. */
    get trackedKeys() {
      return seen.size;
    },
    async take(key, now) {
      const at = now.getTime();
      // Keys never asked again (a client gone, an address tried once) are swept every so often,
      // so memory follows the keys active in one window, not every key ever seen.
      if (++takes % SWEEP_EVERY === 0) forgetIdle(seen, at - windowMs);
      let times = seen.get(key);
      if (times === undefined) {
        times = [];
        seen.set(key, times);
      }
      let expired = 0;
      while (expired < times.length && (times[expired] as number) <= at - windowMs) expired++;
      if (expired > 0) times.splice(0, expired);
      if (times.length >= limit) {
        const oldest = times[0] as number;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      insertAscending(times, at);
      const resetSeconds = Math.max(0, Math.ceil(((times[0] as number) + windowMs - at) / 1000));
      return { allowed: true, remaining: limit - times.length, resetSeconds };
    },
  };
}

/** Takes between two sweeps of idle keys: the sweep's cost spread over them is a few steps each. */
const SWEEP_EVERY = 1024;

/** Deletes the keys whose every counted time is at or before `horizon`. */
function forgetIdle(seen: Map<string, number[]>, horizon: number): void {
  for (const [key, times] of seen) {
    const newest = times[times.length - 1];
    if (newest === undefined || newest <= horizon) seen.delete(key);
  }
}

/** Inserts `time` in ascending order: at the end, unless a clock went back. */
function insertAscending(times: number[], time: number): void {
  let index = times.length;
  while (index > 0 && (times[index - 1] as number) > time) index--;
  times.splice(index, 0, time);
}

/**
 * The port over a rate-limiter-flexible limiter (`RateLimiterPostgres`, `RateLimiterRedis`, …), so
 * several host instances share one count: one point per request, `Retry-After` from its
 * `msBeforeNext`. Its window is fixed from a key's first request (rate-limiter-flexible's model)
 * and its clock is the host's, not `now`. Build it with `points: 1000, duration: 300` for the
 * spec's limit.
 */
export function rateLimiterFrom(limiter: FlexibleLimiter): RateLimiter {
  const { points, duration } = limiter;
  return {
    ...(typeof points === "number" && typeof duration === "number" && duration > 0
      ? { policy: { limit: points, windowMs: duration * 1000 } }
      : {}),
    async take(key) {
      const { allowed, state } = await consumeSettled(limiter.consume(key));
      return allowed
        ? {
            allowed,
            remaining: state.remainingPoints,
            resetSeconds: Math.max(0, Math.ceil(state.msBeforeNext / 1000)),
          }
        : { allowed, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
    },
  };
}

/**
 * A rate-limiter-flexible `consume`, settled: it rejects a consume over the limit with the
 * counter's state, not an Error, and fails with an Error only when its store does.
 */
export async function consumeSettled<State>(
  attempt: Promise<State>,
): Promise<{ allowed: boolean; state: State }> {
  try {
    return { allowed: true, state: await attempt };
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return { allowed: false, state: rejection as State };
  }
}

/** What {@link rateLimiterFrom} needs of a rate-limiter-flexible limiter. */
export interface FlexibleLimiter {
  /** Takes one point for `key`; rejects with the counter's state when none is left. */
  consume(key: string): Promise<{ remainingPoints: number; msBeforeNext: number }>;
  /** The quota (rate-limiter-flexible's limiters have both): points per `duration` seconds. */
  readonly points?: number;
  readonly duration?: number;
}
