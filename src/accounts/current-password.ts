import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";
import type { AccountContext } from "./context";
import { type AccountError, accountError } from "./errors";
import { normalizePassword } from "./password-policy";
import { defaultHasher } from "./set-password";

/** A member whose current password was given, with the organization, as read for the check. */
export interface PasswordHolder {
  member: Member;
  organization: OrganizationProfile;
}

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
  const found = await runReadOnly(store, who.orgId, async (tx) => {
    const [member] = await tx.loadMembersById([who.memberId]);
    return member === undefined ? null : { member, organization: await tx.loadOrganization() };
  });
  if (found === null) return accountError("account.MEMBER_NOT_FOUND.member", {}, context.messages);
  const stored = found.member.credentials.passwordHash;
  const hasher = context.hasher ?? defaultHasher;
  if (stored === null || !(await hasher.verify(normalizePassword(password), stored)))
    return accountError("account.WRONG_PASSWORD.current", {}, context.messages);
  return found;
}

/** Whether `holder` is a refusal rather than a member. */
export function isRefusal(holder: PasswordHolder | AccountError): holder is AccountError {
  return "code" in holder;
}
