import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import type { AccountContext } from "./context";
import { type AccountOutcome, refused } from "./errors";
import { requireAccounts } from "./require-accounts";

/** What {@link resetMfa} needs. */
export interface ResetMfaInput {
  orgId: string;
  memberId: string;
}

/**
 * Clears a member's authenticator for a lost factor, as an administrator's act (the host checks
 * that its caller may): the secret and any pending enrollment go, every session ends, and Use MFA
 * stays as it was, so the member's next login, with the password, is sent to enrollment and gets
 * no session until a new authenticator's code is confirmed.
 */
export function resetMfa(
  store: Store,
  input: ResetMfaInput,
  context: Pick<AccountContext, "messages"> = {},
): Promise<AccountOutcome> {
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    if (!(await tx.updateMemberCredentials(input.memberId, { mfaSecret: null })))
      return refused("account.MEMBER_NOT_FOUND.member", {}, context.messages);
    await tx.deleteMfaEnrollment(input.memberId);
    return { ok: true };
  });
}
