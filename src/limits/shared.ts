import type { IRateLimiterOptions, RateLimiterAbstract } from "rate-limiter-flexible";
import { createLoginProtection, type LoginProtection } from "../auth/login-protection";
import { FEED_RATE_LIMIT } from "../feed/rate-limit";
import { JOB_BOARD_RATE_LIMIT } from "../jobs/limits";
import { type RateLimiter, rateLimiterFrom } from "../runtime/rate-limit";

/**
 * The counters several host instances must share: the feed's rate limit (the spec's 1000
 * requests per 5 minutes per organization), login protection and the job board's limit per
 * client. Hand them to each instance's `createHttpHandler` (`rateLimiter`, `loginProtection`,
 * `jobBoardRateLimiter`).
 */
export interface SharedLimiters {
  rateLimiter: RateLimiter;
  loginProtection: LoginProtection;
  /** The public job board's limit per client (`jobBoardRateLimiter`). */
  jobBoardRateLimiter: RateLimiter;
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
    jobBoardRateLimiter: rateLimiterFrom(
      make({
        keyPrefix: "rpdi_job_board",
        points: JOB_BOARD_RATE_LIMIT.limit,
        duration: JOB_BOARD_RATE_LIMIT.windowMs / 1000,
      }),
    ),
  };
}
