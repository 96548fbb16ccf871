import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../../src/runtime/rate-limit";
import { AUTH, accountSandbox } from "../http/account-pages-support";

/**
 * The recovery page counts each request under a key holding the address as typed, unbounded up to
 * the 64 KiB body limit, in the default in-memory limiter (`createWindowRateLimiter`), which never
 * forgets a key, even once its window has passed: 1,000 requests of 30 KB addresses from distinct
 * clients kept about 35 MB of heap an hour later. No member's address is longer than 254
 * characters, so a key need not hold more than that (or a hash of it).
 */
describe("recovery requests cannot grow the limiter's memory by the size of what they send", () => {
  it("takes keys of bounded size for a 30 KB address, of a known organization or an unknown one", async () => {
    const keys: string[] = [];
    const accountLimiter: RateLimiter = {
      policy: { limit: 20, windowMs: 15 * 60 * 1000 },
      async take(key) {
        keys.push(key);
        return { allowed: true, remaining: 19, resetSeconds: 900 };
      },
    };
    const { post } = await accountSandbox({ accountLimiter, clientKey: () => "10.0.0.1" });
    const email = `${"a".repeat(30_000)}@example.com`;
    expect((await post(`${AUTH}recovery`, { email })).status).toBe(200);
    expect((await post("/app/no-such-firm/admin/auth/recovery", { email })).status).toBe(200);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(1024);
  });
});
