import { Redis } from "ioredis";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginProtection, LoginResult } from "../../src/auth/login-protection";
import { createPostgresLimiters } from "../../src/limits/postgres";
import { createRedisLimiters } from "../../src/limits/redis";
import type { SharedLimiters } from "../../src/limits/shared";
import { DATABASE_URL, dropStore, freshStore, schemaOfStore, serverPool } from "../postgres/stores";
import { redisAnswers } from "../support/redis";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const REDIS = await redisAnswers(REDIS_URL);

/** One login try that `begin` lets through and that ends as `result`. */
async function failOnce(
  protection: LoginProtection,
  account: string,
  client: string,
  result: LoginResult = "BAD_PASSWORD",
): Promise<void> {
  const attempt = { account, client, device: null };
  expect(await protection.begin(attempt)).toEqual({ allowed: true, codeTurn: true });
  await protection.finish(attempt, result);
}

/** Three instances' limiters, as three processes would build them on one backend. */
function sharedBehaviour(instances: () => SharedLimiters[]) {
  it("counts the feed limit once across instances: of 1,100 requests spread over three, exactly 1,000 pass", async () => {
    const limiters = instances();
    const orgId = `org-${Math.random().toString(36).slice(2)}`;
    const decisions = [];
    for (let n = 0; n < 1100; n++)
      decisions.push(
        await (limiters[n % limiters.length] as SharedLimiters).rateLimiter.take(orgId, new Date()),
      );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(1000);
    const refused = decisions.slice(1000);
    expect(refused.every((decision) => !decision.allowed)).toBe(true);
    for (const decision of refused)
      if (!decision.allowed) expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("holds back an account's client on every instance once its failures were spread over them", async () => {
    const limiters = instances();
    const account = `victim-${Math.random().toString(36).slice(2)}@firm.example`;
    for (let n = 0; n < 5; n++)
      await failOnce(
        (limiters[n % limiters.length] as SharedLimiters).loginProtection,
        account,
        "203.0.113.9",
      );
    for (const limiter of limiters) {
      expect(
        await limiter.loginProtection.check({ account, client: "203.0.113.9", device: null }),
      ).toMatchObject({ allowed: false });
      expect(
        await limiter.loginProtection.check({ account, client: "198.51.100.7", device: null }),
      ).toEqual({ allowed: true });
    }
  });

  it("counts an account's failed MFA codes once across instances and clients: after 5, no untrusted client gets a sixth, a trusted device does", async () => {
    const limiters = instances();
    const account = `mfa-${Math.random().toString(36).slice(2)}@firm.example`;
    for (let n = 0; n < 5; n++)
      await failOnce(
        (limiters[n % limiters.length] as SharedLimiters).loginProtection,
        account,
        `203.0.113.${n}`,
        "BAD_CODE",
      );
    for (const [n, limiter] of limiters.entries()) {
      const untrusted = { account, client: `198.51.100.${n}`, device: null };
      expect(await limiter.loginProtection.begin(untrusted)).toEqual({
        allowed: true,
        codeTurn: false,
      });
      await limiter.loginProtection.finish(untrusted, "HELD_BACK");
      const trusted = { account, client: "203.0.113.0", device: "owner-device" };
      expect(await limiter.loginProtection.begin(trusted)).toEqual({
        allowed: true,
        codeTurn: true,
      });
      await limiter.loginProtection.finish(trusted, "SUCCESS");
    }
  });
}

describe.skipIf(DATABASE_URL === undefined)(
  "shared limiters on PostgreSQL (skipped: DATABASE_URL names no server)",
  () => {
    let pool: pg.Pool;
    let schema = "";
    let drop: () => Promise<void> = async () => {};
    beforeAll(async () => {
      pool = serverPool();
      const store = await freshStore(pool, "limits");
      schema = schemaOfStore(store);
      drop = () => dropStore(store);
    });
    afterAll(async () => {
      await drop();
      await pool.end();
    });
    sharedBehaviour(() => [0, 1, 2].map(() => createPostgresLimiters(pool, { schema })));
  },
);

describe.skipIf(!REDIS)(
  `shared limiters on Redis (skipped: no Redis answers at ${REDIS_URL})`,
  () => {
    const clients: Redis[] = [];
    // A namespace per test, as each PostgreSQL test has a schema of its own: under the default
    // one, the client address the tests share kept its failures in Redis for a day, across runs,
    // and was held back once about 20 runs had counted there.
    const namespaces: string[] = [];
    afterAll(async () => {
      const [client] = clients;
      for (const namespace of namespaces) {
        const keys = await client?.keys(`${namespace}:*`);
        if (keys !== undefined && keys.length > 0) await client?.del(keys);
      }
      for (const client of clients) client.disconnect();
    });
    sharedBehaviour(() => {
      const namespace = `rpdi-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
      namespaces.push(namespace);
      return [0, 1, 2].map(() => {
        const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(client);
        return createRedisLimiters(client, { namespace });
      });
    });
  },
);
