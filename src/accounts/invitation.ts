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
  const drawn = yield* drawInvitationSteps(tx, emails, now, lifetimeMs);
  return yield* hashInvitationSteps(drawn);
}

/** Invitations whose tokens are drawn and set on their emails, their hashes not yet made. */
export interface DrawnInvitations {
  readonly emails: readonly WelcomeEmail[];
  readonly times: { createdAt: string; expiresAt: string };
}

/**
 * The first half of {@link inviteCreatedMemberSteps}: a token on each `MEMBER_CREATED` email, in
 * place. The emails can be written from here on; their hashes ({@link hashInvitationSteps}) are
 * needed only to save the tokens, so an import makes them while the store writes the members.
 */
export function* drawInvitationSteps(
  tx: StoreTx,
  emails: WelcomeEmail[],
  now: Date,
  lifetimeMs?: number,
): Steps<DrawnInvitations> {
  const expiresAt = isoAfter(now, lifetimeMs ?? ACCOUNT_LIFETIMES.invitationMs);
  const times = { createdAt: now.toISOString(), expiresAt };
  if (!supportsAccounts(tx)) return { emails: [], times };
  const created = emails.filter((email) => email.reason === "MEMBER_CREATED");
  for (let start = 0; start < created.length; start += ROWS_PER_STEP) {
    const end = Math.min(start + ROWS_PER_STEP, created.length);
    const drawn = newAccountTokens(end - start);
    for (let index = start; index < end; index++) {
      const email = created[index] as WelcomeEmail;
      email.token = drawn[index - start] as string;
      email.tokenExpiresAt = expiresAt;
    }
    if (end < created.length) yield;
  }
  return { emails: created, times };
}

/** The second half of {@link inviteCreatedMemberSteps}: what the store keeps of each token. */
export function* hashInvitationSteps(drawn: DrawnInvitations): Steps<AccountToken[]> {
  const stored: AccountToken[] = [];
  const { emails, times } = drawn;
  for (let start = 0; start < emails.length; start += ROWS_PER_STEP) {
    const end = Math.min(start + ROWS_PER_STEP, emails.length);
    for (let index = start; index < end; index++) {
      const email = emails[index] as WelcomeEmail;
      const member = { id: email.memberId, email: email.email };
      stored.push(
        storedToken(member, "INVITATION", hashAccountToken(email.token as string), times),
      );
    }
    if (end < emails.length) yield;
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
