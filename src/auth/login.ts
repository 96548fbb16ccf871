import type { Store } from "../store/port";
import { runTransaction } from "../store/run";
import type { Member } from "../store/snapshot";
import { dummyPasswordHash, verifyPassword } from "./password";
import type { LoginThrottle } from "./throttle";
import { issueToken, type TokenSecret } from "./token";
import { verifyTotp } from "./totp";

export interface LogInInput {
  /** The `{org_name}` of the login address: the organization's short name. */
  shortName: string;
  email: string;
  password: string;
  mfaCode?: string | null;
  now: Date;
}

export interface LogInContext {
  secret: TokenSecret;
  throttle: LoginThrottle;
}

/** Why a login failed. The HTTP binding answers 200 either way and tells no one which. */
export type LogInFailure =
  | "UNKNOWN_ORGANIZATION"
  | "BAD_CREDENTIALS"
  | "MFA_CODE_INVALID"
  | "THROTTLED";

export type LogInOutcome =
  | { ok: true; token: string; orgId: string; memberId: string }
  | { ok: false; reason: LogInFailure };

/**
 * Checks a login (spec: Authentication). The password is always checked with scrypt, against a
 * dummy hash when the address is unknown, so a failure costs the same either way. MFA is needed
 * when the organization requires it or the member uses it: a valid 6-digit TOTP. Five failures in
 * 15 minutes lock the account (known or not) until the oldest ages out.
 */
export async function logIn(
  store: Store,
  input: LogInInput,
  context: LogInContext,
): Promise<LogInOutcome> {
  const orgId = await store.findOrganizationId(input.shortName);
  const found = orgId === null ? null : await findMember(store, orgId, input.email);
  const passwordOk = await verifyPassword(
    input.password,
    found?.member.credentials.passwordHash ?? (await dummyPasswordHash()),
  );
  const throttleKey = `${input.shortName}\u0000${input.email.trim().toLowerCase()}`;
  if (await context.throttle.isLocked(throttleKey, input.now))
    return { ok: false, reason: "THROTTLED" };
  if (orgId === null || found === null) {
    await context.throttle.recordFailure(throttleKey, input.now);
    return { ok: false, reason: orgId === null ? "UNKNOWN_ORGANIZATION" : "BAD_CREDENTIALS" };
  }
  if (!passwordOk) {
    await context.throttle.recordFailure(throttleKey, input.now);
    return { ok: false, reason: "BAD_CREDENTIALS" };
  }
  const { member, mfaRequired } = found;
  if (mfaRequired || member.useMfa) {
    const secret = member.credentials.mfaSecret;
    if (secret === null || !verifyTotp(secret, input.mfaCode?.trim() ?? "", input.now)) {
      await context.throttle.recordFailure(throttleKey, input.now);
      return { ok: false, reason: "MFA_CODE_INVALID" };
    }
  }
  await context.throttle.reset(throttleKey);
  const token = await issueToken(context.secret, { orgId, memberId: member.id }, input.now);
  return { ok: true, token, orgId, memberId: member.id };
}

async function findMember(
  store: Store,
  orgId: string,
  email: string,
): Promise<{ member: Member; mfaRequired: boolean } | null> {
  return runTransaction(store, orgId, async (tx) => {
    const organization = await tx.loadOrganization();
    const [member] = await tx.loadMembersByEmail([email.trim()]);
    return member === undefined ? null : { member, mfaRequired: organization.mfaRequired };
  });
}
