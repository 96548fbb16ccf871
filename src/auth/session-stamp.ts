import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { base64url } from "jose";
import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import { memberSessionState } from "../domain/session-epoch";
import { RecentMap } from "../runtime/recent-map";
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
 * as stored now, remembering for the last `capacity` stamps the exact state their MAC matched: the
 * same state has the same MAC, so a session whose member did not change is not MACed again (the
 * MAC was a tenth of a session check), and when every input of the state is the very value it was
 * (strings compared as values) the state's text is not even written again (writing it was a
 * seventh of a lookup request). Any change to what the stamp vouches for changes the state, and
 * the MAC is taken afresh (and no longer matches). What is remembered holds what the store holds
 * (password hash, MFA secret), and no more of it than `capacity` sessions' worth.
 */
export function createSessionStampCheck(
  secret: TokenSecret,
  capacity = STAMP_CHECK_CACHE_SIZE,
): SessionStampCheck {
  const matched = new RecentMap<string, MatchedState>(capacity);
  return (stamp, member, organization) => {
    const known = matched.get(stamp);
    if (known !== undefined && sameInputs(known.inputs, member, organization)) return true;
    const state = stampedState(member, organization);
    if (known?.state === state) return true;
    if (stampOf(secret, state) !== stamp) return false;
    matched.remember(stamp, { state, inputs: stampInputs(member, organization) });
    return true;
  };
}

/** A state a stamp matched: its text, and the values it was written from. */
interface MatchedState {
  state: string;
  inputs: readonly unknown[];
}

/**
 * Every value {@link stampedState} reads, in a fixed order: equal inputs write the same text.
 * The product roles come pair by pair, in the member's order.
 */
function stampInputs(
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): unknown[] {
  const inputs: unknown[] = [
    member.id,
    member.email,
    member.credentials.passwordHash,
    member.credentials.mfaSecret,
    member.useMfa,
    member.credentials.sessionEpoch,
    organization.mfaRequired,
  ];
  for (const access of member.products) inputs.push(access.product, access.role);
  return inputs;
}

function sameInputs(
  inputs: readonly unknown[],
  member: Member,
  organization: Pick<OrganizationProfile, "mfaRequired">,
): boolean {
  const { credentials, products } = member;
  if (
    inputs.length !== FIXED_INPUTS + 2 * products.length ||
    inputs[0] !== member.id ||
    inputs[1] !== member.email ||
    inputs[2] !== credentials.passwordHash ||
    inputs[3] !== credentials.mfaSecret ||
    inputs[4] !== member.useMfa ||
    inputs[5] !== credentials.sessionEpoch ||
    inputs[6] !== organization.mfaRequired
  )
    return false;
  for (let index = 0; index < products.length; index++) {
    const access = products[index] as Member["products"][number];
    if (
      inputs[FIXED_INPUTS + 2 * index] !== access.product ||
      inputs[FIXED_INPUTS + 2 * index + 1] !== access.role
    )
      return false;
  }
  return true;
}

/** How many of {@link stampInputs} come before the product roles. */
const FIXED_INPUTS = 7;

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
