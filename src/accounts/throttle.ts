import type { PartialMessageCatalog } from "../messages/types";
import type { RateLimiter } from "../runtime/rate-limit";
import { refused } from "./errors";

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
