import type { MiddlewareHandler } from "hono";
import type { DeprecationOptions } from "./deprecation-options";
import type { HttpEnv } from "./env";

/**
 * When rpdi first answered the deprecated matter endpoints as deprecated: the spec gives no date
 * (it says only that `upsert` and `validate-upsert` replace them), and RFC 9745's field is a date.
 */
export const MATTER_ENDPOINTS_DEPRECATED_SINCE = new Date("2026-11-22T00:00:00Z");

/**
 * Marks every answer of a deprecated endpoint: `Deprecation: @<seconds>` (RFC 9745, a structured
 * field date), `Link: <successor>; rel="successor-version"` (relative, so it holds wherever the
 * app is mounted), and `Sunset` (an HTTP date, RFC 8594) when the host set one.
 */
export function announceDeprecation(
  successor: string,
  options: DeprecationOptions = {},
): MiddlewareHandler<HttpEnv> {
  const since = options.since ?? MATTER_ENDPOINTS_DEPRECATED_SINCE;
  const deprecation = `@${Math.floor(since.getTime() / 1000)}`;
  const link = `<${successor}>; rel="successor-version"`;
  const sunset = options.sunset?.toUTCString();
  return async (c, next) => {
    await next();
    c.res.headers.set("deprecation", deprecation);
    c.res.headers.append("link", link);
    if (sunset !== undefined) c.res.headers.set("sunset", sunset);
  };
}
