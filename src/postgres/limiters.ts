import { type IRateLimiterOptions, RateLimiterPostgres } from "rate-limiter-flexible";
import { type SharedLimiters, sharedLimitersFrom } from "../limits/shared";
import { type PostgresClient, schemaName } from "./client";

/**
 * The feed's rate limit and login protection in the store's database (the `rate_limits` table
 * that `migrate()` creates), shared by every instance on it. `pool` is a `pg` Pool (PGlite is
 * not supported by rate-limiter-flexible); expired counters are deleted hourly.
 */
export function createPostgresLimiters(
  pool: PostgresClient,
  options: { schema?: string } = {},
): SharedLimiters {
  return sharedLimitersFrom(
    (limiterOptions: IRateLimiterOptions) =>
      new RateLimiterPostgres({
        ...limiterOptions,
        storeClient: pool,
        storeType: "pool",
        // Validated as the store's own schema names are (the limiter quotes it as given).
        schemaName: schemaName(options.schema ?? "rpdi").slice(1, -1),
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: true,
      }),
  );
}
