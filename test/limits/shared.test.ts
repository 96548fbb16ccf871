import { Redis } from "ioredis";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisLimiters } from "../../src/limits/redis";
import type { SharedLimiters } from "../../src/limits/shared";
import { createPostgresLimiters } from "../../src/postgres/limiters";
import { DATABASE_URL, dropStore, freshStore, schemaOfStore, serverPool } from "../postgres/stores";
import { redisAnswers } from "../support/redis";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const REDIS = await redisAnswers(REDIS_URL);

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
      await (limiters[n % limiters.length] as SharedLimiters).loginProtection.recordFailure(
        account,
        "203.0.113.9",
      );
    for (const limiter of limiters) {
      expect(await limiter.loginProtection.check(account, "203.0.113.9")).toMatchObject({
        allowed: false,
      });
      expect(await limiter.loginProtection.check(account, "198.51.100.7")).toEqual({
        allowed: true,
      });
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
    afterAll(() => {
      for (const client of clients) client.disconnect();
    });
    sharedBehaviour(() =>
      [0, 1, 2].map(() => {
        const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(client);
        return createRedisLimiters(client);
      }),
    );
  },
);
