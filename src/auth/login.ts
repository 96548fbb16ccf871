import type { Store } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import type { Member } from "../store/snapshot";
import type { LoginProtection } from "./login-protection";
import { createScryptHasher, dummyPasswordHash, type PasswordHasher } from "./password";
import { sessionStamp } from "./session-stamp";
import { issueToken, type TokenSecret } from "./token";
import { matchTotpStep } from "./totp";

export interface LogInInput {
  /** The `{org_name}` of the login address: the organization's short name. */
  shortName: string;
  email: string;
  password: string;
  mfaCode?: string | null;
  /**
   * Who is asking, as a short key from the host (the client's address); `""` when the host cannot
   * tell. Unidentified clients are not counted as a client, and their failures for an account
   * delay that account for everyone who is unidentified: hosts should identify clients.
   */
  client: string;
  now: Date;
}

export interface LogInContext {
  secret: TokenSecret;
  protection: LoginProtection;
  /** Checks passwords; scrypt off the event loop by default. */
  hasher?: PasswordHasher;
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

const defaultHasher = createScryptHasher();

/**
 * Checks a login (spec: Authentication). The password is always checked, against a dummy hash
 * when the address is unknown, so a failure costs the same either way. MFA is needed when the
 * organization requires it or the member uses it: a valid 6-digit TOTP whose time step has not
 * been accepted before for that member. Failures count in `protection`, per account and client
 * and per client: a client held back is refused before anything is compared.
 */
export async function logIn(
  store: Store,
  input: LogInInput,
  context: LogInContext,
): Promise<LogInOutcome> {
  const hasher = context.hasher ?? defaultHasher;
  const account = `${input.shortName}\u0000${input.email.trim().toLowerCase()}`;
  const heldBack = async () => !(await context.protection.check(account, input.client)).allowed;
  // Before hashing: a held-back client's tries would otherwise still queue ahead of real logins.
  if (await heldBack()) return { ok: false, reason: "THROTTLED" };
  const orgId = await store.findOrganizationId(input.shortName);
  const found = orgId === null ? null : await findMember(store, orgId, input.email);
  const passwordOk = await hasher.verify(
    input.password,
    found?.member.credentials.passwordHash ?? (await dummyPasswordHash(hasher)),
  );
  // Again: concurrent tries all passed the first check before any of their failures counted.
  if (await heldBack()) return { ok: false, reason: "THROTTLED" };
  const fail = async (reason: LogInFailure): Promise<LogInOutcome> => {
    await context.protection.recordFailure(account, input.client);
    return { ok: false, reason };
  };
  if (orgId === null) return fail("UNKNOWN_ORGANIZATION");
  if (found === null || !passwordOk) return fail("BAD_CREDENTIALS");
  const { member, mfaRequired } = found;
  if (mfaRequired || member.useMfa) {
    const secret = member.credentials.mfaSecret;
    const step =
      secret === null ? null : matchTotpStep(secret, input.mfaCode?.trim() ?? "", input.now);
    if (step === null || !(await acceptStep(store, orgId, member.id, step)))
      return fail("MFA_CODE_INVALID");
  }
  await context.protection.recordSuccess(account, input.client);
  const stamp = sessionStamp(context.secret, member, { mfaRequired });
  const token = await issueToken(context.secret, { orgId, memberId: member.id, stamp }, input.now);
  return { ok: true, token, orgId, memberId: member.id };
}

function acceptStep(store: Store, orgId: string, memberId: string, step: number) {
  return runTransaction(store, orgId, (tx) => tx.acceptTotpStep(memberId, step));
}

async function findMember(
  store: Store,
  orgId: string,
  email: string,
): Promise<{ member: Member; mfaRequired: boolean } | null> {
  return runReadOnly(store, orgId, async (tx) => {
    const organization = await tx.loadOrganization();
    const [member] = await tx.loadMembersByEmail([email.trim()]);
    return member === undefined ? null : { member, mfaRequired: organization.mfaRequired };
  });
}
