import type { RateDecision, RatePolicy } from "../runtime/rate-limit";

/** The name of the feed's quota in the headers. */
const POLICY_NAME = "feed";

/**
 * The IETF rate-limit header fields (draft-ietf-httpapi-ratelimit-headers-09) for one decision:
 * `RateLimit-Policy: "feed";q=<quota>;w=<window seconds>` when the limiter states its quota, and
 * `RateLimit: "feed";r=<remaining>;t=<seconds until more>` on every answer, 0 left on a refusal
 * (which also carries `Retry-After`, set by the caller).
 */
export function rateLimitHeaders(
  policy: RatePolicy | undefined,
  decision: RateDecision,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (policy !== undefined)
    headers["ratelimit-policy"] =
      `"${POLICY_NAME}";q=${policy.limit};w=${Math.ceil(policy.windowMs / 1000)}`;
  headers.ratelimit = decision.allowed
    ? `"${POLICY_NAME}";r=${decision.remaining}${decision.resetSeconds === undefined ? "" : `;t=${decision.resetSeconds}`}`
    : `"${POLICY_NAME}";r=0;t=${decision.retryAfterSeconds}`;
  return headers;
}
