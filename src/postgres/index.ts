/** rpdi/postgres: the PostgreSQL storage adapter (`pg` or PGlite), with its migrations. */

export { createPostgresLimiters } from "../limits/postgres";
export { createPostgresStore, type PostgresStore, type PostgresStoreOptions } from "./adapter";
export type { PooledConnection, PostgresClient, Queryable } from "./client";
export type { FeedIndexCacheOptions } from "./feed-cache";
export { migrate } from "./migrate";
