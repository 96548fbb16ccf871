import fc from "fast-check";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { createRateLimiter, FEED_RATE_LIMIT } from "../../src/feed/rate-limit";
import { rateLimiterFrom } from "../../src/runtime/rate-limit";

describe("createRateLimiter (spec: 1000 requests per 5 minutes)", () => {
  it("allows the 1000th request in a window and refuses the 1001st with the seconds until the oldest leaves", async () => {
    const limiter = createRateLimiter(FEED_RATE_LIMIT);
    const start = Date.UTC(2026, 5, 15, 12);
    for (let request = 0; request < 1000; request++) {
      const decision = await limiter.take("org", new Date(start + request * 100));
      expect(decision).toEqual({
        allowed: true,
        remaining: 999 - request,
        resetSeconds: Math.ceil((300_000 - request * 100) / 1000),
      });
    }
    expect(await limiter.take("org", new Date(start + 100_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 200,
    });
  });

  it("rolls: a request is allowed again once the oldest counted one is older than the window", async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect((await limiter.take("org", new Date(0))).allowed).toBe(true);
    expect((await limiter.take("org", new Date(400))).allowed).toBe(true);
    expect(await limiter.take("org", new Date(999))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect((await limiter.take("org", new Date(1000))).allowed).toBe(true);
    expect((await limiter.take("org", new Date(1001))).allowed).toBe(false);
  });

  it("counts each organization separately and does not count refused requests", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect((await limiter.take("a", new Date(0))).allowed).toBe(true);
    expect((await limiter.take("b", new Date(0))).allowed).toBe(true);
    for (let i = 1; i < 5; i++)
      expect((await limiter.take("a", new Date(i * 1000))).allowed).toBe(false);
    expect((await limiter.take("a", new Date(60_001))).allowed).toBe(true);
  });
});

describe("rateLimiterFrom (a shared rate-limiter-flexible store behind the port)", () => {
  it("allows the limit, then refuses with Retry-After from the store, per key", async () => {
    const limiter = rateLimiterFrom(new RateLimiterMemory({ points: 3, duration: 300 }));
    const now = new Date();
    for (let request = 0; request < 3; request++)
      expect(await limiter.take("org", now)).toMatchObject({
        allowed: true,
        remaining: 2 - request,
        resetSeconds: expect.any(Number),
      });
    expect(limiter.policy).toEqual({ limit: 3, windowMs: 300_000 });
    const refused = await limiter.take("org", now);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(299);
    expect((await limiter.take("other", now)).allowed).toBe(true);
  });

  it("lets a store's own failure through instead of answering it as a refusal", async () => {
    const broken = rateLimiterFrom({
      consume: () => Promise.reject(new Error("connection refused")),
    });
    await expect(broken.take("org", new Date())).rejects.toThrow("connection refused");
  });
});

describe("the in-memory limiter against a filter over every counted request", () => {
  /** The limiter as first written: every counted time kept, filtered on each request. */
  function filteringModel(limit: number, windowMs: number) {
    const seen = new Map<string, number[]>();
    return (key: string, at: number) => {
      const times = (seen.get(key) ?? []).filter((time) => time > at - windowMs);
      seen.set(key, times);
      if (times.length >= limit) {
        const oldest = times.reduce((least, time) => Math.min(least, time));
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      times.push(at);
      const oldest = times.reduce((least, time) => Math.min(least, time));
      return {
        allowed: true,
        remaining: limit - times.length,
        resetSeconds: Math.max(0, Math.ceil((oldest + windowMs - at) / 1000)),
      };
    };
  }

  it("decides every request as the filter does, whatever the order of the times (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.tuple(fc.constantFrom("a", "b"), fc.integer({ min: 0, max: 20_000 })), {
          maxLength: 60,
        }),
        async (limit, windowMs, requests) => {
          const limiter = createRateLimiter({ limit, windowMs });
          const model = filteringModel(limit, windowMs);
          for (const [key, at] of requests) {
            expect(await limiter.take(key, new Date(at))).toEqual(model(key, at));
          }
        },
      ),
    );
  });
});
