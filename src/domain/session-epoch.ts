import { emailKey } from "../values/email";
import type { Member } from "./member";

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
 * change is undone (MFA turned on and off again, an address changed and changed back). An `owned`
 * `next` (handed over to the store) has its epoch raised in place rather than being copied.
 */
export function withSessionEpoch(stored: Member, next: Member, owned = false): Member {
  if (sameSessionState(stored, next)) return next;
  const sessionEpoch = Math.max(next.credentials.sessionEpoch, stored.credentials.sessionEpoch + 1);
  if (owned && !Object.isFrozen(next.credentials)) {
    next.credentials.sessionEpoch = sessionEpoch;
    return next;
  }
  return { ...next, credentials: { ...next.credentials, sessionEpoch } };
}

/**
 * `memberSessionState(a) === memberSessionState(b)`, field by field: an import replaces tens of
 * thousands of members in one transaction, and most keep every one of these fields.
 */
function sameSessionState(a: Member, b: Member): boolean {
  return (
    a.id === b.id &&
    a.credentials.passwordHash === b.credentials.passwordHash &&
    a.credentials.mfaSecret === b.credentials.mfaSecret &&
    a.useMfa === b.useMfa &&
    (a.email === b.email || emailKey(a.email) === emailKey(b.email)) &&
    sameRoles(a.products, b.products)
  );
}

function sameRoles(a: Member["products"], b: Member["products"]): boolean {
  if (a.length !== b.length) return false;
  return a.every((access, index) => {
    const other = b[index];
    if (other !== undefined && other.product === access.product && other.role === access.role)
      return true;
    return b.some(
      (candidate) => candidate.product === access.product && candidate.role === access.role,
    );
  });
}
