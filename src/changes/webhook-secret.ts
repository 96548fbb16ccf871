import { randomBytes } from "@noble/hashes/utils";

/** Standard Webhooks' prefix of a signing secret; the base64 of the key follows it. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * Key lengths rpdi accepts, in bytes. Standard Webhooks asks for 24 to 64 random bytes: fewer is
 * guessable, and receivers' libraries are only tested up to 64.
 */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A new signing secret: `whsec_` and the base64 of a 24-byte key (from `bytes` when given, for
 * tests; otherwise from the platform's secure random source).
 */
export function newWebhookSecret(bytes: Uint8Array = randomBytes(MIN_KEY_BYTES)): string {
  if (bytes.length < MIN_KEY_BYTES || bytes.length > MAX_KEY_BYTES)
    throw new RangeError(
      `a webhook key has ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes, not ${bytes.length}`,
    );
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${WEBHOOK_SECRET_PREFIX}${btoa(binary)}`;
}

/** Whether `text` is a signing secret rpdi can use: `whsec_` and base64 of 24 to 64 bytes. */
export function isWebhookSecret(text: string): boolean {
  if (!text.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const key = text.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(key)) return false;
  const bytes = (key.length / 4) * 3 - (key.endsWith("==") ? 2 : key.endsWith("=") ? 1 : 0);
  return bytes >= MIN_KEY_BYTES && bytes <= MAX_KEY_BYTES;
}
