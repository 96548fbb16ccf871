import { defaultPasswordHasher } from "../auth/password";
import type { AccountToken, AccountTokenPurpose } from "../domain/account";
import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { AccountTx } from "../store/accounts";
import type { Store } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import { emailKey } from "../values/email";
import type { AccountContext } from "./context";
import { type AccountError, type AccountOutcome, accountError, refused } from "./errors";
import { hasPassed } from "./lifetimes";
import { checkPassword, normalizePassword } from "./password-policy";
import { requireAccounts } from "./require-accounts";
import { throttledAll, throttleKeys } from "./throttle";
import { hashAccountToken, looksLikeAccountToken } from "./tokens";

/** What setting a password by a token needs: the token from the email and the chosen password. */
export interface SetPasswordByTokenInput {
  orgId: string;
  token: string;
  password: string;
  now: Date;
  /** Who is asking (the client's address), counted by `context.limiter`; `""` when unknown. */
  client?: string;
}

/**
 * Sets the password of the member a token of `purpose` names, and voids the member's tokens.
 * The password is checked and hashed outside the write transaction (hashing takes tens of
 * milliseconds); the write checks the token again, so a token used meanwhile is refused.
 */
export async function setPasswordByToken(
  store: Store,
  purpose: AccountTokenPurpose,
  input: SetPasswordByTokenInput,
  context: AccountContext,
): Promise<AccountOutcome<{ memberId: string }>> {
  const { messages } = context;
  const held = await throttledAll(
    context.limiter,
    [throttleKeys.tokenClient(input.client)],
    input.now,
    messages,
  );
  if (held !== null) return held;
  if (!looksLikeAccountToken(input.token))
    return refused("account.INVALID_TOKEN.unknown", {}, messages);
  const tokenHash = hashAccountToken(input.token);
  const found = await runReadOnly(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const holder = await tokenHolder(tx, purpose, tokenHash, input.now, context);
    if ("code" in holder) return holder;
    return { ...holder, organization: await tx.loadOrganization() };
  });
  if ("code" in found) return { ok: false, error: found };
  const password = normalizePassword(input.password);
  const weak = passwordRefusal(password, found.member, found.organization, context);
  if (weak !== null) return { ok: false, error: weak };
  const passwordHash = await (context.hasher ?? defaultPasswordHasher).hash(password);
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const holder = await tokenHolder(tx, purpose, tokenHash, input.now, context);
    if ("code" in holder) return { ok: false, error: holder };
    if (holder.member.id !== found.member.id)
      return refused("account.INVALID_TOKEN.unknown", {}, messages);
    await tx.updateMemberCredentials(holder.member.id, { passwordHash });
    await tx.deleteAccountToken(holder.member.id, "INVITATION");
    await tx.deleteAccountToken(holder.member.id, "RECOVERY");
    return { ok: true, memberId: holder.member.id };
  });
}

/** The member a live token belongs to, or why the token does not count. */
async function tokenHolder(
  tx: AccountTx,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  now: Date,
  context: AccountContext,
): Promise<{ token: AccountToken; member: Member } | AccountError> {
  const token = await tx.findAccountToken(purpose, tokenHash);
  const [member] = token === null ? [] : await tx.loadMembersById([token.memberId]);
  // A token issued for an address the member no longer has was meant for someone else's inbox.
  if (token === null || member === undefined || emailKey(member.email) !== emailKey(token.email))
    return accountError("account.INVALID_TOKEN.unknown", {}, context.messages);
  if (hasPassed(token.expiresAt, now))
    return accountError("account.INVALID_TOKEN.expired", {}, context.messages);
  return { token, member };
}

/** The first password rule `password` (normalized) breaks for this member, or `null`. */
export function passwordRefusal(
  password: string,
  member: Pick<Member, "email">,
  organization: Pick<OrganizationProfile, "name" | "shortName">,
  context: AccountContext,
): AccountError | null {
  const broken = checkPassword(password, {
    organizationWords: [organization.name, organization.shortName],
    email: member.email,
    ...(context.minPasswordLength === undefined ? {} : { minLength: context.minPasswordLength }),
  });
  return broken === null
    ? null
    : accountError(broken.rule, broken.params as never, context.messages);
}
