import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { randomBytes } from "@noble/hashes/utils";
import { base64url, jwtVerify, SignJWT } from "jose";
import type { TokenSecret } from "./token";

/** How long a device cookie lets its browser past an attacked account's lockout: 180 days. */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;

const TYPE = "rpdi-device+jwt";
const encoder = new TextEncoder();

/**
 * A key of its own, derived from the token secret, so a device token can never pass as a session
 * token (or the reverse) whatever claims either carries.
 */
function deviceKey(secret: TokenSecret): Uint8Array {
  const bytes = typeof secret === "string" ? encoder.encode(secret) : secret;
  return hmac(sha256, bytes, encoder.encode("rpdi device cookie v1"));
}

/** The account a token is bound to, hashed: the cookie need not carry an address. */
function accountTag(account: string): string {
  return base64url.encode(sha256(encoder.encode(account)));
}

/**
 * A device cookie's value (OWASP's "device cookies" against slow brute force): a signed JWT that
 * binds `account` and a random nonce, issued on each successful login.
 */
export function issueDeviceToken(secret: TokenSecret, account: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ acc: accountTag(account) })
    .setProtectedHeader({ alg: "HS256", typ: TYPE })
    .setJti(base64url.encode(randomBytes(16)))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DEVICE_COOKIE_LIFETIME_SECONDS)
    .sign(deviceKey(secret));
}

/**
 * The device's nonce when `token` is a valid, unexpired device token for `account`; `null` for
 * anything else (forged, expired, another account's, a session token).
 */
export async function verifyDeviceToken(
  secret: TokenSecret,
  token: string,
  account: string,
  now: Date,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, deviceKey(secret), {
      algorithms: ["HS256"],
      typ: TYPE,
      currentDate: now,
      requiredClaims: ["exp", "iat", "jti", "acc"],
    });
    return payload.acc === accountTag(account) && typeof payload.jti === "string"
      ? payload.jti
      : null;
  } catch {
    return null;
  }
}
