import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { startServe } from "./serve";
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  throwawayPostgresAbsence,
} from "./throwaway-postgres";
import { startThrowawayRedis, type ThrowawayRedis, throwawayRedisAbsence } from "./throwaway-redis";

/** The secret every instance signs sessions with, so a session outlives a restart of `rpdi serve`. */
const SECRET = "a-fake-token-secret-for-the-fault-suites-only-0123456789";

/**
 * How long `rpdi serve` may make a request wait for a pooled connection or a dependency that is
 * away before answering 503: the bound the outage handling promises (5 s by default).
 */
export const DEPENDENCY_WAIT_MS = 5_000;
/**
 * The liveness bound of a short request (a read, a feed call, a login) under a fault: that wait and
 * 5 s more for a loaded machine. A request past it counts as hung. Not a speed target.
 */
export const ANSWER_BOUND_MS = DEPENDENCY_WAIT_MS + 5_000;

/** `rpdi serve` on a PostgreSQL and a Redis of its own, for the fault suites to break. */
export interface FaultStack {
  database: ThrowawayPostgres;
  redis: ThrowawayRedis;
  /** The served process, its origin (`http://127.0.0.1:<port>`), REST root and output so far. */
  child: ChildProcess;
  root: string;
  rest: string;
  output: () => string;
  /** The warnings and errors `rpdi serve` logged (its JSON lines at level 40 and above), last first. */
  warnings(): string[];
  /**
   * Starts `rpdi serve` again on the same PostgreSQL and Redis with `args`, the last one killed
   * first if it still runs; `child`, `root`, `rest` and `output` then name the new one.
   */
  serveAgain(args: readonly string[]): Promise<void>;
  /** Runs one statement on a new connection of its own (so it works across restarts). */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  /** Empties the Redis (the feed's limit and the login counters) between rounds. */
  flushRedis(): Promise<void>;
  /** Stops what it started: `rpdi serve` (SIGKILL if it still runs), Redis, PostgreSQL. */
  remove(): Promise<void>;
}

/** Why the fault suites skip here (no initdb/pg_ctl or redis-server), or `undefined`. */
export async function faultStackAbsence(): Promise<string | undefined> {
  return (await throwawayPostgresAbsence()) ?? (await throwawayRedisAbsence());
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts a throwaway PostgreSQL and Redis, then `rpdi serve --database-url … --redis-url …` on
 * them with `args` added (it migrates and seeds the bundled sandbox). On a failure midway, what
 * had started is stopped before the error is thrown.
 */
export async function startFaultStack(args: readonly string[] = []): Promise<FaultStack> {
  const started: { database?: ThrowawayPostgres; redis?: ThrowawayRedis; child?: ChildProcess } =
    {};
  const remove = async () => {
    const { child, redis, database } = started;
    if (child !== undefined) {
      const gone = exited(child);
      child.kill("SIGKILL");
      await gone;
    }
    await redis?.remove();
    await database?.remove();
  };
  try {
    [started.database, started.redis] = await Promise.all([
      startThrowawayPostgres(),
      startThrowawayRedis(),
    ]);
    const database = started.database;
    const redis = started.redis;
    const serveOn = async (extra: readonly string[]) => {
      const serve = await startServe(
        ["--database-url", database.url, "--redis-url", redis.url, ...extra],
        { RPDI_TOKEN_SECRET: SECRET },
      );
      started.child = serve.child;
      return {
        child: serve.child,
        rest: serve.rest,
        root: serve.rest.replace(/\/api\/v2$/, ""),
        output: serve.output,
      };
    };
    const stack: FaultStack = {
      database,
      redis,
      ...(await serveOn(args)),
      warnings: () =>
        stack
          .output()
          .split("\n")
          .filter((line) => /^\{"level":(4|5|6)\d/.test(line))
          .reverse(),
      async serveAgain(extra) {
        const last = started.child;
        if (last !== undefined) {
          const gone = exited(last);
          last.kill("SIGKILL");
          await gone;
        }
        Object.assign(stack, await serveOn(extra));
      },
      async query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
        const client = new pg.Client({ connectionString: database.url });
        client.on("error", () => undefined);
        try {
          await client.connect();
          return (await client.query<T>(sql, values)).rows;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      async flushRedis() {
        const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
        try {
          await client.flushall();
        } finally {
          client.disconnect();
        }
      },
      remove,
    };
    return stack;
  } catch (error) {
    await remove();
    throw error;
  }
}
