import { type IRateLimiterOptions, RateLimiterRedis } from "rate-limiter-flexible";
import { type SharedLimiters, sharedLimitersFrom } from "./shared";

/**
 * The feed's rate limit and login protection on Redis, shared by every instance that uses the
 * same Redis: `client` is an `ioredis` client (rpdi never connects by itself). A command that
 * fails (Redis down) fails the request with a 500 rather than letting it through uncounted.
 */
export function createRedisLimiters(client: object): SharedLimiters {
  return sharedLimitersFrom(
    (options: IRateLimiterOptions) => new RateLimiterRedis({ ...options, storeClient: client }),
  );
}
