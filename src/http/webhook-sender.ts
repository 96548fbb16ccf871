import { promises as dns } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { SendWebhook, WebhookRequest } from "../changes/deliver-webhooks";
import { addressRefusal, isLoopbackAddress } from "../changes/webhook-url";

/** How {@link createWebhookSender} posts. */
export interface WebhookSenderOptions {
  /** Allows loopback receivers, over plain http too: for the sandbox and tests only. */
  allowLoopback?: boolean;
  /** Gives up on a receiver after this many milliseconds, connection to answer (default 10,000). */
  timeoutMs?: number;
  /** Resolves a host name to all its addresses (default {@link resolveHostname}). */
  resolve?: (hostname: string) => Promise<string[]>;
}

/**
 * A receiver's answer body is read up to this many bytes and dropped: rpdi needs only the
 * status, and a receiver must not be able to make the worker buffer a large answer.
 */
const MAX_ANSWER_BYTES = 4096;

/** Every address a host name resolves to, IPv4 and IPv6, as the system resolver answers. */
export async function resolveHostname(hostname: string): Promise<string[]> {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address }) => address);
}

/**
 * The Node sender of webhooks (`node:http` and `node:https`). Each address is checked when the
 * connection is made, after resolving, so a name that was public when its URL was registered and
 * now resolves to a private or loopback address (DNS rebinding) is refused before a byte is sent.
 * Redirects are never followed (a 3xx is the answer, a failed attempt), plain http goes only to
 * loopback receivers when they are allowed, every attempt gets a new connection (no pooled socket
 * outlives the check), and the whole exchange is bounded by `timeoutMs`.
 */
export function createWebhookSender(options: WebhookSenderOptions = {}): SendWebhook {
  const allowLoopback = options.allowLoopback ?? false;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const resolve = options.resolve ?? resolveHostname;
  const lookups = {
    "https:": checkedLookup(resolve, (ip) => addressRefusal(ip, allowLoopback)),
    "http:": checkedLookup(resolve, (ip) => loopbackRefusal(ip, allowLoopback)),
  };
  return async (request) => {
    const url = new URL(request.url);
    const refusal = urlRefusal(url, allowLoopback);
    if (refusal !== null) throw new Error(refusal);
    const lookup = url.protocol === "https:" ? lookups["https:"] : lookups["http:"];
    return post(url, request, lookup, timeoutMs);
  };
}

/**
 * What is wrong with the URL before any connection: only http(s), no credentials, and an IP
 * literal checked here, since Node connects to a literal without calling `lookup`.
 */
function urlRefusal(url: URL, allowLoopback: boolean): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `webhook URLs use https, not ${url.protocol}`;
  if (url.username !== "" || url.password !== "") return "a webhook URL may not hold credentials";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) === 0) return null;
  const why =
    url.protocol === "https:"
      ? addressRefusal(host, allowLoopback)
      : loopbackRefusal(host, allowLoopback);
  return why === null ? null : `webhook receiver ${host} refused: ${why}`;
}

/** Plain http goes only to a loopback receiver, and only when loopback is allowed. */
function loopbackRefusal(ip: string, allowLoopback: boolean): string | null {
  if (!allowLoopback) return "plain http is refused (https only)";
  return isLoopbackAddress(ip) ? null : "plain http goes only to a loopback receiver";
}

/** A `lookup` for `node:http` that resolves every address and fails if any is refused. */
function checkedLookup(
  resolve: (hostname: string) => Promise<string[]>,
  refusal: (ip: string) => string | null,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const problem = addressesRefusal(hostname, addresses, refusal);
        if (problem !== null) return callback(problem, "", 0);
        const all = addresses.map((address) => ({ address, family: isIP(address) }));
        const first = all[0] as { address: string; family: number };
        if (options.all === true) callback(null, all);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function addressesRefusal(
  hostname: string,
  addresses: readonly string[],
  refusal: (ip: string) => string | null,
): NodeJS.ErrnoException | null {
  if (addresses.length === 0)
    return Object.assign(new Error(`webhook receiver ${hostname} resolves to no address`), {
      code: "ENOTFOUND",
    });
  for (const ip of addresses) {
    const why = refusal(ip);
    if (why !== null)
      return Object.assign(
        new Error(`webhook receiver ${hostname} resolves to ${ip}, refused: ${why}`),
        {
          code: "ERR_WEBHOOK_ADDRESS_REFUSED",
        },
      );
  }
  return null;
}

/** One POST: resolves with the status as soon as it comes; reads little of the answer's body. */
function post(
  url: URL,
  request: WebhookRequest,
  lookup: LookupFunction,
  timeoutMs: number,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const headers = {
      ...request.headers,
      "content-length": String(Buffer.byteLength(request.body)),
    };
    const outgoing = send(url, { method: "POST", headers, lookup, agent: false }, (answer) => {
      resolve({ status: answer.statusCode ?? 0 });
      discardBody(answer);
    });
    const timer = setTimeout(
      () =>
        outgoing.destroy(new Error(`the webhook receiver did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    outgoing.on("error", reject);
    outgoing.on("close", () => clearTimeout(timer));
    outgoing.end(request.body);
  });
}

/** Reads the answer's body up to {@link MAX_ANSWER_BYTES}, then closes the connection. */
function discardBody(answer: IncomingMessage): void {
  let read = 0;
  answer.on("error", () => undefined);
  answer.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > MAX_ANSWER_BYTES) answer.destroy();
  });
}
