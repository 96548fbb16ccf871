import { emailKey } from "../values/email";
import type { Member } from "./snapshot";

/**
 * What a member's sessions vouch for, besides the organization's MFA requirement and the epoch:
 * their address (case-insensitively), password hash, MFA secret and setting, and product roles.
 */
export function memberSessionState(member: Member): string {
  return JSON.stringify([
    member.id,
    emailKey(member.email),
    member.credentials.passwordHash,
    member.credentials.mfaSecret,
    member.useMfa,
    member.products.map((access) => `${access.product}:${access.role}`).sort(),
  ]);
}

/**
 * `next`, replacing `stored`, with its session epoch raised past the stored one when what its
 * sessions vouch for changed: the stamp of a session can then never match again, even once the
 * change is undone (MFA turned on and off again, an address changed and changed back).
 */
export function withSessionEpoch(stored: Member, next: Member): Member {
  if (memberSessionState(stored) === memberSessionState(next)) return next;
  const sessionEpoch = Math.max(next.credentials.sessionEpoch, stored.credentials.sessionEpoch + 1);
  return { ...next, credentials: { ...next.credentials, sessionEpoch } };
}
