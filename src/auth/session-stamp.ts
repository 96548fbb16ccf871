import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { base64url } from "jose";
import { memberSessionState } from "../store/session-epoch";
import type { Member, OrganizationProfile } from "../store/snapshot";
import { RecentMap } from "./recent-map";
import { type TokenSecret, tokenSecretBytes } from "./token";

/**
 * What a session vouches for, as one tag: an HMAC-SHA256, under a key derived from the token
 * secret, over the member's address (case-insensitively), password hash, MFA secret and setting,
 * the organization's MFA requirement, the member's product roles and their session epoch. A token
 * carries the tag it was issued with; when any of these changes (by import, edit, snapshot or
 * logout) the tag no longer matches and the session ends. The tag tells nothing of its inputs.
 */
export function sessionStamp(
  secret: TokenSecret,
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): string {
  return stampOf(secret, stampedState(member, organization));
}

/** Everything a stamp vouches for, as the text its MAC is taken over. */
function stampedState(
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): string {
  return JSON.stringify([
    memberSessionState(member),
    organization.mfaRequired,
    member.credentials.sessionEpoch,
  ]);
}

function stampOf(secret: TokenSecret, state: string): string {
  return base64url.encode(stampKey(secret).clone().update(state).digest());
}

/** Whether a session's stamp is still the member's: see {@link createSessionStampCheck}. */
export type SessionStampCheck = (
  stamp: string,
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
) => boolean;

/** Stamps a {@link createSessionStampCheck} remembers by default. */
export const STAMP_CHECK_CACHE_SIZE = 1024;

/**
 * `stamp === sessionStamp(secret, member, organization)`, run on every request against the member
 * as stored now, remembering for the last `capacity` stamps the exact state text whose MAC they
 * matched: the same text has the same MAC, so a session whose member did not change is not MACed
 * again (the MAC was a tenth of a session check). Any change to what the stamp vouches for changes
 * the text, and the MAC is taken afresh (and no longer matches). The remembered text holds what
 * the store holds (password hash, MFA secret), and no more of it than `capacity` sessions' worth.
 */
export function createSessionStampCheck(
  secret: TokenSecret,
  capacity = STAMP_CHECK_CACHE_SIZE,
): SessionStampCheck {
  const matched = new RecentMap<string, string>(capacity);
  return (stamp, member, organization) => {
    const state = stampedState(member, organization);
    if (matched.get(stamp) === state) return true;
    if (stampOf(secret, state) !== stamp) return false;
    matched.remember(stamp, state);
    return true;
  };
}

const STAMP_KEY_LABEL = "rpdi session stamp v1";

let cached: { secret: TokenSecret; keyed: ReturnType<typeof hmac.create> } | undefined;

/** The keyed HMAC for `secret`, derived once: hosts use one secret, so one is kept. */
function stampKey(secret: TokenSecret): ReturnType<typeof hmac.create> {
  if (cached?.secret !== secret) {
    // A key of its own: the stamp's MAC never shares a key with the token's signature.
    const derived = hmac(sha256, tokenSecretBytes(secret), STAMP_KEY_LABEL);
    cached = { secret, keyed: hmac.create(sha256, derived) };
  }
  return cached.keyed;
}
