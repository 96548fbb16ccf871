import type { PartialMessageCatalog } from "../messages/types";
import type { RateLimiter } from "../runtime/rate-limit";
import { emailKey } from "../values/email";
import { refused } from "./errors";
import { hashAccountToken } from "./tokens";

/** Takes one try of `key` from `limiter`: `null` when allowed (or no limiter), else the refusal. */
export async function throttled(
  limiter: RateLimiter | undefined,
  key: string,
  now: Date,
  messages?: PartialMessageCatalog,
) {
  if (limiter === undefined) return null;
  const decision = await limiter.take(key, now);
  if (decision.allowed) return null;
  return refused(
    "account.THROTTLED.wait",
    { retryAfterSeconds: decision.retryAfterSeconds },
    messages,
  );
}

/**
 * The limiter's keys for account tries. A client the host cannot tell (`""`) is not counted as a
 * client: every such request would share one budget, and twenty junk requests would lock
 * everyone out (the login does the same). Addresses and organization names are hashed, so a key
 * is small whatever a request sends.
 */
export const throttleKeys = {
  /** Token tries (invitation and reset links) of one client; `null` for an unknown client. */
  tokenClient: (client: string | undefined) =>
    client === undefined || client === "" ? null : `account-token\u0000${client}`,
  /** Recovery requests of one client; `null` for an unknown client. */
  recoveryClient: (client: string | undefined) =>
    client === undefined || client === "" ? null : `recovery-client\u0000${client}`,
  /** Recovery requests for one address of one organization (an id, or `?name` for none known). */
  recoveryAccount: (organization: string, email: string) =>
    `recovery-account\u0000${hashAccountToken(`${organization}\u0000${emailKey(email.trim())}`)}`,
  /** Code tries of one member (setup and removal). */
  mfaCode: (orgId: string, memberId: string) => `mfa-code\u0000${orgId}\u0000${memberId}`,
  /** Password changes of one member. */
  passwordChange: (orgId: string, memberId: string) =>
    `account-password\u0000${orgId}\u0000${memberId}`,
} as const;

/** {@link throttled} for each key in turn that is not `null`; the first refusal, or `null`. */
export async function throttledAll(
  limiter: RateLimiter | undefined,
  keys: readonly (string | null)[],
  now: Date,
  messages?: PartialMessageCatalog,
) {
  for (const key of keys) {
    if (key === null) continue;
    const held = await throttled(limiter, key, now, messages);
    if (held !== null) return held;
  }
  return null;
}
