/**
 * What the service last said of a quota, from its `RateLimit` and `RateLimit-Policy` answers
 * (draft-ietf-httpapi-ratelimit-headers): how many requests are left and when that grows.
 */
export interface RateLimitBudget {
  /** The quota's name (`feed`). */
  policy: string;
  /** Requests left now. */
  remaining: number;
  /** When more become available (the answer's time plus its `t`). */
  resetAt: Date;
  /** The quota and its window in seconds, when the service stated its policy. */
  quota?: number;
  windowSeconds?: number;
}

/** The first item of a structured-field list (`"name";a=1;b=2`): its name and integer params. */
function firstItem(value: string | null): { name: string; params: Map<string, number> } | null {
  if (value === null) return null;
  const match = /^\s*"([^"\\]*)"((?:\s*;\s*[a-z][a-z0-9_*.-]*=\d{1,15})*)\s*(?:,|$)/.exec(value);
  if (match === null) return null;
  const params = new Map<string, number>();
  for (const param of (match[2] ?? "").matchAll(/;\s*([a-z][a-z0-9_*.-]*)=(\d{1,15})/g))
    params.set(param[1] as string, Number(param[2]));
  return { name: match[1] as string, params };
}

/**
 * The budget an answer states, or `undefined` when it states none (or not in the draft's form).
 * Only the first quota listed is read: the feed states one.
 */
export function readRateLimit(headers: Headers, now: number): RateLimitBudget | undefined {
  const limit = firstItem(headers.get("ratelimit"));
  const remaining = limit?.params.get("r");
  if (limit === null || remaining === undefined) return undefined;
  const policy = firstItem(headers.get("ratelimit-policy"));
  const stated = policy !== null && policy.name === limit.name ? policy.params : undefined;
  const quota = stated?.get("q");
  const windowSeconds = stated?.get("w");
  return {
    policy: limit.name,
    remaining,
    resetAt: new Date(now + (limit.params.get("t") ?? 0) * 1000),
    ...(quota === undefined ? {} : { quota }),
    ...(windowSeconds === undefined ? {} : { windowSeconds }),
  };
}
