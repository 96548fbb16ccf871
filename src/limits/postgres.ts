import type { PostgresClient } from "../postgres/client";
import { postgresLimiterFactory } from "../postgres/limiters";
import { type InsuranceOptions, insuredLimiters } from "./insured";
import { type SharedLimiters, sharedLimitersFrom } from "./shared";

/**
 * The feed's rate limit and login protection in the store's database (the `rate_limits` table
 * that `migrate()` creates), shared by every instance on it. `pool` is a `pg` Pool (PGlite is
 * not supported by rate-limiter-flexible); expired counters are deleted hourly. While the database
 * cannot be reached, each counter counts in this process instead, as `createRedisLimiters` does.
 */
export function createPostgresLimiters(
  pool: PostgresClient,
  options: { schema?: string } & InsuranceOptions = {},
): SharedLimiters {
  return sharedLimitersFrom(insuredLimiters(postgresLimiterFactory(pool, options), options));
}
