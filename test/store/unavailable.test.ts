import { createServer, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import pg from "pg";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
  StoreUnavailableError,
} from "../../src/store/errors";
import { asUnavailable, unreachableCause } from "../../src/store/unavailable";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A loopback port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A loopback server that does `onSocket` with every connection; stopped by `stop`. */
async function fakeServer(onSocket: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

async function databaseAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 1000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("unreachableCause: real failures of pg, ioredis and rate-limiter-flexible", () => {
  const real: { name: string; error: unknown }[] = [];
  const silent: Awaited<ReturnType<typeof fakeServer>>[] = [];

  beforeAll(async () => {
    const port = await closedPort();
    const refused = new pg.Client({ host: "127.0.0.1", port, user: "u", database: "d" });
    real.push({ name: "pg connect to a closed port", error: await rejection(refused.connect()) });

    const mute = await fakeServer(() => undefined);
    silent.push(mute);
    const pool = new pg.Pool({
      host: "127.0.0.1",
      port: mute.port,
      user: "u",
      database: "d",
      connectionTimeoutMillis: 50,
    });
    real.push({
      name: "pg pool's connection wait timing out",
      error: await rejection(pool.connect()),
    });
    await pool.end().catch(() => undefined);

    const hangUp = await fakeServer((socket) => socket.destroy());
    silent.push(hangUp);
    const cut = new pg.Client({ host: "127.0.0.1", port: hangUp.port, user: "u", database: "d" });
    cut.on("error", () => undefined);
    real.push({ name: "pg server hanging up", error: await rejection(cut.connect()) });

    const redis = new Redis({
      host: "127.0.0.1",
      port,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on("error", () => undefined);
    real.push({
      name: "ioredis connect to a closed port",
      error: await rejection(redis.connect()),
    });
    real.push({ name: "ioredis command once closed", error: await rejection(redis.get("k")) });
    const offline = new Redis({
      host: "127.0.0.1",
      port,
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    offline.on("error", () => undefined);
    real.push({
      name: "ioredis without offline queue",
      error: await rejection(offline.get("k")),
    });
    const limiter = new RateLimiterRedis({
      storeClient: offline,
      points: 1,
      duration: 1,
      rejectIfRedisNotReady: true,
    });
    real.push({
      name: "RateLimiterRedis while Redis is not ready",
      error: await rejection(limiter.consume("k")),
    });
    redis.disconnect();
    offline.disconnect();
  });

  afterAll(async () => {
    for (const server of silent) await server.stop();
  });

  it("recognizes every one of them, and wraps each as the dependency named", () => {
    expect(real.map(({ name }) => name)).toHaveLength(7);
    for (const { name, error } of real) {
      expect(unreachableCause(error), name).toBe(error);
      const wrapped = asUnavailable(error, "limiter");
      expect(wrapped, name).toBeInstanceOf(StoreUnavailableError);
      expect(wrapped?.dependency).toBe("limiter");
      expect(wrapped?.cause).toBe(error);
      expect(wrapped?.committed).toBe("no");
    }
  });

  it("recognizes them wrapped: a StoreError's cause, an AggregateError's errors", () => {
    const [first] = real;
    const inStoreError = new StoreError("loadOrganization", first?.error);
    expect(unreachableCause(inStoreError)).toBe(first?.error);
    const aggregate = new AggregateError([new Error("other"), first?.error], "connect failed");
    expect(unreachableCause(aggregate)).toBe(first?.error);
    const already = new StoreUnavailableError("database", first?.error, "unknown");
    expect(asUnavailable(already, "limiter")).toBe(already);
  });

  it("PostgreSQL's own codes of a server going away: a terminated backend is 57P01", async (context) => {
    if (!(await databaseAnswers())) {
      context.skip("no PostgreSQL at DATABASE_URL to terminate a session of");
      return;
    }
    const victim = new pg.Client({ connectionString: DATABASE_URL });
    const killer = new pg.Client({ connectionString: DATABASE_URL });
    victim.on("error", () => undefined);
    await victim.connect();
    await killer.connect();
    try {
      const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const killed = rejection(victim.query("SELECT pg_sleep(30)"));
      // Only this test's own session is terminated, and only once its sleep has reached the
      // server: on a busy machine the query can still be in flight when the killer asks.
      let terminated = false;
      for (let attempt = 0; attempt < 500 && !terminated; attempt++) {
        const answer = await killer.query<{ done: boolean }>(
          "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query LIKE '%pg_sleep%'",
          [rows[0]?.pid],
        );
        terminated = answer.rows[0]?.done === true;
        if (!terminated) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(terminated).toBe(true);
      const error = await killed;
      expect((error as { code?: string }).code).toBe("57P01");
      expect(unreachableCause(error)).toBe(error);
    } finally {
      await victim.end().catch(() => undefined);
      await killer.end();
    }
  });
});

describe("unreachableCause: what is not an outage", () => {
  it.each([
    [
      "a syntax error",
      Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" }),
    ],
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a serialization failure", Object.assign(new Error("could not serialize"), { code: "40001" })],
    ["a statement timeout", Object.assign(new Error("canceling statement"), { code: "57014" })],
    ["a file not found", Object.assign(new Error("no such file"), { code: "ENOENT" })],
    ["a plain error", new Error("boom")],
    ["a type error", new TypeError("x is undefined")],
    ["a conflict", new StoreConflictError("busy")],
    ["an absent organization", new OrganizationNotFoundError("org")],
    ["a StoreError of a bug", new StoreError("loadOrganization", new Error("bug"))],
    ["a string", "ECONNREFUSED"],
    ["null", null],
    ["undefined", undefined],
  ])("%s", (_, error) => {
    expect(unreachableCause(error)).toBeUndefined();
    expect(asUnavailable(error, "database")).toBeUndefined();
  });

  it("follows causes only a few levels deep (a cycle ends)", () => {
    const looped = new Error("outer") as Error & { cause?: unknown };
    looped.cause = looped;
    expect(unreachableCause(looped)).toBeUndefined();
  });
});

describe("unreachableCause: shapes named by PostgreSQL's and the drivers' documentation", () => {
  it.each([
    ["08006 connection_failure", { code: "08006" }],
    ["08001 sqlclient_unable_to_establish_sqlconnection", { code: "08001" }],
    ["08003 connection_does_not_exist", { code: "08003" }],
    ["57P02 crash_shutdown", { code: "57P02" }],
    ["57P03 cannot_connect_now (starting up)", { code: "57P03" }],
    ["53300 too_many_connections", { code: "53300" }],
    ["ECONNRESET", { code: "ECONNRESET" }],
    ["ETIMEDOUT", { code: "ETIMEDOUT" }],
    ["EPIPE", { code: "EPIPE" }],
    ["EHOSTUNREACH", { code: "EHOSTUNREACH" }],
    ["ENOTFOUND", { code: "ENOTFOUND" }],
    ["pg: Connection terminated unexpectedly", { message: "Connection terminated unexpectedly" }],
    ["ioredis: MaxRetriesPerRequestError", { name: "MaxRetriesPerRequestError", message: "x" }],
    ["ioredis: Command timed out", { message: "Command timed out" }],
    ["Redis: LOADING", { message: "LOADING Redis is loading the dataset in memory" }],
  ])("%s", (_, fields) => {
    const error = Object.assign(new Error(), fields);
    expect(unreachableCause(error)).toBe(error);
  });
});
