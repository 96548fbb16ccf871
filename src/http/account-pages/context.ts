import type { AccountContext } from "../../accounts/context";
import type { RatePolicy } from "../../runtime/rate-limit";
import type { HttpSettings } from "../env";

/** The account pages' default budget: 20 tries per 15 minutes per client (and per account). */
export const ACCOUNT_TRIES_LIMIT: RatePolicy = { limit: 20, windowMs: 15 * 60 * 1000 };

/** What the account services get from the binding: its hasher, messages and limiter. */
export function accountContext(settings: HttpSettings): AccountContext {
  return {
    hasher: settings.passwordHasher,
    messages: settings.messages,
    limiter: settings.accountLimiter,
  };
}
