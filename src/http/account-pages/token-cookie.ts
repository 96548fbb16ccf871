import { looksLikeAccountToken } from "../../accounts/tokens";
import type { HttpSettings } from "../env";
import { cookieValues } from "../session";
import { ACCOUNT_PAGE_HEADERS } from "./layout";

/** How long a link's token waits in its cookie for the password form: 15 minutes at most. */
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/** Which link a token cookie holds: an invitation's, or a password reset's. */
export type TokenCookieKind = "INVITATION" | "RESET";

/**
 * The cookie's name: the session cookie's, without a `__Host-` or `__Secure-` prefix (`__Host-`
 * requires `Path=/`), with the kind, and `__Secure-` when cookies are `Secure` (so no plain-http
 * response can set it).
 */
export function tokenCookieName(
  settings: Pick<HttpSettings, "cookieName" | "cookieSecure">,
  kind: TokenCookieKind,
): string {
  const base = settings.cookieName.replace(/^__(Host|Secure)-/i, "");
  return `${settings.cookieSecure ? "__Secure-" : ""}${base}_${kind}`;
}

/**
 * A `Set-Cookie` for the token: `HttpOnly`, `SameSite=Strict`, for the page's path only, 15
 * minutes; an empty value with `Max-Age=0` clears it.
 */
export function tokenCookieHeader(
  settings: Pick<HttpSettings, "cookieName" | "cookieSecure">,
  kind: TokenCookieKind,
  path: string,
  token: string,
): string {
  return [
    `${tokenCookieName(settings, kind)}=${token}`,
    `Path=${cookiePath(path)}`,
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${token === "" ? 0 : TOKEN_COOKIE_MAX_AGE_SECONDS}`,
    ...(settings.cookieSecure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The token the request's cookie holds: exactly one value of the name, of a token's shape; `null`
 * otherwise (a second value may be another site's plant, and is never chosen by order).
 */
export function tokenFromCookie(
  request: Request,
  settings: Pick<HttpSettings, "cookieName" | "cookieSecure">,
  kind: TokenCookieKind,
): string | null {
  const values = cookieValues(request, tokenCookieName(settings, kind));
  const [value] = values;
  return values.length === 1 && value !== undefined && looksLikeAccountToken(value) ? value : null;
}

/**
 * The answer to a link's `GET ?token=…`: 303 to the same page without the query, the token (when
 * it has a token's shape) moved to the cookie, so it stays in no address bar, history, `Referer`
 * or log.
 */
export function tokenRedirect(
  settings: Pick<HttpSettings, "cookieName" | "cookieSecure">,
  kind: TokenCookieKind,
  url: URL,
): Response {
  const token = url.searchParams.get("token") ?? "";
  const headers = new Headers({ ...ACCOUNT_PAGE_HEADERS, location: url.pathname });
  headers.set("x-content-type-options", "nosniff");
  headers.append(
    "set-cookie",
    tokenCookieHeader(settings, kind, url.pathname, looksLikeAccountToken(token) ? token : ""),
  );
  return new Response(null, { status: 303, headers });
}

/** The path as a cookie attribute: anything that could end or extend the attribute is encoded. */
function cookiePath(path: string): string {
  return path.replace(/[^\w\-.~%/!$&'()*+=:@]/g, (character) => encodeURIComponent(character));
}
