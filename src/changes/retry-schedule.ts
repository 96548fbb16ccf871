/**
 * How long to wait after each failed delivery attempt, in milliseconds: quick retries for a blip,
 * then hours apart for an outage. Ten attempts in all over 2 days 20 hours 36 minutes (the issue's
 * "about three days"), after which the endpoint is disabled. Fixed, not jittered: attempts of one
 * endpoint are already spread by when each event was made, and a fixed schedule can be documented.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000, // 5 s
  60_000, // 1 min
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  6 * 3_600_000, // 6 h
  12 * 3_600_000, // 12 h
  24 * 3_600_000, // 24 h
  24 * 3_600_000, // 24 h
];

/** Attempts an event gets before its endpoint is disabled (the first and one per delay). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/**
 * When to try an event again after its `failedAttempts`-th failed attempt (counting the one that
 * just failed) at `now`; `null` when the schedule is exhausted and the endpoint is to be disabled.
 */
export function nextAttemptAt(failedAttempts: number, now: Date): Date | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) return new Date(now.getTime());
  const delay = WEBHOOK_RETRY_DELAYS_MS[failedAttempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
