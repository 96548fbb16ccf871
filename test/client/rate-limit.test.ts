import { describe, expect, it } from "vitest";
import { RpdiRateLimitError } from "../../src/client/errors";
import { readRateLimit } from "../../src/client/rate-limit";
import { clientOf, json, StubService } from "./stub-service";

/** A feed answering with a quota of `quota` per `windowSeconds`, counting down. */
function limitedFeed(quota: number, windowSeconds: number) {
  let left = quota;
  let windowEnds: number | undefined;
  return new StubService({
    api: (_request, service) => {
      const now = service.clock.now;
      if (windowEnds === undefined || now >= windowEnds) {
        windowEnds = now + windowSeconds * 1000;
        left = quota;
      }
      const t = Math.ceil((windowEnds - now) / 1000);
      const policy = `"feed";q=${quota};w=${windowSeconds}`;
      if (left === 0)
        return json(
          { error: "Too many requests." },
          {
            status: 429,
            headers: {
              "retry-after": String(t),
              ratelimit: `"feed";r=0;t=${t}`,
              "ratelimit-policy": policy,
            },
          },
        );
      left -= 1;
      return json([], {
        headers: { ratelimit: `"feed";r=${left};t=${t}`, "ratelimit-policy": policy },
      });
    },
  });
}

describe("rpdi/client rate-limit headers", () => {
  it("reads the draft's fields: the first quota's remaining and reset, with its policy when named alike", () => {
    const now = Date.UTC(2026, 5, 15, 12);
    const headers = new Headers({
      ratelimit: '"feed";r=998;t=120, "other";r=1',
      "ratelimit-policy": '"feed";q=1000;w=300',
    });
    expect(readRateLimit(headers, now)).toEqual({
      policy: "feed",
      remaining: 998,
      resetAt: new Date(now + 120_000),
      quota: 1000,
      windowSeconds: 300,
    });
    expect(readRateLimit(new Headers({ ratelimit: "limit=10, remaining=5" }), now)).toBeUndefined();
    expect(readRateLimit(new Headers(), now)).toBeUndefined();
    expect(
      readRateLimit(
        new Headers({ ratelimit: '"feed";r=3', "ratelimit-policy": '"burst";q=9;w=1' }),
        now,
      ),
    ).toEqual({ policy: "feed", remaining: 3, resetAt: new Date(now) });
  });

  it("exposes the remaining budget after each feed call", async () => {
    const client = clientOf(limitedFeed(3, 60));
    expect(client.feed.rateLimit()).toBeUndefined();
    await client.feed.jobApplications();
    expect(client.feed.rateLimit()).toMatchObject({
      policy: "feed",
      remaining: 2,
      quota: 3,
      windowSeconds: 60,
    });
    await client.feed.jobApplications();
    expect(client.feed.rateLimit()?.remaining).toBe(1);
  });

  it("waits for the budget before the call that would draw a 429, instead of after it", async () => {
    const service = limitedFeed(2, 60);
    const client = clientOf(service);
    await client.feed.jobApplications();
    service.clock.advance(10_000);
    await client.feed.jobApplications();
    expect(client.feed.rateLimit()?.remaining).toBe(0);
    const sleptBefore = service.clock.sleeps.length;
    await client.feed.jobApplications();
    // One wait, until the window the service stated ends (50 s left), and no 429 drawn.
    expect(service.clock.sleeps.slice(sleptBefore)).toEqual([50_000]);
    const feedCalls = service.requests.filter(
      (request) => request.url.pathname === "/v1/job-applications",
    );
    expect(feedCalls).toHaveLength(3);
  });

  it("fails at once, sending nothing, when the spent budget comes back later than it may wait", async () => {
    const service = limitedFeed(1, 600);
    const client = clientOf(service, { retry: { maxDelayMs: 60_000 } });
    await client.feed.jobApplications();
    const sent = service.requests.length;
    await expect(client.feed.jobApplications()).rejects.toBeInstanceOf(RpdiRateLimitError);
    expect(service.requests.length).toBe(sent);
  });
});
