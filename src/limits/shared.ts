import type { IRateLimiterOptions, RateLimiterAbstract } from "rate-limiter-flexible";
import { createLoginProtection, type LoginProtection } from "../auth/login-protection";
import { FEED_RATE_LIMIT, type RateLimiter, rateLimiterFrom } from "../feed/rate-limit";

/**
 * The counters several host instances must share: the feed's rate limit (the spec's 1000
 * requests per 5 minutes per organization) and login protection. Hand both to each instance's
 * `createHttpHandler` (`rateLimiter`, `loginProtection`).
 */
export interface SharedLimiters {
  rateLimiter: RateLimiter;
  loginProtection: LoginProtection;
}

/** Both counters on one rate-limiter-flexible store, made by `make` from each counter's options. */
export function sharedLimitersFrom(
  make: (options: IRateLimiterOptions) => RateLimiterAbstract,
): SharedLimiters {
  return {
    rateLimiter: rateLimiterFrom(
      make({
        keyPrefix: "rpdi_feed",
        points: FEED_RATE_LIMIT.limit,
        duration: FEED_RATE_LIMIT.windowMs / 1000,
      }),
    ),
    loginProtection: createLoginProtection({ limiter: make }),
  };
}
