/** Login failures allowed per account within the window before it is locked. */
export const LOGIN_FAILURE_LIMIT = 5;
/** How far back failed logins count towards {@link LOGIN_FAILURE_LIMIT}: fifteen minutes. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Throttles repeated login failures per account. A port, so several host instances can share
 * one (the default keeps counts in memory).
 */
export interface LoginThrottle {
  /** Whether `key` (an address) has too many recent failures to try again now. */
  isLocked(key: string, now: Date): Promise<boolean>;
  /** Counts one failed login for `key` at `now`. */
  recordFailure(key: string, now: Date): Promise<void>;
  /** Forgets `key`'s failures (after a successful login). */
  reset(key: string): Promise<void>;
}

/** After five failures within 15 minutes, the account is locked until the oldest ages out. */
export function createLoginThrottle(
  options: { limit: number; windowMs: number } = {
    limit: LOGIN_FAILURE_LIMIT,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  },
): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, at: number) =>
    (failures.get(key) ?? []).filter((time) => time > at - options.windowMs);
  return {
    async isLocked(key, now) {
      return recent(key, now.getTime()).length >= options.limit;
    },
    async recordFailure(key, now) {
      failures.set(key, [...recent(key, now.getTime()), now.getTime()]);
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}
