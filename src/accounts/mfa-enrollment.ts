import { matchTotpStep, newTotpSecret, totpUri } from "../auth/totp";
import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import type { AccountContext } from "./context";
import { isRefusal, withCurrentPassword } from "./current-password";
import { type AccountOutcome, refused } from "./errors";
import { ACCOUNT_LIFETIMES, hasPassed, isoAfter } from "./lifetimes";
import { qrCodeSvg } from "./qr-code";
import { requireAccounts } from "./require-accounts";
import { throttled, throttleKeys } from "./throttle";

/** What {@link beginMfaEnrollment} needs: the member, who the host has authenticated. */
export interface BeginMfaEnrollmentInput {
  orgId: string;
  memberId: string;
  now: Date;
  /** How long the member has to confirm a code (default 15 minutes). */
  lifetimeMs?: number;
}

/** A begun enrollment: what the authenticator setup screen shows. */
export interface MfaEnrollmentStart {
  /** The new secret, base32, to type into an authenticator by hand. */
  secret: string;
  /** Its `otpauth://totp/…` URI (issuer: the organization's name; account: the address). */
  uri: string;
  /** The URI as a QR code, an SVG document to place inline. */
  qrSvg: string;
  /** When the enrollment lapses unless confirmed (ISO-8601 UTC). */
  expiresAt: string;
}

/**
 * Begins an MFA enrollment: a fresh TOTP secret, kept pending (replacing one begun before) until
 * {@link confirmMfaEnrollment} takes a code of it. The member's MFA stays as it was until then.
 */
export function beginMfaEnrollment(
  store: Store,
  input: BeginMfaEnrollmentInput,
  context: Pick<AccountContext, "messages"> = {},
): Promise<AccountOutcome<MfaEnrollmentStart>> {
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const [member] = await tx.loadMembersById([input.memberId]);
    if (member === undefined)
      return refused("account.MEMBER_NOT_FOUND.member", {}, context.messages);
    const organization = await tx.loadOrganization();
    const secret = newTotpSecret();
    const expiresAt = isoAfter(input.now, input.lifetimeMs ?? ACCOUNT_LIFETIMES.mfaEnrollmentMs);
    await tx.saveMfaEnrollment({
      memberId: member.id,
      secret,
      createdAt: input.now.toISOString(),
      expiresAt,
    });
    const uri = totpUri(secret, organization.name, member.email);
    return { ok: true, secret, uri, qrSvg: qrCodeSvg(uri), expiresAt };
  });
}

/** What {@link confirmMfaEnrollment} needs: the member and a code of the new secret. */
export interface ConfirmMfaEnrollmentInput {
  orgId: string;
  memberId: string;
  code: string;
  now: Date;
  /**
   * The member's password, checked before the code when given. A host whose member enrolls from a
   * session (not straight after the password, with an enrollment ticket) passes it, so a stolen
   * session cannot put the thief's authenticator on the account.
   */
  currentPassword?: string;
}

/**
 * Confirms the pending enrollment with a code its secret gives now: the secret becomes the
 * member's, Use MFA is set, the code's time step counts as used (as a login's does), and every
 * session of the member ends. Codes count per member with `context.limiter`.
 */
export async function confirmMfaEnrollment(
  store: Store,
  input: ConfirmMfaEnrollmentInput,
  context: Pick<AccountContext, "messages" | "limiter" | "hasher"> = {},
): Promise<AccountOutcome> {
  const { messages } = context;
  const held = await throttled(
    context.limiter,
    throttleKeys.mfaCode(input.orgId, input.memberId),
    input.now,
    messages,
  );
  if (held !== null) return held;
  let passwordHash: string | null | undefined;
  if (input.currentPassword !== undefined) {
    const holder = await withCurrentPassword(store, input, input.currentPassword, context);
    if (isRefusal(holder)) return { ok: false, error: holder };
    passwordHash = holder.member.credentials.passwordHash;
  }
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    if (passwordHash !== undefined) {
      const [member] = await tx.loadMembersById([input.memberId]);
      // Changed since it was checked: the password given is no longer known to be the member's.
      if (member?.credentials.passwordHash !== passwordHash)
        return refused("account.WRONG_PASSWORD.current", {}, messages);
    }
    const enrollment = await tx.loadMfaEnrollment(input.memberId);
    if (enrollment === null || hasPassed(enrollment.expiresAt, input.now))
      return refused("account.NO_MFA_ENROLLMENT.none", {}, messages);
    const step = matchTotpStep(enrollment.secret, input.code.trim(), input.now);
    if (step === null || !(await tx.acceptTotpStep(input.memberId, step)))
      return refused("account.INVALID_MFA_CODE.code", {}, messages);
    await tx.updateMemberCredentials(input.memberId, {
      mfaSecret: enrollment.secret,
      useMfa: true,
    });
    await tx.deleteMfaEnrollment(input.memberId);
    return { ok: true };
  });
}

/** What {@link removeMfa} needs: the member's password and a current code. */
export interface RemoveMfaInput {
  orgId: string;
  memberId: string;
  password: string;
  code: string;
  now: Date;
}

/**
 * Removes the member's MFA (secret cleared, Use MFA off) when the password and a current code are
 * right; refused where the organization requires MFA. Ends every session of the member.
 */
export async function removeMfa(
  store: Store,
  input: RemoveMfaInput,
  context: AccountContext = {},
): Promise<AccountOutcome> {
  const { messages } = context;
  const held = await throttled(
    context.limiter,
    throttleKeys.mfaCode(input.orgId, input.memberId),
    input.now,
    messages,
  );
  if (held !== null) return held;
  const found = await withCurrentPassword(store, input, input.password, context);
  if (isRefusal(found)) return { ok: false, error: found };
  if (found.organization.mfaRequired)
    return refused("account.MFA_REQUIRED.organization", {}, messages);
  const { mfaSecret } = found.member.credentials;
  if (mfaSecret === null) return refused("account.NO_MFA_ENROLLMENT.notEnrolled", {}, messages);
  return runTransaction(store, input.orgId, async (tx) => {
    requireAccounts(tx);
    const organization = await tx.loadOrganization();
    const [member] = await tx.loadMembersById([input.memberId]);
    if (organization.mfaRequired) return refused("account.MFA_REQUIRED.organization", {}, messages);
    if (member === undefined || member.credentials.mfaSecret !== mfaSecret)
      return refused("account.NO_MFA_ENROLLMENT.notEnrolled", {}, messages);
    const step = matchTotpStep(mfaSecret, input.code.trim(), input.now);
    if (step === null || !(await tx.acceptTotpStep(member.id, step)))
      return refused("account.INVALID_MFA_CODE.code", {}, messages);
    await tx.updateMemberCredentials(member.id, { mfaSecret: null, useMfa: false });
    return { ok: true };
  });
}
