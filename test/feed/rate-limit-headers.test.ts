import { describe, expect, it } from "vitest";
import { createRateLimiter, FEED_RATE_LIMIT } from "../../src/feed/rate-limit";
import { rateLimitHeaders } from "../../src/feed/rate-limit-headers";

describe("rateLimitHeaders (draft-ietf-httpapi-ratelimit-headers)", () => {
  it("states the quota and what is left, counting down to a refusal with nothing left", async () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    const start = Date.UTC(2026, 5, 15, 12);
    const first = await limiter.take("org", new Date(start));
    expect(rateLimitHeaders(limiter.policy, first)).toEqual({
      "ratelimit-policy": '"feed";q=2;w=60',
      ratelimit: '"feed";r=1;t=60',
    });
    const second = await limiter.take("org", new Date(start + 15_000));
    expect(rateLimitHeaders(limiter.policy, second).ratelimit).toBe('"feed";r=0;t=45');
    const refused = await limiter.take("org", new Date(start + 30_000));
    expect(rateLimitHeaders(limiter.policy, refused).ratelimit).toBe('"feed";r=0;t=30');
  });

  it("the spec's limit reads q=1000;w=300, and a limiter without a stated quota sends no policy", () => {
    expect(rateLimitHeaders(FEED_RATE_LIMIT, { allowed: true, remaining: 999 })).toEqual({
      "ratelimit-policy": '"feed";q=1000;w=300',
      ratelimit: '"feed";r=999',
    });
    expect(rateLimitHeaders(undefined, { allowed: false, retryAfterSeconds: 7 })).toEqual({
      ratelimit: '"feed";r=0;t=7',
    });
  });
});
