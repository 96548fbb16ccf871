import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { ADMIN, sandbox } from "./support";

describe("the feed's rate-limit headers", () => {
  it("state the quota and what is left on every answer, and nothing left beside Retry-After on a 429", async () => {
    const { request, login } = sandbox({
      rateLimiter: createRateLimiter({ limit: 2, windowMs: 300_000 }),
    });
    const cookie = (await login(ADMIN)) as string;
    const feed = () => request("/v1/job-applications", { headers: { cookie } });
    const first = await feed();
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"feed";q=2;w=300');
    expect(first.headers.get("ratelimit")).toBe('"feed";r=1;t=300');
    const second = await feed();
    expect(second.headers.get("ratelimit")).toBe('"feed";r=0;t=300');
    const refused = await feed();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("300");
    expect(refused.headers.get("ratelimit")).toBe('"feed";r=0;t=300');
    expect(refused.headers.get("ratelimit-policy")).toBe('"feed";q=2;w=300');
  });

  it("the spec's default limit reads q=1000;w=300", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const answer = await request("/v1/job-applications", { headers: { cookie } });
    expect(answer.headers.get("ratelimit-policy")).toBe('"feed";q=1000;w=300');
    expect(answer.headers.get("ratelimit")).toBe('"feed";r=999;t=300');
  });
});
