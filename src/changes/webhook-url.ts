import ipaddr from "ipaddr.js";

/**
 * Where a webhook may be sent. A receiver's URL is an organization's input that rpdi's own
 * servers then call: left unchecked, it points them at the cloud's metadata service, a database
 * on the private network or the host itself (server-side request forgery).
 */
export interface WebhookUrlPolicy {
  /** Allows loopback receivers (and plain http to them): for the sandbox and tests only. */
  allowLoopback: boolean;
  /** The addresses a host name resolves to (every one of them, not the first). */
  resolve: (hostname: string) => Promise<string[]>;
}

/** Why {@link checkWebhookUrl} refused a URL. */
export const WEBHOOK_URL_REFUSALS = [
  "invalid-url",
  "scheme",
  "credentials",
  "https-required",
  "unresolvable",
  "not-public",
] as const;
/** One of {@link WEBHOOK_URL_REFUSALS}. */
export type WebhookUrlRefusal = (typeof WEBHOOK_URL_REFUSALS)[number];

/** The verdict of {@link checkWebhookUrl}: the URL as it will be called, or why not. */
export type WebhookUrlCheck =
  | { ok: true; url: string }
  | { ok: false; reason: WebhookUrlRefusal; message: string };

/** What each special-purpose range of ipaddr.js is, said to the person who registered the URL. */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  unspecified: "an unspecified address (0.0.0.0/8, ::)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, fe80::/10)",
  loopback: "a loopback address (127.0.0.0/8, ::1)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)",
  uniqueLocal: "a unique local address (fc00::/7)",
  ipv4Mapped: "an IPv4-mapped address",
};

const RESERVED = "a reserved or special-purpose address";
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
/** NAT64's well-known prefix: its addresses stand for the IPv4 address in their last 32 bits. */
const NAT64_V6 = ipaddr.parseCIDR("64:ff9b::/96");

/**
 * Why `ip` may not receive webhooks (a phrase such as "a private address (…)"), or `null` when it
 * may: a public unicast address, or a loopback one when `allowLoopback`. IPv4-mapped and NAT64
 * IPv6 addresses are judged by the IPv4 address they carry; IPv6 outside 2000::/3 (global
 * unicast) is refused, which covers the deprecated IPv4-compatible `::a.b.c.d` too.
 */
export function addressRefusal(ip: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(ip)) return "not an IP address";
  let address = ipaddr.process(ip);
  if (address.kind() === "ipv6" && address.match(NAT64_V6)) {
    const bytes = address.toByteArray().slice(12);
    address = ipaddr.fromByteArray(bytes);
  }
  const range = address.range();
  if (range === "loopback" && allowLoopback) return null;
  if (range !== "unicast") return RANGE_NAMES[range] ?? RESERVED;
  if (address.kind() === "ipv6" && !address.match(GLOBAL_UNICAST_V6)) return RESERVED;
  return null;
}

/** Whether `ip` is a loopback address (127.0.0.0/8, ::1, or either IPv4-mapped). */
export function isLoopbackAddress(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === "loopback";
}

/** Whether `ip` may receive webhooks (see {@link addressRefusal}). */
export function isPublicAddress(ip: string, allowLoopback: boolean): boolean {
  return addressRefusal(ip, allowLoopback) === null;
}

/**
 * Checks a receiver's URL when it is registered: an absolute http(s) URL without credentials
 * (they would sit in every log line that names the URL), whose host is, and resolves only to,
 * public addresses. One private address among public ones refuses it: whichever the sender's
 * resolver picks later must be safe. https is required, except for a loopback receiver when the
 * policy allows loopback. The sender checks addresses again when it connects, since a name may
 * resolve elsewhere by then; this check is what tells the organization early.
 */
export async function checkWebhookUrl(
  url: string,
  policy: WebhookUrlPolicy,
): Promise<WebhookUrlCheck> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null) return refuse("invalid-url", "the webhook URL is not an absolute URL");
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return refuse("scheme", `a webhook URL uses https, not ${parsed.protocol.slice(0, -1)}`);
  if (parsed.username !== "" || parsed.password !== "")
    return refuse("credentials", "a webhook URL may not hold a user name or password");
  const host = parsed.hostname;
  const addresses = await hostAddresses(host, policy);
  if (typeof addresses === "string") return refuse("unresolvable", addresses);
  for (const ip of addresses) {
    const why = addressRefusal(ip, policy.allowLoopback);
    if (why !== null) return refuse("not-public", notPublicMessage(host, ip, why));
  }
  const loopback = addresses.every(isLoopbackAddress);
  if (parsed.protocol === "http:" && !(policy.allowLoopback && loopback))
    return refuse(
      "https-required",
      "a webhook URL must use https, so events cannot be read or altered on the way",
    );
  return { ok: true, url: parsed.href };
}

/** The host's addresses (an IP literal is its own), or why there are none to check. */
async function hostAddresses(host: string, policy: WebhookUrlPolicy): Promise<string[] | string> {
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) return [literal];
  if (isLocalhostName(host) && !policy.allowLoopback) return ["127.0.0.1"];
  let addresses: string[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return `the webhook URL's host ${host} could not be resolved`;
  }
  return addresses.length > 0 ? addresses : `the webhook URL's host ${host} resolves to no address`;
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
function isLocalhostName(host: string): boolean {
  return /(^|\.)localhost\.?$/i.test(host);
}

function notPublicMessage(host: string, ip: string, why: string): string {
  const where = host.replace(/^\[|\]$/g, "") === ip ? `${host} is` : `${host} resolves to ${ip},`;
  return `the webhook URL's host ${where} ${why}: receivers must be reachable on the public internet`;
}

function refuse(reason: WebhookUrlRefusal, message: string): WebhookUrlCheck {
  return { ok: false, reason, message };
}
