import type { HttpSettings } from "./env";

/**
 * A `Set-Cookie` value with the attributes every cookie of rpdi's has: `Path=/`, `HttpOnly`,
 * `SameSite=Lax`, no `Domain` (what a `__Host-` name requires), and `Secure` unless the host
 * turned it off. `Max-Age=0` with an empty value clears the cookie.
 */
export function cookieHeader(
  settings: Pick<HttpSettings, "cookieSecure">,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(settings.cookieSecure ? ["Secure"] : []),
  ].join("; ");
}
