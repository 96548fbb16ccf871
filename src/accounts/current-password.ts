import { defaultPasswordHasher } from "../auth/password";
import type { Store } from "../store/port";
import type { AccountContext } from "./context";
import { type AccountError, accountError } from "./errors";
import { type MemberInOrganization, readMemberAndOrganization } from "./member-reading";
import { normalizePassword } from "./password-policy";

/** A member whose current password was given, with the organization, as read for the check. */
export type PasswordHolder = MemberInOrganization;

/**
 * The member and organization once `password` is the member's current password, else why not
 * (no such member, no password, a wrong one). Hashes outside any write transaction; a write that
 * follows compares `member.credentials.passwordHash` again, in case it changed meanwhile.
 */
export async function withCurrentPassword(
  store: Store,
  who: { orgId: string; memberId: string },
  password: string,
  context: Pick<AccountContext, "hasher" | "messages">,
): Promise<PasswordHolder | AccountError> {
  const found = await readMemberAndOrganization(store, who);
  if (found === null) return accountError("account.MEMBER_NOT_FOUND.member", {}, context.messages);
  const stored = found.member.credentials.passwordHash;
  const hasher = context.hasher ?? defaultPasswordHasher;
  if (stored === null || !(await hasher.verify(normalizePassword(password), stored)))
    return accountError("account.WRONG_PASSWORD.current", {}, context.messages);
  return found;
}

/** Whether `holder` is a refusal rather than a member. */
export function isRefusal(holder: PasswordHolder | AccountError): holder is AccountError {
  return "code" in holder;
}
