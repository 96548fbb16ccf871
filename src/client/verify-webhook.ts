import { Webhook } from "standardwebhooks";
import { isWebhookSecret } from "../changes/webhook-secret";
import { WEBHOOK_HEADER_NAMES } from "../changes/webhook-signature";
import { type WebhookPayload, webhookPayloadSchema } from "../domain/webhooks";
import { constantTimeEqual } from "../runtime/constant-time";

/** Why {@link verifyWebhook} refused a request. */
export const WEBHOOK_VERIFICATION_REASONS = [
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or malformed. */
  "missing-header",
  /** The timestamp is further from now than the tolerance, in the past or the future. */
  "stale-timestamp",
  /** No `v1` signature matches any of the secrets. */
  "bad-signature",
  /** Signed, but not a payload of rpdi's webhooks. */
  "bad-payload",
] as const;
/** One of {@link WEBHOOK_VERIFICATION_REASONS}. */
export type WebhookVerificationReason = (typeof WEBHOOK_VERIFICATION_REASONS)[number];

/** A webhook request {@link verifyWebhook} refused; `reason` says why. Answer it with 400. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** How {@link verifyWebhook} judges the timestamp. */
export interface VerifyWebhookOptions {
  /** The receiver's clock (default: now). */
  now?: Date;
  /** How far the timestamp may be from `now`, either way, in seconds (default 300). */
  toleranceSeconds?: number;
}

/** Headers as fetch gives them, or as `node:http` does (a plain object, lower-case names). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

const DEFAULT_TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();

/**
 * Checks a webhook rpdi sent and returns its payload: the Standard Webhooks signature over the
 * exact body received (pass the raw body, not a re-serialized object), by any of `secrets` (both
 * during a rotation), and a timestamp within the tolerance of now in either direction, which
 * stops a captured request from being replayed later. The HMAC is computed by the maintained
 * `standardwebhooks` package; its own `verify` is not called because it reads the wall clock,
 * which `options.now` replaces. Throws a {@link WebhookVerificationError}; a receiver should
 * also drop a `webhook-id` it has already processed, since delivery is at least once.
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookPayload {
  const keys = checkedSecrets(secrets);
  const { id, timestamp, signatures } = readHeaders(headers);
  checkTimestamp(timestamp, options);
  const text = bodyText(body);
  const signedAt = new Date(timestamp * 1000);
  const offered = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .map((entry) => encoder.encode(entry));
  const matches = keys.some((secret) => {
    const expected = encoder.encode(new Webhook(secret).sign(id, signedAt, text));
    return offered.some((signature) => constantTimeEqual(signature, expected));
  });
  if (!matches)
    throw new WebhookVerificationError("bad-signature", "no webhook signature matches the secrets");
  return parsePayload(text);
}

function checkedSecrets(secrets: string | readonly string[]): readonly string[] {
  const keys = typeof secrets === "string" ? [secrets] : secrets;
  if (keys.length === 0) throw new TypeError("verifyWebhook needs at least one secret");
  keys.forEach((secret, index) => {
    if (!isWebhookSecret(secret))
      throw new TypeError(`verifyWebhook: secret ${index + 1} is not a whsec_ secret`);
  });
  return keys;
}

function readHeaders(headers: WebhookHeaders) {
  const id = header(headers, WEBHOOK_HEADER_NAMES.id);
  const stamp = header(headers, WEBHOOK_HEADER_NAMES.timestamp);
  const signatures = header(headers, WEBHOOK_HEADER_NAMES.signature);
  if (id === undefined || stamp === undefined || signatures === undefined)
    throw new WebhookVerificationError(
      "missing-header",
      "a webhook carries webhook-id, webhook-timestamp and webhook-signature",
    );
  if (!/^\d{1,12}$/.test(stamp))
    throw new WebhookVerificationError(
      "missing-header",
      "webhook-timestamp is not a whole number of unix seconds",
    );
  return { id, timestamp: Number(stamp), signatures };
}

/** One header's value, by case-insensitive name; a repeated one only if it is the signature list. */
function header(headers: WebhookHeaders, name: string): string | undefined {
  // Duck-typed: a Headers of another realm or a fetch polyfill is not `instanceof Headers`.
  const value =
    typeof headers.get === "function"
      ? (headers as Headers).get(name)
      : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  if (Array.isArray(value))
    return value.length === 1 || name === WEBHOOK_HEADER_NAMES.signature
      ? value.join(" ")
      : undefined;
  return value === null || value === undefined || value === "" ? undefined : value;
}

function checkTimestamp(timestamp: number, options: VerifyWebhookOptions): void {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance)
    throw new WebhookVerificationError(
      "stale-timestamp",
      `the webhook was signed ${now - timestamp} s ago, more than the ${tolerance} s allowed`,
    );
  if (timestamp - now > tolerance)
    throw new WebhookVerificationError(
      "stale-timestamp",
      `the webhook is dated ${timestamp - now} s in the future, more than the ${tolerance} s allowed`,
    );
}

/**
 * The body as the text that was signed. Bytes that are not UTF-8 cannot be what rpdi signed, and
 * decoding them leniently would let two different bodies share one signature.
 */
function bodyText(body: string | Uint8Array): string {
  if (typeof body === "string") return body;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw new WebhookVerificationError("bad-signature", "the webhook's body is not UTF-8 text");
  }
}

function parsePayload(text: string): WebhookPayload {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("bad-payload", "the webhook's body is not JSON");
  }
  const parsed = webhookPayloadSchema.safeParse(json);
  if (!parsed.success)
    throw new WebhookVerificationError("bad-payload", "the webhook's body is not an rpdi event");
  return parsed.data;
}
