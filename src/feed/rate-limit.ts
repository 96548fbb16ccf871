import { createWindowRateLimiter, type RateLimiter } from "../runtime/rate-limit";

/** The spec's feed limit: 1000 requests per 5 minutes. */
export const FEED_RATE_LIMIT = { limit: 1000, windowMs: 300_000 } as const;

/**
 * The in-memory default limiter: a rolling window per key, the feed's limit unless `options` says
 * otherwise. A refused call reports the whole seconds until the oldest counted request leaves the
 * window, for `Retry-After`; refused calls do not count.
 */
export function createRateLimiter(
  options: { limit: number; windowMs: number } = FEED_RATE_LIMIT,
): RateLimiter {
  return createWindowRateLimiter(options);
}
