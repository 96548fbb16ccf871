import { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";
import { sessionStamp } from "./session-stamp";
import { issueToken, type Session, type TokenSecret } from "./token";

/**
 * A session token for a stored member, stamped with what the session vouches for now (a host's
 * own sign-in, such as SSO, issues sessions with this); `null` when the organization or member
 * is unknown. A token from {@link issueToken} without a stamp authenticates no one.
 */
export async function issueSessionToken(
  store: Store,
  secret: TokenSecret,
  session: Omit<Session, "stamp">,
  now: Date,
): Promise<string | null> {
  const stamp = await currentSessionStamp(store, secret, session);
  return stamp === null ? null : issueToken(secret, { ...session, stamp }, now);
}

/** The member's session stamp as stored now, or `null` when the organization or member is unknown. */
export async function currentSessionStamp(
  store: Store,
  secret: TokenSecret,
  session: Omit<Session, "stamp">,
): Promise<string | null> {
  try {
    return await runReadOnly(store, session.orgId, async (tx) => {
      const [member] = await tx.loadMembersById([session.memberId]);
      if (member === undefined) return null;
      return sessionStamp(secret, member, await tx.loadOrganization());
    });
  } catch (error) {
    if (error instanceof OrganizationNotFoundError) return null;
    throw error;
  }
}
