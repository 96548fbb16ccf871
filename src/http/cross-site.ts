import type { MiddlewareHandler } from "hono";
import type { HttpEnv, HttpSettings } from "./env";
import { jsonError } from "./responses";
import { sessionTokenOf } from "./session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the browser says this request comes from another site: its `Origin` is neither the
 * request's own nor a trusted one, or, without an `Origin`, its `Sec-Fetch-Site` is `cross-site`
 * or `same-site`. A request with neither header is no browser's cross-site request (browsers send
 * `Origin` on every cross-origin POST and DELETE), so server-side integrators pass. `Origin: null`
 * with `Sec-Fetch-Site: same-origin` is this site's own page whose `Referrer-Policy` is
 * `no-referrer` (the account pages'): browsers then post `Origin: null` (Fetch, "serializing a
 * request origin"), while `Sec-Fetch-Site` is never `same-origin` for an opaque origin or after a
 * redirect from another origin.
 */
export function comesFromAnotherSite(request: Request, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin === "null" && site === "same-origin") return false;
  if (origin !== null) {
    return origin !== new URL(request.url).origin && !trustedOrigins.includes(origin);
  }
  return site === "cross-site" || site === "same-site";
}

/**
 * CSRF protection for cookie-authenticated writes: such a request from another site is refused
 * with 403 before anything else is looked at. Requests authenticated by a bearer header carry no
 * ambient credential and are exempt, as are safe methods.
 */
export function refuseCrossSiteWrites(settings: HttpSettings): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    if (
      !SAFE_METHODS.has(request.method) &&
      sessionTokenOf(request, settings)?.from === "cookie" &&
      comesFromAnotherSite(request, settings.trustedOrigins)
    ) {
      return jsonError(
        403,
        "Cross-site request refused: a cookie-authenticated write must come from this site or a trusted origin.",
      );
    }
    await next();
  };
}
