import type { AccountToken, AccountTokenPurpose } from "../domain/account";
import type { Member } from "../domain/member";
import type { WelcomeEmail } from "../domain/welcome-email";
import type { AccountTx } from "../store/accounts";

/** The outbox email of a token mailed to `member` (an invitation sent again, a recovery). */
export function tokenEmail(
  member: Pick<Member, "id" | "email" | "firstName" | "lastName">,
  mail: { id: string; reason: "INVITATION" | "PASSWORD_RECOVERY"; createdAt: string },
  token: string,
  expiresAt: string,
): WelcomeEmail {
  return {
    id: mail.id,
    memberId: member.id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    product: null,
    reason: mail.reason,
    createdAt: mail.createdAt,
    token,
    tokenExpiresAt: expiresAt,
  };
}

/**
 * What the store keeps of a token mailed to `member`'s address: its hash, frozen, so a store may
 * keep it as it is.
 */
export function storedToken(
  member: Pick<Member, "id" | "email">,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  times: { createdAt: string; expiresAt: string },
): AccountToken {
  return Object.freeze({
    memberId: member.id,
    purpose,
    tokenHash,
    email: member.email,
    createdAt: times.createdAt,
    expiresAt: times.expiresAt,
  });
}

/** Writes a mailed token in `tx`: its email to the outbox, its hash to the member's tokens. */
export async function writeMailedToken(
  tx: AccountTx,
  email: WelcomeEmail,
  stored: AccountToken,
): Promise<void> {
  await tx.applyMemberPlan({ creates: [], updates: [], welcomeEmails: [email] });
  await tx.saveAccountTokens([stored]);
}
