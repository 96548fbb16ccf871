import { defaultPasswordHasher } from "../auth/password";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import type { AccountContext } from "./context";
import { isRefusal, withCurrentPassword } from "./current-password";
import { type AccountOutcome, refused } from "./errors";
import { normalizePassword } from "./password-policy";
import { requireAccounts } from "./require-accounts";
import { passwordRefusal } from "./set-password";
import { throttled, throttleKeys } from "./throttle";

/** What {@link changePassword} needs. */
export interface ChangePasswordInput {
  orgId: string;
  memberId: string;
  currentPassword: string;
  newPassword: string;
  now: Date;
}

/**
 * Changes a signed-in member's password: the current one must match, the new one must pass the
 * password rules. Every session and device cookie of the member ends, this one's too (the host
 * signs the member in again with the new password). The current password is checked before the
 * new one, so the rules tell nothing to someone who does not know it.
 */
export async function changePassword(
  store: Store,
  input: ChangePasswordInput,
  context: AccountContext = {},
): Promise<AccountOutcome> {
  const { messages } = context;
  const hasher = context.hasher ?? defaultPasswordHasher;
  const held = await throttled(
    context.limiter,
    throttleKeys.passwordChange(input.orgId, input.memberId),
    input.now,
    messages,
  );
  if (held !== null) return held;
  const found = await withCurrentPassword(store, input, input.currentPassword, context);
  if (isRefusal(found)) return { ok: false, error: found };
  const stored = found.member.credentials.passwordHash;
  const password = normalizePassword(input.newPassword);
  const weak = passwordRefusal(password, found.member, found.organization, context);
  if (weak !== null) return { ok: false, error: weak };
  const passwordHash = await hasher.hash(password);
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const [member] = await tx.loadMembersById([input.memberId]);
    // Changed meanwhile (another change, a reset): the current password checked is no longer it.
    if (member === undefined || member.credentials.passwordHash !== stored)
      return refused("account.WRONG_PASSWORD.current", {}, messages);
    await tx.updateMemberCredentials(member.id, { passwordHash });
    // A link sent before the change would set a password over the one just chosen.
    await tx.deleteAccountToken(member.id, "INVITATION");
    await tx.deleteAccountToken(member.id, "RECOVERY");
    return { ok: true };
  });
}
