import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
} from "rate-limiter-flexible";
import { consumeSettled } from "../feed/rate-limit";

/** Whether a login may be tried now; if not, for how long it is held back. */
export type LoginCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Brute-force protection for the login (OWASP's authentication cheat sheet; rate-limiter-flexible's
 * "login endpoint protection"): failures count per account and client, with growing delays, and
 * per client across accounts. An attacker's failures never hold back the account's owner on
 * another client. A port, so several host instances can share one.
 */
export interface LoginProtection {
  /** Whether `account` may try to log in from `client` now. */
  check(account: string, client: string): Promise<LoginCheck>;
  /** Counts one failed login of `account` from `client`. */
  recordFailure(account: string, client: string): Promise<void>;
  /** Forgets the consecutive failures of `account` from `client` (after a successful login). */
  recordSuccess(account: string, client: string): Promise<void>;
}

/** The defaults of {@link createLoginProtection}. */
export const LOGIN_PROTECTION_DEFAULTS = {
  /** Consecutive failures of one account from one client before any delay. */
  freeFailures: 5,
  /** The longest delay; each further failure doubles it from one second up to this. */
  maxDelaySeconds: 15 * 60,
  /** Failures one client may make in a day, over all accounts, before it is blocked for the day. */
  clientFailuresPerDay: 100,
} as const;

/** Options of {@link createLoginProtection}. */
export interface LoginProtectionOptions {
  /** Consecutive failures of one account from one client before any delay (default 5). */
  freeFailures?: number;
  /** The longest delay, in seconds (default 15 minutes). */
  maxDelaySeconds?: number;
  /** Failures a client may make in a day over all accounts (default 100). */
  clientFailuresPerDay?: number;
  /**
   * Makes each counter from rate-limiter-flexible's options: `RateLimiterMemory` by default; a
   * shared store (`RateLimiterPostgres`, `RateLimiterRedis`…) makes the protection hold across
   * host instances.
   */
  limiter?: (options: IRateLimiterOptions) => RateLimiterAbstract;
}

const DAY_SECONDS = 24 * 60 * 60;
/** Keys are bounded whatever a request sends: an address is at most 254 characters. */
const MAX_KEY_PART = 320;

/** Login protection over rate-limiter-flexible counters, in memory by default. */
export function createLoginProtection(options: LoginProtectionOptions = {}): LoginProtection {
  const freeFailures = options.freeFailures ?? LOGIN_PROTECTION_DEFAULTS.freeFailures;
  const maxDelaySeconds = options.maxDelaySeconds ?? LOGIN_PROTECTION_DEFAULTS.maxDelaySeconds;
  const clientFailuresPerDay =
    options.clientFailuresPerDay ?? LOGIN_PROTECTION_DEFAULTS.clientFailuresPerDay;
  const make = options.limiter ?? ((limiterOptions) => new RateLimiterMemory(limiterOptions));
  const consecutive = make({
    keyPrefix: "rpdi_login_consecutive",
    points: Number.MAX_SAFE_INTEGER,
    duration: DAY_SECONDS,
  });
  const delays = make({ keyPrefix: "rpdi_login_delay", points: 1, duration: maxDelaySeconds });
  const perClient = make({
    keyPrefix: "rpdi_login_client",
    points: clientFailuresPerDay,
    duration: DAY_SECONDS,
    blockDuration: DAY_SECONDS,
  });
  const clientKey = (client: string) => client.slice(0, MAX_KEY_PART);
  // JSON keeps the pair unambiguous without a NUL separator, which PostgreSQL text refuses.
  const pairKey = (account: string, client: string) =>
    JSON.stringify([account.slice(0, MAX_KEY_PART), clientKey(client)]);
  return {
    async check(account, client) {
      const [delay, byClient] = await Promise.all([
        delays.get(pairKey(account, client)),
        client === "" ? null : perClient.get(clientKey(client)),
      ]);
      const waits = [
        delay !== null && delay.consumedPoints > 1 ? delay.msBeforeNext : 0,
        byClient !== null && byClient.consumedPoints >= clientFailuresPerDay
          ? byClient.msBeforeNext
          : 0,
      ];
      const wait = Math.max(waits[0] ?? 0, waits[1] ?? 0);
      return wait > 0
        ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
        : { allowed: true };
    },
    async recordFailure(account, client) {
      const key = pairKey(account, client);
      const failures = (await consumeSettled(consecutive.consume(key))).state.consumedPoints;
      if (failures >= freeFailures) {
        const seconds = Math.min(maxDelaySeconds, 2 ** Math.min(30, failures - freeFailures));
        await delays.block(key, seconds);
      }
      // An unidentified client is every client: counting it would let anyone block all logins.
      if (client !== "") await consumeSettled(perClient.consume(clientKey(client)));
    },
    async recordSuccess(account, client) {
      const key = pairKey(account, client);
      await Promise.all([consecutive.delete(key), delays.delete(key)]);
    },
  };
}
