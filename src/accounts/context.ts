import type { PasswordHasher } from "../auth/password";
import type { PartialMessageCatalog } from "../messages/types";
import type { RateLimiter } from "../runtime/rate-limit";

/** What account services use besides the store; every field has a default. */
export interface AccountContext {
  /** Hashes and checks passwords; scrypt off the event loop by default. */
  hasher?: PasswordHasher;
  /** The host's message catalog for refusals; English by default. */
  messages?: PartialMessageCatalog;
  /** The shortest password accepted (default 8; ASVS recommends 15), in Unicode code points. */
  minPasswordLength?: number;
  /**
   * Counts tries per client (and, for recovery, per account); a refused try answers THROTTLED.
   * Without one nothing is counted. Share one between host instances (see `rpdi/postgres`).
   */
  limiter?: RateLimiter;
  /**
   * `requestPasswordRecovery` answers no sooner than this many milliseconds after it began (default
   * 200), so a member's address, whose branch also writes, answers in the same time as an unknown
   * one. 0 turns the floor off.
   */
  recoveryAnswerFloorMs?: number;
}
