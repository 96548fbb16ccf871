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
 * What a device cookie stays valid for: the member's password hash and session epoch, as a tag
 * under the device key (`null` for no member). A password change or a logout everywhere then ends
 * the trust of every device that logged in before, as it ends their sessions.
 */
export function deviceBinding(
  secret: TokenSecret,
  member: { credentials: { passwordHash: string | null; sessionEpoch: number } } | null,
): string {
  const state = JSON.stringify(
    member === null ? null : [member.credentials.passwordHash, member.credentials.sessionEpoch],
  );
  return base64url.encode(hmac(sha256, deviceKey(secret), encoder.encode(state)).slice(0, 16));
}

/** A device cookie that verified: its nonce, and the member state it was issued for. */
export interface TrustedDevice {
  nonce: string;
  binding: string;
}

/**
 * A device cookie's value (OWASP's "device cookies" against slow brute force): a signed JWT that
 * binds `account`, a random nonce and the member's {@link deviceBinding}, issued on each
 * successful login.
 */
export function issueDeviceToken(
  secret: TokenSecret,
  account: string,
  binding: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ acc: accountTag(account), bnd: binding })
    .setProtectedHeader({ alg: "HS256", typ: TYPE })
    .setJti(base64url.encode(randomBytes(16)))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DEVICE_COOKIE_LIFETIME_SECONDS)
    .sign(deviceKey(secret));
}

/**
 * The device when `token` is a valid, unexpired device token for `account`; `null` for anything
 * else (forged, expired, another account's, a session token). Whether the member is still as it
 * was is for the caller to compare, once it has read the member.
 */
export async function verifyDeviceToken(
  secret: TokenSecret,
  token: string,
  account: string,
  now: Date,
): Promise<TrustedDevice | null> {
  try {
    const { payload } = await jwtVerify(token, deviceKey(secret), {
      algorithms: ["HS256"],
      typ: TYPE,
      currentDate: now,
      requiredClaims: ["exp", "iat", "jti", "acc", "bnd"],
    });
    return payload.acc === accountTag(account) &&
      typeof payload.jti === "string" &&
      typeof payload.bnd === "string"
      ? { nonce: payload.jti, binding: payload.bnd }
      : null;
  } catch {
    return null;
  }
}
