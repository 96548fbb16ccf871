import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterPostgres,
} from "rate-limiter-flexible";
import { type PostgresClient, schemaName } from "./client";

/**
 * Makes each of rpdi's counters a rate-limiter-flexible limiter on the store's `rate_limits`
 * table (which `migrate()` creates). `pool` is a `pg` Pool (PGlite is not supported by
 * rate-limiter-flexible); expired counters are deleted hourly.
 */
export function postgresLimiterFactory(
  pool: PostgresClient,
  options: { schema?: string } = {},
): (limiterOptions: IRateLimiterOptions) => RateLimiterAbstract {
  // Validated as the store's own schema names are (the limiter quotes it as given).
  const schema = schemaName(options.schema ?? "rpdi").slice(1, -1);
  return (limiterOptions) =>
    new RateLimiterPostgres({
      ...limiterOptions,
      storeClient: pool,
      storeType: "pool",
      schemaName: schema,
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: true,
    });
}
