import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env";
import { jsonError } from "./responses";

/**
 * The host names a request may be addressed to. An entry is a host name (`hr.example.com`,
 * `127.0.0.1`, `[::1]`) matched case-insensitively whatever the port, or a name with a leading dot
 * (`.example.com`) that also matches every subdomain.
 */
export type AllowedHosts = readonly string[];

/** The names of this machine's loopback interface, which `rpdi serve` always answers to. */
export const LOOPBACK_HOSTS: AllowedHosts = ["localhost", "127.0.0.1", "[::1]"];

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased, or `null`. */
export function hostNameOf(host: string): string | null {
  if (host === "" || /[\s/?#@\\]/.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

function normalize(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  if (trimmed.startsWith(".")) return `.${hostNameOf(trimmed.slice(1)) ?? trimmed.slice(1)}`;
  return hostNameOf(trimmed) ?? trimmed;
}

/** Whether `hostName` (already lower-cased) is one of `allowed`. */
export function isAllowedHost(hostName: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) =>
    entry.startsWith(".")
      ? hostName === entry.slice(1) || hostName.endsWith(entry)
      : hostName === entry,
  );
}

/**
 * DNS rebinding protection: a request addressed to a host name outside `allowedHosts` is refused
 * with 421 before routing. A page on `evil.example` whose name an attacker points at this server
 * reaches it as `Host: evil.example`, a name never in the list. The `Host` header and the request
 * URL (which hosts build from it, and the cross-site check compares `Origin` with) must both
 * name an allowed host.
 */
export function refuseUnknownHosts(allowedHosts: AllowedHosts): MiddlewareHandler<HttpEnv> {
  const refusal = hostRefusal(allowedHosts);
  return async (c, next) => {
    const refused = refusal(c.req.raw);
    if (refused !== null) return refused;
    await next();
  };
}

/**
 * {@link refuseUnknownHosts}'s check as a function: the 421 for a request addressed to a host
 * outside `allowedHosts`, `null` for one it may answer.
 */
export function hostRefusal(allowedHosts: AllowedHosts): (request: Request) => Response | null {
  const allowed = allowedHosts.map(normalize);
  const isAllowed = (name: string) => {
    const hostName = hostNameOf(name);
    return hostName !== null && isAllowedHost(hostName, allowed);
  };
  // Names already judged allowed, so a request to a known name parses no URL. A name refused is
  // never kept: an attacker choosing Host headers cannot fill this, and a full one starts over.
  const known = new Set<string>();
  const remember = (name: string) => {
    if (known.size >= KNOWN_HOSTS_LIMIT) known.clear();
    known.add(name);
  };
  // The last request's URL origin and Host header, when allowed: a client's requests repeat
  // them, and comparing text is cheaper than cutting the origin out and hashing it.
  let lastOrigin = "";
  let lastHost: string | null = null;
  return (request) => {
    const url = request.url;
    const host = request.headers.get("host");
    if (
      lastOrigin !== "" &&
      host === lastHost &&
      url.startsWith(lastOrigin) &&
      url.charCodeAt(lastOrigin.length) === SLASH
    )
      return null;
    const origin = originOf(url);
    if (origin !== null && known.has(origin) && (host === null || known.has(host))) {
      lastOrigin = origin.slice(ORIGIN_PREFIX.length);
      lastHost = host;
      return null;
    }
    const names = [new URL(request.url).host, host].filter((name): name is string => name !== null);
    const refused = names.find((name) => !isAllowed(name));
    if (refused !== undefined) {
      return jsonError(
        421,
        `This service does not answer to the host ${JSON.stringify(refused.slice(0, 255))}; add it to the allowedHosts option (rpdi serve: --allowed-host) if it is one of this service's names.`,
      );
    }
    if (origin !== null) remember(origin);
    if (host !== null) remember(host);
    return null;
  };
}

const SLASH = 0x2f;
const ORIGIN_PREFIX = "url ";

/** Names of allowed hosts {@link refuseUnknownHosts} keeps; more than a service has. */
const KNOWN_HOSTS_LIMIT = 64;

/**
 * A request URL's scheme and authority (`http://name:port`), the part its host is parsed from,
 * prefixed so that it is never mistaken for a `Host` header value (which holds no space); `null`
 * for a URL with user information, which is then parsed every time.
 */
function originOf(url: string): string | null {
  const authority = url.indexOf("://") + 3;
  const path = url.indexOf("/", authority);
  const origin = path === -1 ? url : url.slice(0, path);
  return origin.includes("@") ? null : `${ORIGIN_PREFIX}${origin}`;
}
