import { normalizePassword } from "../accounts/password-policy";
import type { Member } from "../domain/member";
import { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import { holdsNul } from "../values/nul";
import {
  deviceBinding,
  issueDeviceToken,
  type TrustedDevice,
  verifyDeviceToken,
} from "./device-cookie";
import { enrollmentTicketFor } from "./enrollment-ticket";
import type { LoginAttempt, LoginProtection, LoginResult } from "./login-protection";
import { defaultPasswordHasher, dummyPasswordHash, type PasswordHasher } from "./password";
import { sessionStamp } from "./session-stamp";
import { issueToken, type TokenSecret } from "./token";
import { matchTotpStep } from "./totp";

/** What a login attempt sends (the spec's form fields) and what the host knows of it. */
export interface LogInInput {
  /** The `{org_name}` of the login address: the organization's short name. */
  shortName: string;
  email: string;
  password: string;
  mfaCode?: string | null;
  /**
   * Who is asking, as a short key from the host (the client's address); `""` when the host cannot
   * tell. Unidentified clients are not counted as a client, and their failures for an account
   * delay that account for everyone who is unidentified and has no device cookie.
   */
  client: string;
  /**
   * The device cookie the client sent, if any (every value, when it sent several of that name): a
   * valid one for this account, issued on an earlier successful login, makes it a trusted device
   * that counts only its own failures.
   */
  deviceCookie?: string | readonly string[] | null;
  now: Date;
}

/** What {@link logIn} needs besides the store: the token secret, the protection, a hasher. */
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

/**
 * A login's outcome: on success the session token and the device cookie's value to set, else why
 * (for the host's logs; the HTTP answer is the same 200 either way).
 */
export type LogInOutcome =
  | {
      ok: true;
      token: string;
      orgId: string;
      memberId: string;
      /** A new device cookie's value for this account (OWASP device cookies). */
      deviceCookie: string;
    }
  | { ok: false; reason: LogInFailure }
  | {
      ok: false;
      /** The password was right, but MFA applies and the member has no authenticator yet. */
      reason: "MFA_ENROLLMENT_REQUIRED";
      orgId: string;
      memberId: string;
      /**
       * An enrollment ticket (`verifyEnrollmentTicket`): lets its holder enroll MFA for 15 minutes,
       * and nothing else. No session is issued until the enrollment is confirmed.
       */
      enrollmentTicket: string;
    };

/** Checked when no MFA applies, so every path computes one TOTP comparison. */
const DUMMY_TOTP_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
/** An organization read when the one asked for does not exist, so the path reads the same. */
const decoys = new WeakMap<Store, string>();

/**
 * Checks a login (spec: Authentication). Every path does the same work, whatever is wrong: one
 * organization look-up, one member read (of another organization when the name is unknown), one
 * password check (against a dummy hash for an unknown address), one TOTP comparison (against a
 * dummy secret when no MFA applies) and the same counter work, so timing tells no one which part
 * was right. MFA is needed when the organization requires it or the member uses it: a valid
 * 6-digit TOTP whose time step has not been accepted before for that member. `protection` counts
 * failures and refuses a held-back attempt before anything is compared; a valid device cookie for
 * the account exempts it from the account's budgets (OWASP device cookies).
 */
export async function logIn(
  store: Store,
  input: LogInInput,
  context: LogInContext,
): Promise<LogInOutcome> {
  const hasher = context.hasher ?? defaultPasswordHasher;
  const account = `${input.shortName}\u0000${input.email.trim().toLowerCase()}`;
  const device = await trustedDevice(context.secret, input.deviceCookie, account, input.now);
  let attempt: LoginAttempt = { account, client: input.client, device: device?.nonce ?? null };
  const protection = context.protection;
  // Before hashing: a held-back client's tries would otherwise still queue ahead of real logins.
  let start = await protection.begin(attempt);
  if (!start.allowed) return { ok: false, reason: "THROTTLED" };
  const dummyHash = await dummyPasswordHash(hasher);
  // No organization's short name holds NUL (a database would fail on it): found as unknown.
  const orgId = holdsNul(input.shortName) ? null : await store.findOrganizationId(input.shortName);
  const found = await findMember(store, orgId, input.email);
  if (device !== null && device.binding !== deviceBinding(context.secret, found?.member ?? null)) {
    // Issued before a password change or a logout everywhere: that device is trusted no more.
    await protection.finish(attempt, "HELD_BACK");
    attempt = { ...attempt, device: null };
    start = await protection.begin(attempt);
    if (!start.allowed) return { ok: false, reason: "THROTTLED" };
  }
  const passwordOk = await hasher.verify(
    normalizePassword(input.password),
    found?.member.credentials.passwordHash ?? dummyHash,
  );
  const secret = found?.member.credentials.mfaSecret ?? null;
  const step = matchTotpStep(secret ?? DUMMY_TOTP_SECRET, input.mfaCode?.trim() ?? "", input.now);
  // Again: concurrent tries all passed the first check before any of their failures counted.
  if (!(await protection.check(attempt)).allowed) {
    await protection.finish(attempt, "HELD_BACK");
    return { ok: false, reason: "THROTTLED" };
  }
  const fail = async (reason: LogInFailure, result: LoginResult): Promise<LogInOutcome> => {
    await protection.finish(attempt, result);
    return { ok: false, reason };
  };
  if (orgId === null) return fail("UNKNOWN_ORGANIZATION", "BAD_PASSWORD");
  if (found === null || !passwordOk) return fail("BAD_CREDENTIALS", "BAD_PASSWORD");
  const { member, mfaRequired } = found;
  if (mfaRequired || member.useMfa) {
    // Without a turn of the code budget no code is taken, the right one included.
    if (secret === null) {
      await protection.finish(attempt, "SUCCESS");
      const organization = { mfaRequired };
      const enrollmentTicket = await enrollmentTicketFor(
        context.secret,
        orgId,
        member,
        organization,
        input.now,
      );
      return {
        ok: false,
        reason: "MFA_ENROLLMENT_REQUIRED",
        orgId,
        memberId: member.id,
        enrollmentTicket,
      };
    }
    if (!start.codeTurn) return fail("THROTTLED", "BAD_CODE");
    if (step === null || !(await acceptStep(store, orgId, member.id, step)))
      return fail("MFA_CODE_INVALID", "BAD_CODE");
  }
  await protection.finish(attempt, "SUCCESS");
  const stamp = sessionStamp(context.secret, member, { mfaRequired });
  const token = await issueToken(context.secret, { orgId, memberId: member.id, stamp }, input.now);
  const deviceCookie = await issueDeviceToken(
    context.secret,
    account,
    deviceBinding(context.secret, member),
    input.now,
  );
  return { ok: true, token, orgId, memberId: member.id, deviceCookie };
}

/** The first of the device cookies that is valid for `account`, or `null`. */
async function trustedDevice(
  secret: TokenSecret,
  cookies: string | readonly string[] | null | undefined,
  account: string,
  now: Date,
): Promise<TrustedDevice | null> {
  for (const cookie of typeof cookies === "string" ? [cookies] : (cookies ?? [])) {
    if (cookie === "") continue;
    const device = await verifyDeviceToken(secret, cookie, account, now);
    if (device !== null) return device;
  }
  return null;
}

function acceptStep(store: Store, orgId: string, memberId: string, step: number) {
  return runTransaction(store, orgId, (tx) => tx.acceptTotpStep(memberId, step));
}

/** The member, or `null`; an unknown organization reads a decoy and finds no one. */
async function findMember(
  store: Store,
  orgId: string | null,
  email: string,
): Promise<{ member: Member; mfaRequired: boolean } | null> {
  if (orgId !== null) decoys.set(store, orgId);
  const readFrom = orgId ?? decoys.get(store);
  if (readFrom === undefined) return null;
  try {
    const found = await runReadOnly(store, readFrom, async (tx) => {
      const organization = await tx.loadOrganization();
      const [member] = await tx.loadMembersByEmail([email.trim()]);
      return member === undefined ? null : { member, mfaRequired: organization.mfaRequired };
    });
    return orgId === null ? null : found;
  } catch (error) {
    // Removed since it was found (or the decoy was): as if it never existed.
    if (error instanceof OrganizationNotFoundError) return null;
    throw error;
  }
}
