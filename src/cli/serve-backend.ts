import { randomUUID } from "node:crypto";
import type { LoginProtection } from "../auth/login-protection";
import type { OrganizationSnapshot } from "../domain/snapshot";
import { listWelcomeEmails } from "../members/outbox";
import { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from "../memory/store";
import { schemaName } from "../postgres/client";
import type { OutageLog } from "../runtime/outages";
import type { RateLimiter } from "../runtime/rate-limit";
import type { Store } from "../store/port";
import { UsageError } from "./io";

/** Where `rpdi serve` keeps its state, with the counters its instances share. */
export interface ServeBackend {
  store: Store;
  /** Shared limiters; `undefined` keeps the HTTP binding's in-memory defaults. */
  rateLimiter?: RateLimiter;
  loginProtection?: LoginProtection;
  jobBoardRateLimiter?: RateLimiter;
  /** Readiness checks beside the store's (`GET /readyz`), by name. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Welcome emails waiting in the outbox, every organization's (`rpdi.outbox.backlog`). */
  outboxBacklog: () => Promise<number>;
  /** One line saying where the state lives. */
  description: string;
  close(): Promise<void>;
  /**
   * Ends the work still under way when a drain's grace ran out: the database rolls back every
   * transaction not yet committed, instead of `close` waiting for them to finish.
   */
  cut?(): Promise<void>;
}

/** The memory store seeded with `snapshots`. */
export function memoryBackend(
  snapshots: readonly OrganizationSnapshot[],
  seedPath: string,
  options: MemoryStoreOptions = {},
): ServeBackend & { store: MemoryStore } {
  const store = createMemoryStore([...snapshots], options);
  return {
    store,
    outboxBacklog: async () => {
      let waiting = 0;
      for (const snapshot of snapshots)
        waiting += (await listWelcomeEmails(store, { orgId: snapshot.organization.id })).length;
      return waiting;
    },
    description: `the memory store seeded from ${seedPath}`,
    close: async () => {},
  };
}

/** Options of {@link postgresBackend}. */
export interface PostgresBackendOptions {
  databaseUrl: string;
  schema: string;
  redisUrl: string | undefined;
  poolSize: number;
  /** How long a transaction waits for a pooled connection before it is an outage (503). */
  poolTimeoutMs: number;
  /** Where the shared limiters tell their store's outages. */
  outageLog?: OutageLog;
}

/** `--pool-timeout-ms`'s default: long enough for a busy pool, short of a client's own timeouts. */
export const DEFAULT_POOL_TIMEOUT_MS = 5000;

/**
 * PostgreSQL at `databaseUrl`: migrated, each seed organization loaded when absent (under a lock,
 * so instances started together seed once), the feed's limit and login protection shared in the
 * database, or in Redis with `redisUrl`.
 */
export async function postgresBackend(
  snapshots: readonly OrganizationSnapshot[],
  seedPath: string,
  options: PostgresBackendOptions,
): Promise<ServeBackend> {
  let quoted: string;
  try {
    quoted = schemaName(options.schema);
  } catch (error) {
    throw new UsageError(`--schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pg = await optionalPeer<typeof import("pg")>("pg", () => import("pg"));
  const { createPostgresStore } = await import("../postgres/adapter");
  const { createPostgresLimiters } = await import("../limits/postgres");
  // This process's connections, told apart from every other instance's when a drain is cut.
  const applicationName = `rpdi-serve-${randomUUID()}`;
  const pool = new pg.default.Pool({
    connectionString: options.databaseUrl,
    application_name: applicationName,
    max: options.poolSize,
    // Unbounded by default in pg: with the database away or every connection held, requests
    // would queue until their clients gave up. Bounded, the wait ends as a 503.
    connectionTimeoutMillis: options.poolTimeoutMs,
  });
  // A dropped idle connection must not end the process; the next query gets a new one.
  pool.on("error", () => undefined);
  const closers: (() => Promise<void>)[] = [() => pool.end()];
  try {
    const store = createPostgresStore({ client: pool, schema: options.schema });
    await store.migrate();
    const seeded = await seedAbsent(pool, store, quoted, snapshots);
    let limiters = createPostgresLimiters(pool, {
      schema: options.schema,
      outageLog: options.outageLog,
    });
    let shared = "in the database";
    const readiness: Record<string, () => Promise<unknown>> = {};
    if (options.redisUrl !== undefined) {
      const { Redis } = await optionalPeer<typeof import("ioredis")>(
        "ioredis",
        () => import("ioredis"),
      );
      const redis = new Redis(options.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: REDIS_TIMEOUT_MS,
        commandTimeout: REDIS_TIMEOUT_MS,
        // Reconnects at most every half second, so the counts return to Redis soon after it does.
        retryStrategy: (times) => Math.min(times * 50, 500),
      });
      redis.on("error", () => undefined);
      closers.push(async () => {
        redis.disconnect();
      });
      // Connected before the first request, then never queued: while Redis is away a command
      // fails at once and its counter counts in this process (createRedisLimiters).
      await redis.ping().catch(() => undefined);
      redis.options.enableOfflineQueue = false;
      const { createRedisLimiters } = await import("../limits/redis");
      limiters = createRedisLimiters(redis, {
        namespace: options.schema,
        outageLog: options.outageLog,
      });
      readiness.redis = () => redis.ping();
      shared = `in Redis at ${withoutCredentials(options.redisUrl)}`;
    }
    return {
      store,
      ...limiters,
      readiness,
      outboxBacklog: async () => {
        const { rows } = await pool.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM ${quoted}.welcome_emails`,
        );
        return rows[0]?.waiting ?? 0;
      },
      description: `PostgreSQL at ${withoutCredentials(options.databaseUrl)}, schema ${options.schema}${seeded.length === 0 ? "" : `, seeded from ${seedPath} (${seeded.join(", ")})`}; limits shared ${shared}`,
      close: async () => {
        for (const close of closers) await close();
      },
      cut: async () => {
        const client = new pg.default.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: options.poolTimeoutMs,
        });
        try {
          await client.connect();
          await client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND state <> 'idle'",
            [applicationName],
          );
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}

/** How long `rpdi serve` waits for Redis to connect or to answer a command. */
const REDIS_TIMEOUT_MS = 1000;

/** Loads every seed organization the database does not hold yet; the short names it loaded. */
async function seedAbsent(
  pool: import("pg").Pool,
  store: Store,
  quotedSchema: string,
  snapshots: readonly OrganizationSnapshot[],
): Promise<string[]> {
  const connection = await pool.connect();
  const lock = `rpdi:seed:${quotedSchema}`;
  try {
    await connection.query("SELECT pg_advisory_lock(hashtext($1))", [lock]);
    const loaded: string[] = [];
    for (const snapshot of snapshots) {
      const { rows } = await connection.query(
        `SELECT 1 FROM ${quotedSchema}.organizations WHERE id = $1`,
        [snapshot.organization.id],
      );
      if (rows.length > 0) continue;
      await store.loadSnapshot(snapshot);
      loaded.push(snapshot.organization.shortName);
    }
    return loaded;
  } finally {
    await connection
      .query("SELECT pg_advisory_unlock(hashtext($1))", [lock])
      .catch(() => undefined);
    connection.release();
  }
}

/** Loads an optional peer dependency, or says which package to install. */
export async function optionalPeer<T>(name: string, load: () => Promise<unknown>): Promise<T> {
  try {
    return (await load()) as T;
  } catch {
    throw new UsageError(`this needs the "${name}" package: npm install ${name}`);
  }
}

/** A connection URL as it may be printed: without user or password. */
export function withoutCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//");
}
