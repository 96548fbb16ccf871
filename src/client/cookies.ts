/** The cookies a login set: a `Cookie` header's value, and when the first of them expires. */
export interface SessionCookies {
  header: string;
  /** Epoch milliseconds; `undefined` when no cookie said. */
  expiresAt: number | undefined;
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

/**
 * The session the login response set, or `null` when it set none (the spec's failed login: 200
 * without a cookie). A cookie set to an empty value or already expired is a removal, not a session.
 */
export function sessionCookiesOf(headers: Headers, now: number): SessionCookies | null {
  const pairs: string[] = [];
  let expiresAt: number | undefined;
  for (const line of setCookieLines(headers)) {
    const [pair = "", ...attributes] = line.split(";");
    const separator = pair.indexOf("=");
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expiry = expiryOf(attributes, now);
    if (value === "" || (expiry !== undefined && expiry <= now)) continue;
    pairs.push(`${name}=${value}`);
    if (expiry !== undefined) expiresAt = Math.min(expiresAt ?? expiry, expiry);
  }
  return pairs.length === 0 ? null : { header: pairs.join("; "), expiresAt };
}

/** RFC 6265 §5.3: `Max-Age` wins over `Expires`. */
function expiryOf(attributes: readonly string[], now: number): number | undefined {
  let expires: number | undefined;
  for (const attribute of attributes) {
    const separator = attribute.indexOf("=");
    const name = (separator === -1 ? attribute : attribute.slice(0, separator))
      .trim()
      .toLowerCase();
    const value = separator === -1 ? "" : attribute.slice(separator + 1).trim();
    if (name === "max-age" && /^-?\d+$/.test(value)) return now + Number(value) * 1000;
    if (name === "expires") {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) expires = at;
    }
  }
  return expires;
}
