import type { AccountToken } from "../domain/account";
import type { WelcomeEmail } from "../domain/welcome-email";
import { drainSteps, ROWS_PER_STEP, type Steps } from "../runtime/steps";
import { supportsAccounts } from "../store/accounts";
import type { Store, StoreTx } from "../store/port";
import { runTransaction } from "../store/run";
import { newRecordId } from "../values/record-id";
import type { AccountContext } from "./context";
import { type AccountOutcome, refused } from "./errors";
import { ACCOUNT_LIFETIMES, isoAfter } from "./lifetimes";
import { requireAccounts } from "./require-accounts";
import { type SetPasswordByTokenInput, setPasswordByToken } from "./set-password";
import { storedToken, tokenEmail, writeMailedToken } from "./token-email";
import { hashAccountToken, newAccountToken, newAccountTokens } from "./tokens";

/** What {@link issueInvitation} needs. */
export interface IssueInvitationInput {
  orgId: string;
  memberId: string;
  now: Date;
  /** How long the invitation stays valid (default 7 days). */
  lifetimeMs?: number;
  /** The outbox email's id; a random UUID by default. */
  newId?: () => string;
}

/**
 * Sends an invitation again: a new single-use token (the member's earlier invitation stops
 * working) in an `INVITATION` email written to the outbox, in one transaction. The token reaches
 * the host only in that email; the store keeps its hash.
 */
export function issueInvitation(
  store: Store,
  input: IssueInvitationInput,
  context: Pick<AccountContext, "messages"> = {},
): Promise<AccountOutcome<{ email: WelcomeEmail }>> {
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const [member] = await tx.loadMembersById([input.memberId]);
    if (member === undefined)
      return refused("account.MEMBER_NOT_FOUND.member", {}, context.messages);
    const token = newAccountToken();
    const createdAt = input.now.toISOString();
    const expiresAt = isoAfter(input.now, input.lifetimeMs ?? ACCOUNT_LIFETIMES.invitationMs);
    const id = (input.newId ?? newRecordId)();
    const email = tokenEmail(member, { id, reason: "INVITATION", createdAt }, token, expiresAt);
    const times = { createdAt, expiresAt };
    await writeMailedToken(
      tx,
      email,
      storedToken(member, "INVITATION", hashAccountToken(token), times),
    );
    return { ok: true, email };
  });
}

/**
 * Gives each `MEMBER_CREATED` email of a write an invitation token, in place, and answers what the
 * store keeps of them (to save in the same transaction). `[]` when the store keeps no accounts.
 */
export function inviteCreatedMembers(
  tx: StoreTx,
  emails: WelcomeEmail[],
  now: Date,
  lifetimeMs?: number,
): AccountToken[] {
  return drainSteps(inviteCreatedMemberSteps(tx, emails, now, lifetimeMs));
}

/**
 * {@link inviteCreatedMembers} in steps of {@link ROWS_PER_STEP} tokens: an import that creates
 * tens of thousands of members draws and hashes a token for each, a block of its own otherwise.
 */
export function* inviteCreatedMemberSteps(
  tx: StoreTx,
  emails: WelcomeEmail[],
  now: Date,
  lifetimeMs?: number,
): Steps<AccountToken[]> {
  if (!supportsAccounts(tx)) return [];
  const created = emails.filter((email) => email.reason === "MEMBER_CREATED");
  const expiresAt = isoAfter(now, lifetimeMs ?? ACCOUNT_LIFETIMES.invitationMs);
  const times = { createdAt: now.toISOString(), expiresAt };
  const stored: AccountToken[] = [];
  for (let start = 0; start < created.length; start += ROWS_PER_STEP) {
    const slice = created.slice(start, start + ROWS_PER_STEP);
    const drawn = newAccountTokens(slice.length);
    for (const [index, email] of slice.entries()) {
      const token = drawn[index] as string;
      email.token = token;
      email.tokenExpiresAt = expiresAt;
      const member = { id: email.memberId, email: email.email };
      stored.push(storedToken(member, "INVITATION", hashAccountToken(token), times));
    }
    if (start + ROWS_PER_STEP < created.length) yield;
  }
  return stored;
}

/** What {@link acceptInvitation} needs: the token from the invitation and the chosen password. */
export type AcceptInvitationInput = SetPasswordByTokenInput;

/**
 * Accepts an invitation: checks the token (single use, unexpired, the newest one, for the address
 * the member still has) and the password (ASVS V6.2), then sets the password, voids the token and
 * ends the member's sessions, in one transaction. A refusal writes nothing.
 */
export function acceptInvitation(
  store: Store,
  input: AcceptInvitationInput,
  context: AccountContext = {},
): Promise<AccountOutcome<{ memberId: string }>> {
  return setPasswordByToken(store, "INVITATION", input, context);
}
