import { rateLimitHeaders } from "../feed/rate-limit-headers";
import type { RateDecision, RatePolicy } from "../runtime/rate-limit";
import { COMMON_HEADERS, JSON_CONTENT_TYPE, jsonError } from "./responses";

/**
 * An admitted feed answer's headers (200 or 400): the JSON response's and the rate limit's, as one
 * plain record with the names in ascending order. A host's lightweight response
 * (@hono/node-server's) writes a plain record as it is; setting the quota on a built response
 * made it build a `Headers` (which lists names sorted) and copy it back into a record, about a
 * seventh of a feed request. Sorted here, the fields go out in the order they did.
 */
export function feedHeaders(
  policy: RatePolicy | undefined,
  decision: RateDecision & { allowed: true },
): Record<string, string> {
  const quota = rateLimitHeaders(policy, decision);
  const ratelimit = quota.ratelimit as string;
  const quotaPolicy = quota["ratelimit-policy"];
  return quotaPolicy === undefined
    ? {
        "cache-control": COMMON_HEADERS["cache-control"],
        "content-type": JSON_CONTENT_TYPE,
        ratelimit,
        "x-content-type-options": COMMON_HEADERS["x-content-type-options"],
      }
    : {
        "cache-control": COMMON_HEADERS["cache-control"],
        "content-type": JSON_CONTENT_TYPE,
        ratelimit,
        "ratelimit-policy": quotaPolicy,
        "x-content-type-options": COMMON_HEADERS["x-content-type-options"],
      };
}

/**
 * The 429 of the feed's quota (the feed and its changes share it): `Retry-After` and the quota's
 * headers.
 */
export function rateLimitRefusal(
  policy: RatePolicy | undefined,
  decision: RateDecision & { allowed: false },
): Response {
  return jsonError(429, `Rate limit exceeded; retry after ${decision.retryAfterSeconds} seconds.`, {
    "retry-after": String(decision.retryAfterSeconds),
    ...rateLimitHeaders(policy, decision),
  });
}
