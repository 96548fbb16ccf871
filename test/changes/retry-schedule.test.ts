import { describe, expect, it } from "vitest";
import {
  nextAttemptAt,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from "../../src/changes/retry-schedule";

const now = new Date("2026-06-15T00:00:00Z");

describe("the webhook retry schedule", () => {
  it("waits 5 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h and 24 h: about three days in all", () => {
    const delays = Array.from(
      { length: WEBHOOK_MAX_ATTEMPTS - 1 },
      (_, i) => (nextAttemptAt(i + 1, now)?.getTime() ?? Number.NaN) - now.getTime(),
    );
    expect(delays).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe((((2 * 24 + 20) * 60 + 36) * 60 + 5) * 1000);
  });

  it("is exhausted after the tenth failed attempt: the endpoint is then disabled", () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(10);
    expect(nextAttemptAt(10, now)).toBeNull();
    expect(nextAttemptAt(11, now)).toBeNull();
  });

  it("makes an event with no failed attempt due at once", () => {
    expect(nextAttemptAt(0, now)).toEqual(now);
  });
});
