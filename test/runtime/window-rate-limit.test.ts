import { describe, expect, it } from "vitest";
import { createWindowRateLimiter } from "../../src/runtime/rate-limit";

describe("the in-memory rolling-window limiter", () => {
  it("forgets keys whose window has passed, so memory follows the active keys, not every key ever seen", async () => {
    const limiter = createWindowRateLimiter({ limit: 5, windowMs: 60_000 });
    const start = new Date("2026-06-15T12:00:00Z");
    for (let i = 0; i < 3000; i++) await limiter.take(`client-${i}`, start);
    expect(limiter.trackedKeys).toBe(3000);
    const later = new Date(start.getTime() + 60_001);
    for (let i = 0; i < 2048; i++) await limiter.take("steady", later);
    expect(limiter.trackedKeys).toBe(1);
  });

  it("keeps counting a key still inside its window through a sweep", async () => {
    const limiter = createWindowRateLimiter({ limit: 2, windowMs: 60_000 });
    const now = new Date("2026-06-15T12:00:00Z");
    await limiter.take("watched", now);
    await limiter.take("watched", now);
    for (let i = 0; i < 2048; i++) await limiter.take(`other-${i}`, now);
    expect((await limiter.take("watched", now)).allowed).toBe(false);
  });
});
