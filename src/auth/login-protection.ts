import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
} from "rate-limiter-flexible";
import { consumeSettled } from "../runtime/rate-limit";

/** Whether a login may be tried now; if not, for how long it is held back. */
export type LoginCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One login try as login protection sees it. */
export interface LoginAttempt {
  /** The account tried: organization short name and lower-cased address. */
  account: string;
  /** Who is asking, from the host's `clientKey`; `""` when the host cannot tell. */
  client: string;
  /**
   * The nonce of a valid device cookie issued to this account on an earlier successful login
   * (a trusted device), or `null`.
   */
  device: string | null;
}

/**
 * What {@link LoginProtection.begin} decided: held back, or let through, with or without a turn of
 * the account's MFA code budget (without one, a right password with any code still fails).
 */
export type LoginStart =
  | { allowed: true; codeTurn: boolean }
  | { allowed: false; retryAfterSeconds: number };

/** How a login that {@link LoginProtection.begin} let through ended. */
export type LoginResult = "SUCCESS" | "BAD_PASSWORD" | "BAD_CODE" | "HELD_BACK";

/**
 * Brute-force protection for the login (OWASP's authentication cheat sheet and its "device
 * cookies" against slow brute force; rate-limiter-flexible's "login endpoint protection"). A try
 * from a device without a device cookie counts per account and client (growing delays), per client
 * over all accounts, and per account over all clients (failed passwords an hour, failed MFA codes a
 * window). A trusted device counts only its own failures, so the owner is never kept out by
 * an attacker's. A port, so several host instances can share one.
 */
export interface LoginProtection {
  /**
   * Whether the attempt may go ahead. If it may, it holds one try of its account's login budget
   * until {@link LoginProtection.finish}, so concurrent tries cannot overrun it, and says whether it
   * also holds a turn of the MFA code budget. That budget never refuses an attempt here, before
   * anything is compared: only right passwords spend it, so a refusal that came sooner would tell
   * an attacker which passwords were right.
   */
  begin(attempt: LoginAttempt): Promise<LoginStart>;
  /** Whether the attempt may still go ahead (its delays and client block only); holds nothing. */
  check(attempt: LoginAttempt): Promise<LoginCheck>;
  /** Ends an attempt `begin` let through: counts a failure, or forgets the consecutive ones. */
  finish(attempt: LoginAttempt, result: LoginResult): Promise<void>;
}

/** The defaults of {@link createLoginProtection}. */
export const LOGIN_PROTECTION_DEFAULTS = {
  /** Consecutive failures of one account from one client before any delay. */
  freeFailures: 5,
  /** The longest delay; each further failure doubles it from one second up to this. */
  maxDelaySeconds: 15 * 60,
  /** Failures one client may make in a day, over all accounts, before it is blocked for the day. */
  clientFailuresPerDay: 100,
  /**
   * Failed logins (wrong passwords and wrong codes alike) an account may take in an hour from
   * untrusted devices (ASVS: at most 100).
   */
  accountFailuresPerHour: 100,
  /** Failed MFA codes an account may take in a window from untrusted devices, and each trusted one. */
  codeFailuresPerWindow: 5,
  /** That window: 5 codes per 15 minutes let 480 of the 1,000,000 codes be tried a day. */
  codeWindowSeconds: 15 * 60,
} as const;

/** Options of {@link createLoginProtection}. */
export interface LoginProtectionOptions {
  /** Consecutive failures of one account from one client before any delay (default 5). */
  freeFailures?: number;
  /** The longest delay, in seconds (default 15 minutes). */
  maxDelaySeconds?: number;
  /** Failures a client may make in a day over all accounts (default 100). */
  clientFailuresPerDay?: number;
  /** Failed passwords an account may take in an hour from untrusted devices (default 100). */
  accountFailuresPerHour?: number;
  /** Failed MFA codes an account may take per window from untrusted devices (default 5). */
  codeFailuresPerWindow?: number;
  /** The window of `codeFailuresPerWindow`, in seconds (default 15 minutes). */
  codeWindowSeconds?: number;
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
  const settings = { ...LOGIN_PROTECTION_DEFAULTS, ...definedOnly(options) };
  const make = options.limiter ?? ((limiterOptions) => new RateLimiterMemory(limiterOptions));
  const consecutive = make({
    keyPrefix: "rpdi_login_consecutive",
    points: Number.MAX_SAFE_INTEGER,
    duration: DAY_SECONDS,
  });
  const delays = make({
    keyPrefix: "rpdi_login_delay",
    points: 1,
    duration: settings.maxDelaySeconds,
  });
  const perClient = make({
    keyPrefix: "rpdi_login_client",
    points: settings.clientFailuresPerDay,
    duration: DAY_SECONDS,
    blockDuration: DAY_SECONDS,
  });
  const passwords = make({
    keyPrefix: "rpdi_login_account",
    points: settings.accountFailuresPerHour,
    duration: 60 * 60,
  });
  const codes = make({
    keyPrefix: "rpdi_login_codes",
    points: settings.codeFailuresPerWindow,
    duration: settings.codeWindowSeconds,
  });
  const cap = (part: string) => part.slice(0, MAX_KEY_PART);
  // JSON keeps the parts unambiguous without a NUL separator, which PostgreSQL text refuses; a
  // trusted device's keys have one part more, so no client key can be taken for one.
  const pairKey = ({ account, client, device }: LoginAttempt) =>
    JSON.stringify(device === null ? [cap(account), cap(client)] : [cap(account), "", cap(device)]);
  const budgetKey = ({ account, device }: LoginAttempt) =>
    JSON.stringify(device === null ? [cap(account)] : [cap(account), cap(device)]);
  // An unidentified client is every client, and a trusted device is exempt from the client's count.
  const clientKey = ({ client, device }: LoginAttempt) =>
    client === "" || device !== null ? null : cap(client);
  const release = (key: string, ...budgets: RateLimiterAbstract[]) =>
    Promise.all(budgets.map((budget) => budget.reward(key)));

  async function check(attempt: LoginAttempt): Promise<LoginCheck> {
    const client = clientKey(attempt);
    const [delay, byClient] = await Promise.all([
      delays.get(pairKey(attempt)),
      client === null ? null : perClient.get(client),
    ]);
    return heldFor([
      delay !== null && delay.consumedPoints > 1 ? delay.msBeforeNext : 0,
      byClient !== null && byClient.consumedPoints >= settings.clientFailuresPerDay
        ? byClient.msBeforeNext
        : 0,
    ]);
  }

  async function countFailure(attempt: LoginAttempt): Promise<void> {
    const key = pairKey(attempt);
    const failures = (await consumeSettled(consecutive.consume(key))).state.consumedPoints;
    if (failures >= settings.freeFailures) {
      const exponent = Math.min(30, failures - settings.freeFailures);
      await delays.block(key, Math.min(settings.maxDelaySeconds, 2 ** exponent));
    }
    const client = clientKey(attempt);
    if (client !== null) await consumeSettled(perClient.consume(client));
  }

  return {
    check,
    async begin(attempt) {
      const held = await check(attempt);
      if (!held.allowed) return held;
      const key = budgetKey(attempt);
      const [password, code] = await Promise.all([
        consumeSettled(passwords.consume(key)),
        consumeSettled(codes.consume(key)),
      ]);
      if (password.allowed) return { allowed: true, codeTurn: code.allowed };
      // A refused consume counts too: giving both back keeps each count to tries in flight and kept.
      await release(key, passwords, codes);
      return { allowed: false, retryAfterSeconds: Math.ceil(password.state.msBeforeNext / 1000) };
    },
    async finish(attempt, result) {
      const key = budgetKey(attempt);
      // Every failure keeps its login budget's try, whichever part was wrong, so that budget, which
      // refuses before comparing, runs out alike for right and wrong passwords; only a right
      // password with a wrong code keeps the code budget's.
      // The same counter work either way (a reward of no points), so timing tells neither.
      if (result === "BAD_PASSWORD" || result === "BAD_CODE")
        await Promise.all([
          codes.reward(key, result === "BAD_PASSWORD" ? 1 : 0),
          countFailure(attempt),
        ]);
      else if (result === "HELD_BACK") await release(key, passwords, codes);
      else {
        const pair = pairKey(attempt);
        await Promise.all([
          release(key, passwords, codes),
          consecutive.delete(pair),
          delays.delete(pair),
        ]);
      }
    },
  };
}

function heldFor(waits: readonly number[]): LoginCheck {
  const wait = waits.reduce((longest, next) => Math.max(longest, next), 0);
  return wait > 0
    ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
    : { allowed: true };
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
