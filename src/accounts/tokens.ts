import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, randomBytes } from "@noble/hashes/utils";

/** Bytes of randomness in an invitation or recovery token. */
export const ACCOUNT_TOKEN_BYTES = 32;

/** A new account token: 32 random bytes as base64url (43 characters). */
export function newAccountToken(bytes: Uint8Array = randomBytes(ACCOUNT_TOKEN_BYTES)): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The hash a token is stored and found by: SHA-256 of its text, hex. The token carries 256 random
 * bits, so a fast hash is enough: nothing short of the token finds it (OWASP: reset tokens).
 */
export function hashAccountToken(token: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(token)));
}

/** Whether `text` has the shape of a token (so anything else is refused before a look-up). */
export function looksLikeAccountToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}
