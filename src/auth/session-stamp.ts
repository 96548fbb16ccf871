import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { base64url } from "jose";
import { memberSessionState } from "../store/session-epoch";
import type { Member, OrganizationProfile } from "../store/snapshot";
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
  const state = JSON.stringify([
    memberSessionState(member),
    organization.mfaRequired,
    member.credentials.sessionEpoch,
  ]);
  return base64url.encode(stampKey(secret).clone().update(state).digest());
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
