import { Cookie, CookieJar } from "tough-cookie";
import type { Runtime } from "./runtime";

/** What one answer's `Set-Cookie` lines left in the jar. */
export interface ReceivedCookies {
  /** A cookie with a value and not already expired was stored: a login that set one succeeded. */
  live: boolean;
  /** Epoch milliseconds when the first of those expires; `undefined` when none said. */
  expiresAt: number | undefined;
}

/** `Date` holds no later instant: a `Max-Age` past it is kept as the latest. */
const LATEST_DATE_MS = 8.64e15;

/**
 * The session's cookies, kept as RFC 6265 says (by tough-cookie): each is sent only to the URLs
 * its `Domain` and `Path` match, a `Secure` one only over https (or to this machine), one whose
 * `Domain` does not domain-match the answering host is refused, and a later `Set-Cookie` with the
 * same name, domain and path replaces it (`Max-Age=0` removes it). Expiry is judged on the
 * client's clock (`now`), which tough-cookie's own check cannot take.
 */
export class SessionCookies {
  private readonly jar = new CookieJar();
  private readonly values = new Set<string>();

  constructor(private readonly runtime: Pick<Runtime, "now" | "secrets">) {}

  /** Stores the `Set-Cookie` lines of an answer from `url`; the refused ones are dropped. */
  receive(headers: Headers, url: URL): ReceivedCookies {
    const now = this.runtime.now();
    const received: ReceivedCookies = { live: false, expiresAt: undefined };
    for (const line of setCookieLines(headers)) {
      const parsed = Cookie.parse(line);
      if (parsed === undefined) continue;
      const cookie = this.jar.setCookieSync(withAbsoluteExpiry(parsed, now), url, {
        ignoreError: true,
        now: new Date(now),
      });
      if (cookie === undefined || cookie.value === "" || !isLive(cookie, now)) continue;
      // The values are secrets: no later error may show them, even echoed by a service.
      if (!this.values.has(cookie.value)) this.runtime.secrets.addSession(cookie.value);
      this.values.add(cookie.value);
      received.live = true;
      const expiry = expiryOf(cookie);
      if (expiry !== undefined) received.expiresAt = Math.min(received.expiresAt ?? expiry, expiry);
    }
    return received;
  }

  /** The `Cookie` header for a request to `url`, or `undefined` when no live cookie matches it. */
  header(url: URL): string | undefined {
    const now = this.runtime.now();
    const cookies = this.jar
      .getCookiesSync(url, { expire: false })
      .filter((cookie) => isLive(cookie, now));
    return cookies.length === 0
      ? undefined
      : cookies.map((cookie) => cookie.cookieString()).join("; ");
  }
}

/**
 * `Max-Age` made an `Expires` at receipt on the client's clock: tough-cookie counts it from the
 * cookie's last use, which would extend a session with every call.
 */
function withAbsoluteExpiry(cookie: Cookie, now: number): Cookie {
  const { maxAge } = cookie;
  if (maxAge === null) return cookie;
  if (maxAge === "Infinity") cookie.expires = "Infinity";
  else if (maxAge === "-Infinity" || maxAge <= 0) cookie.expires = new Date(0);
  else cookie.expires = new Date(Math.min(now + maxAge * 1000, LATEST_DATE_MS));
  cookie.maxAge = null;
  return cookie;
}

function expiryOf(cookie: Cookie): number | undefined {
  return cookie.expires instanceof Date ? cookie.expires.getTime() : undefined;
}

function isLive(cookie: Cookie, now: number): boolean {
  const expiry = expiryOf(cookie);
  return expiry === undefined || expiry > now;
}

/**
 * The `Set-Cookie` lines of a response. `getSetCookie` (Node 20, Deno, Bun, browsers' own fetch)
 * keeps them apart; without it the joined header is split before each `name=` that follows a
 * comma, which an `Expires` date never has.
 */
function setCookieLines(headers: Headers): string[] {
  if (typeof headers.getSetCookie === "function") return headers.getSetCookie();
  const joined = headers.get("set-cookie");
  return joined === null ? [] : joined.split(/,(?=\s*[^;,=\s]+=)/);
}
