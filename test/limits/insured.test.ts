import { createServer } from "node:net";
import { Redis } from "ioredis";
import { type IRateLimiterOptions, RateLimiterMemory } from "rate-limiter-flexible";
import { afterAll, describe, expect, it } from "vitest";
import { LOGIN_PROTECTION_DEFAULTS } from "../../src/auth/login-protection";
import { FEED_RATE_LIMIT } from "../../src/feed/rate-limit";
import { insuredLimiters } from "../../src/limits/insured";
import { createRedisLimiters } from "../../src/limits/redis";
import { sharedLimitersFrom } from "../../src/limits/shared";
import { createOutageLog } from "../../src/runtime/outages";
import { connectionRefused } from "../support/unreachable-store";

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log = createOutageLog({
    info: (fields, message) => lines.push({ level: "info", fields, message }),
    warn: (fields, message) => lines.push({ level: "warn", fields, message }),
  });
  return { log, lines };
}

describe("shared limiters while Redis cannot be reached", () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  async function downRedisLimiters() {
    const client = new Redis({
      host: "127.0.0.1",
      port: await closedPort(),
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on("error", () => undefined);
    clients.push(client);
    const { log, lines } = recordingLog();
    return { limiters: createRedisLimiters(client, { outageLog: log }), lines };
  }

  it("the feed limit still holds, in this process: of 1,001 requests, 1,000 pass", async () => {
    const { limiters } = await downRedisLimiters();
    const decisions = [];
    for (let n = 0; n <= FEED_RATE_LIMIT.limit; n += 1)
      decisions.push(await limiters.rateLimiter.take("org-1", new Date()));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(FEED_RATE_LIMIT.limit);
    expect(decisions.at(-1)).toMatchObject({ allowed: false });
  });

  it("never unlimited logins: an account's client is held back after its free failures", async () => {
    const { limiters } = await downRedisLimiters();
    const attempt = { account: "sandbox/a@b.example", client: "203.0.113.9", device: null };
    for (let n = 0; n < LOGIN_PROTECTION_DEFAULTS.freeFailures; n += 1) {
      expect(await limiters.loginProtection.begin(attempt)).toMatchObject({ allowed: true });
      await limiters.loginProtection.finish(attempt, "BAD_PASSWORD");
    }
    expect(await limiters.loginProtection.check(attempt)).toMatchObject({ allowed: false });
  });

  it("logs the outage once, as the limiter's, with the cause", async () => {
    const { limiters, lines } = await downRedisLimiters();
    for (let n = 0; n < 3; n += 1) await limiters.rateLimiter.take("org-1", new Date());
    expect(lines).toEqual([
      {
        level: "warn",
        fields: {
          dependency: "limiter",
          cause: "Stream isn't writeable and enableOfflineQueue options is false",
        },
        message: "limiter unreachable: counting limits in this process until it is back",
      },
    ]);
  });
});

/** A memory limiter that fails as an unreachable store while `state.down`. */
function switchableFactory(state: { down: boolean; failure: () => Error }) {
  return (options: IRateLimiterOptions) =>
    new Proxy(new RateLimiterMemory(options), {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) =>
          state.down
            ? Promise.reject(state.failure())
            : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
}

describe("insuredLimiters", () => {
  it("goes back to the shared counters once they answer, and logs the recovery once", async () => {
    const state = { down: true, failure: connectionRefused };
    const { log, lines } = recordingLog();
    const limiters = sharedLimitersFrom(
      insuredLimiters(switchableFactory(state), { outageLog: log }),
    );
    await limiters.rateLimiter.take("org-1", new Date());
    await limiters.rateLimiter.take("org-1", new Date());
    state.down = false;
    const back = await limiters.rateLimiter.take("org-1", new Date());
    // The shared counter never saw the two taken while it was away.
    expect(back).toMatchObject({ allowed: true, remaining: FEED_RATE_LIMIT.limit - 1 });
    await limiters.rateLimiter.take("org-1", new Date());
    expect(lines.map(({ level, fields }) => [level, fields.dependency, fields.refused])).toEqual([
      ["warn", "limiter", undefined],
      ["info", "limiter", 2],
    ]);
  });

  it("a failure that is no outage fails the call: nothing is let through uncounted", async () => {
    const state = { down: true, failure: () => new TypeError("a bug in the store") };
    const limiters = sharedLimitersFrom(insuredLimiters(switchableFactory(state)));
    await expect(limiters.rateLimiter.take("org-1", new Date())).rejects.toThrow(
      "a bug in the store",
    );
  });
});
