import { sha256 } from "@noble/hashes/sha2";
import { randomBytes } from "@noble/hashes/utils";

/** Bytes of randomness in an invitation or recovery token. */
export const ACCOUNT_TOKEN_BYTES = 32;

/** A new account token: 32 random bytes as base64url (43 characters). */
export function newAccountToken(bytes: Uint8Array = randomBytes(ACCOUNT_TOKEN_BYTES)): string {
  // By table into one joined string: btoa and three replaces made four strings a token.
  const characters: string[] = [];
  for (let index = 0; index < ACCOUNT_TOKEN_BYTES; index += 3) {
    const a = bytes[index] as number;
    const b = index + 1 < ACCOUNT_TOKEN_BYTES ? (bytes[index + 1] as number) : 0;
    const c = index + 2 < ACCOUNT_TOKEN_BYTES ? (bytes[index + 2] as number) : 0;
    characters.push(BASE64URL[a >> 2] as string, BASE64URL[((a & 3) << 4) | (b >> 4)] as string);
    if (index + 1 < ACCOUNT_TOKEN_BYTES)
      characters.push(BASE64URL[((b & 15) << 2) | (c >> 6)] as string);
    if (index + 2 < ACCOUNT_TOKEN_BYTES) characters.push(BASE64URL[c & 63] as string);
  }
  return characters.join("");
}

const BASE64URL = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");

/** Tokens drawn per call for the random source: `getRandomValues` gives at most 65,536 bytes. */
const TOKENS_PER_DRAW = 65_536 / ACCOUNT_TOKEN_BYTES;

/**
 * `count` new account tokens, their randomness drawn in a few large calls rather than one per
 * token (an import invites every member it creates: tens of thousands).
 */
export function newAccountTokens(count: number): string[] {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const batch = Math.min(TOKENS_PER_DRAW, count - tokens.length);
    const bytes = randomBytes(batch * ACCOUNT_TOKEN_BYTES);
    for (let index = 0; index < batch; index++)
      tokens.push(
        newAccountToken(
          bytes.subarray(index * ACCOUNT_TOKEN_BYTES, (index + 1) * ACCOUNT_TOKEN_BYTES),
        ),
      );
  }
  return tokens;
}

/**
 * The hash a token is stored and found by: SHA-256 of its text, hex. The token carries 256 random
 * bits, so a fast hash is enough: nothing short of the token finds it (OWASP: reset tokens).
 */
export function hashAccountToken(token: string): string {
  if (nativeSha256 !== null) return nativeSha256(token);
  const digest = sha256(new TextEncoder().encode(token));
  // Joined, not appended: a string built by += is a chain of 64 pieces until it is read whole,
  // about 2 KB a hash, and an import keeps one per member it creates.
  const pairs: string[] = [];
  for (const byte of digest) pairs.push(HEX[byte] as string);
  return pairs.join("");
}

/**
 * Node's SHA-256 (also in Deno and Bun), several times faster than the JavaScript one for the tens
 * of thousands of tokens an import makes; loaded lazily, so the module still loads where
 * `node:crypto` is missing, and the JavaScript hash (same digests) serves until it has loaded.
 */
let nativeSha256: ((text: string) => string) | null = null;
import("node:crypto").then(
  ({ createHash }) => {
    nativeSha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
  },
  () => undefined,
);

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** Whether `text` has the shape of a token (so anything else is refused before a look-up). */
export function looksLikeAccountToken(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}
