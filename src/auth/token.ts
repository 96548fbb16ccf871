import { jwtVerify, SignJWT } from "jose";
import { RecentMap } from "../runtime/recent-map";

/** Who a session token speaks for. */
export interface Session {
  orgId: string;
  memberId: string;
  /**
   * The member's `sessionStamp` (auth/session-stamp.ts) when the token was issued (claim `stp`): the session holds
   * only while the member's stamp is still this. A token without one authenticates no one.
   */
  stamp?: string;
}

/** The token lifetime (DESIGN.md: 12 hours). */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** The host's signing secret, at least 32 bytes (HS256). */
export type TokenSecret = string | Uint8Array;

/** The secret's bytes; throws when it is shorter than 32 bytes. */
export function tokenSecretBytes(secret: TokenSecret): Uint8Array {
  const bytes = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
  if (bytes.length < 32) throw new Error("The token secret must be at least 32 bytes.");
  return bytes;
}

const importedKeys = new Map<string, Promise<CryptoKey>>();
const importedByteKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The secret as an HMAC key, imported once: jose imports raw bytes again on every call, which was
 * about a tenth of a session check's time.
 */
function signingKey(secret: TokenSecret): Promise<CryptoKey> {
  const known =
    typeof secret === "string" ? importedKeys.get(secret) : importedByteKeys.get(secret);
  if (known !== undefined) return known;
  const imported = crypto.subtle.importKey(
    "raw",
    new Uint8Array(tokenSecretBytes(secret)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  if (typeof secret === "string") importedKeys.set(secret, imported);
  else importedByteKeys.set(secret, imported);
  return imported;
}

/** A signed JWT (HS256) for the session, valid for 12 hours from `now`. */
export async function issueToken(
  secret: TokenSecret,
  session: Session,
  now: Date,
): Promise<string> {
  const key = await signingKey(secret);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const claims = session.stamp === undefined ? {} : { stp: session.stamp };
  return new SignJWT({ org: session.orgId, ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(session.memberId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(key);
}

/**
 * The session a token carries, or `null` when it is forged, malformed, expired at `now`, or lacks
 * `exp` or `iat`.
 */
export async function verifyToken(
  secret: TokenSecret,
  token: string,
  now: Date,
): Promise<Session | null> {
  return (await verifiedToken(secret, token, now))?.session ?? null;
}

/** A token whose signature and claims checked out, and the seconds within which it is valid. */
interface VerifiedToken {
  session: Readonly<Session>;
  /** `nbf`, when the token has one: valid from this second on. */
  notBefore: number;
  /** `exp`: valid before this second. */
  expiresAt: number;
}

async function verifiedToken(
  secret: TokenSecret,
  token: string,
  now: Date,
): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      // A token without an expiry would be valid forever (jose checks exp only when present).
      requiredClaims: ["exp", "iat", "sub"],
    });
    if (typeof payload.org !== "string" || typeof payload.sub !== "string") return null;
    const session: Session = { orgId: payload.org, memberId: payload.sub };
    if (typeof payload.stp === "string") session.stamp = payload.stp;
    return {
      session: Object.freeze(session),
      notBefore: payload.nbf ?? Number.NEGATIVE_INFINITY,
      expiresAt: payload.exp as number,
    };
  } catch {
    return null;
  }
}

/** {@link verifyToken} bound to one secret: what a session check calls on every request. */
export type TokenVerifier = (token: string, now: Date) => Promise<Readonly<Session> | null>;

/**
 * A {@link TokenVerifier} that also answers at once for a token it remembers, so that a session
 * check need not wait a turn for what it knows.
 */
export interface RememberingTokenVerifier extends TokenVerifier {
  /** The session of a token accepted before and valid at `now`; `undefined`: verify it. */
  remembered(token: string, now: Date): Readonly<Session> | undefined;
}

/** Tokens a {@link createTokenVerifier} remembers by default: far more than concurrent sessions. */
export const VERIFIED_TOKEN_CACHE_SIZE = 1024;

/**
 * {@link verifyToken} for one secret that remembers the last `capacity` tokens it accepted, each
 * for the seconds its `nbf` and `exp` leave it valid: a signature that checked out once checks
 * out again, and WebCrypto's HMAC verification was a quarter of a session check's time. Only
 * accepted tokens are kept, keyed by their whole text, so a forged or altered token is always
 * verified in full; a token looked up outside its validity is verified in full too (and refused,
 * as jose refuses it). The cache vouches for the signature alone: whether the session still holds
 * (its stamp) is the caller's check, on every request.
 */
export function createTokenVerifier(
  secret: TokenSecret,
  capacity = VERIFIED_TOKEN_CACHE_SIZE,
): RememberingTokenVerifier {
  const accepted = new RecentMap<string, VerifiedToken>(capacity);
  const remembered = (token: string, now: Date) => {
    const known = accepted.get(token);
    const second = Math.floor(now.getTime() / 1000);
    return known !== undefined && known.notBefore <= second && second < known.expiresAt
      ? known.session
      : undefined;
  };
  const verify = async (token: string, now: Date) => {
    const known = remembered(token, now);
    if (known !== undefined) return known;
    const verified = await verifiedToken(secret, token, now);
    if (verified === null) return null;
    accepted.remember(token, verified);
    return verified.session;
  };
  return Object.assign(verify, { remembered });
}
