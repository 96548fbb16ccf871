import { type IRateLimiterOptions, RateLimiterRedis } from "rate-limiter-flexible";
import { type InsuranceOptions, insuredLimiters } from "./insured";
import { type SharedLimiters, sharedLimitersFrom } from "./shared";

/**
 * The feed's rate limit and login protection on Redis, shared by every instance that uses the
 * same Redis and `namespace` (default `rpdi`; `rpdi serve` uses its schema's name): `client` is an
 * `ioredis` client (rpdi never connects by itself). How long a command waits for a Redis that is
 * away is the client's choice: `enableOfflineQueue: false` fails it at once (`rpdi serve` does
 * so, once connected), the default queues it until `maxRetriesPerRequest` reconnections failed.
 * While Redis cannot be reached (not connected, refused, timed out), each counter counts in this process instead, with the same limits (see
 * `insuredLimiters`: N instances allow up to N times a limit meanwhile, never an unlimited number),
 * and the outage is told to `outageLog`. Any other failure of a command fails the request (500)
 * rather than letting it through uncounted.
 */
export function createRedisLimiters(
  client: object,
  options: { namespace?: string } & InsuranceOptions = {},
): SharedLimiters {
  const namespace = options.namespace ?? "rpdi";
  return sharedLimitersFrom(
    insuredLimiters(
      (limiterOptions: IRateLimiterOptions) =>
        new RateLimiterRedis({
          ...limiterOptions,
          // Several deployments can share one Redis: each counts under its own namespace.
          keyPrefix: `${namespace}:${limiterOptions.keyPrefix ?? ""}`,
          storeClient: client,
        }),
      options,
    ),
  );
}
