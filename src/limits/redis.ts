import { type IRateLimiterOptions, RateLimiterRedis } from "rate-limiter-flexible";
import { type SharedLimiters, sharedLimitersFrom } from "./shared";

/**
 * The feed's rate limit and login protection on Redis, shared by every instance that uses the
 * same Redis and `namespace` (default `rpdi`; `rpdi serve` uses its schema's name): `client` is an
 * `ioredis` client (rpdi never connects by itself). A command that
 * fails (Redis down) fails the request with a 500 rather than letting it through uncounted.
 */
export function createRedisLimiters(
  client: object,
  options: { namespace?: string } = {},
): SharedLimiters {
  const namespace = options.namespace ?? "rpdi";
  return sharedLimitersFrom(
    (limiterOptions: IRateLimiterOptions) =>
      new RateLimiterRedis({
        ...limiterOptions,
        // Several deployments can share one Redis: each counts under its own namespace.
        keyPrefix: `${namespace}:${limiterOptions.keyPrefix ?? ""}`,
        storeClient: client,
      }),
  );
}
