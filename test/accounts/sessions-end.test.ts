import { describe, expect, it } from "vitest";
import {
  beginMfaEnrollment,
  confirmMfaEnrollment,
  removeMfa,
} from "../../src/accounts/mfa-enrollment";
import { requestPasswordRecovery, resetPassword } from "../../src/accounts/recovery";
import { verifyEnrollmentTicket } from "../../src/auth/enrollment-ticket";
import { logIn } from "../../src/auth/login";
import { createLoginProtection } from "../../src/auth/login-protection";
import { verifyToken } from "../../src/auth/token";
import { generateTotp } from "../../src/auth/totp";
import { createMemoryStore } from "../../src/memory/store";
import {
  ADMIN,
  cheapHasher,
  MFA_ADMIN,
  MFA_SECRET,
  PASSWORD,
  SECRET,
  sandbox,
  sandboxSnapshot,
} from "../http/support";

const NEW_PASSWORD = "a fresh and long passphrase";
const ORG = "org-sandbox";

/** Whether a session cookie still authenticates a spec endpoint. */
async function authenticates(s: ReturnType<typeof sandbox>, cookie: string): Promise<boolean> {
  const response = await s.request("/api/v2/departments", { headers: { cookie } });
  return response.status === 200;
}

async function memberId(s: ReturnType<typeof sandbox>, email: string): Promise<string> {
  const snapshot = await s.store.exportSnapshot(ORG);
  const member = snapshot?.members.find((candidate) => candidate.email === email);
  if (member === undefined) throw new Error(`no ${email} in the sandbox`);
  return member.id;
}

describe("sessions end when credentials change through the account services", () => {
  it("a session issued before a password reset is refused afterwards", async () => {
    const s = sandbox({ passwordHasher: cheapHasher() });
    const cookie = await s.login(ADMIN);
    expect(cookie).not.toBeNull();
    expect(await authenticates(s, cookie as string)).toBe(true);
    await requestPasswordRecovery(s.store, { orgId: ORG, email: ADMIN, now: s.clock.now });
    const email = (await s.store.exportSnapshot(ORG))?.welcomeEmails.find(
      (candidate) => candidate.reason === "PASSWORD_RECOVERY",
    );
    const reset = await resetPassword(
      s.store,
      { orgId: ORG, token: email?.token ?? "", password: NEW_PASSWORD, now: s.clock.now },
      { hasher: cheapHasher() },
    );
    expect(reset.ok).toBe(true);
    expect(await authenticates(s, cookie as string)).toBe(false);
  });

  it("a session issued before an MFA change (removal) is refused afterwards", async () => {
    const s = sandbox({ passwordHasher: cheapHasher() });
    const cookie = await s.loginMfa();
    expect(await authenticates(s, cookie as string)).toBe(true);
    const later = new Date(s.clock.now.getTime() + 60_000);
    const removed = await removeMfa(
      s.store,
      {
        orgId: ORG,
        memberId: await memberId(s, MFA_ADMIN),
        password: PASSWORD,
        code: generateTotp(MFA_SECRET, later),
        now: later,
      },
      { hasher: cheapHasher() },
    );
    expect(removed).toEqual({ ok: true });
    expect(await authenticates(s, cookie as string)).toBe(false);
  });

  it("a session issued before an enrollment is refused afterwards", async () => {
    const s = sandbox({ passwordHasher: cheapHasher() });
    const cookie = await s.login(ADMIN);
    const id = await memberId(s, ADMIN);
    const begun = await beginMfaEnrollment(s.store, { orgId: ORG, memberId: id, now: s.clock.now });
    if (!begun.ok) throw new Error("enrollment did not begin");
    expect(await authenticates(s, cookie as string)).toBe(true);
    const confirmed = await confirmMfaEnrollment(s.store, {
      orgId: ORG,
      memberId: id,
      code: generateTotp(begun.secret, s.clock.now),
      now: s.clock.now,
    });
    expect(confirmed).toEqual({ ok: true });
    expect(await authenticates(s, cookie as string)).toBe(false);
  });
});

describe("a member who must use MFA and has no authenticator", () => {
  async function store() {
    const snapshot = sandboxSnapshot();
    const hasher = cheapHasher();
    for (const member of snapshot.members ?? [])
      if (member.email === ADMIN)
        Object.assign(member, {
          useMfa: true,
          credentials: { passwordHash: await hasher.hash(PASSWORD) },
        });
    return { store: createMemoryStore(snapshot), hasher };
  }
  const now = new Date("2026-06-15T12:00:00Z");

  it("is sent to enrollment after a right password, with a ticket that is no session token", async () => {
    const { store: s, hasher } = await store();
    const context = { secret: SECRET, protection: createLoginProtection(), hasher };
    const input = { shortName: "sandbox", email: ADMIN, password: PASSWORD, client: "c", now };
    const outcome = await logIn(s, input, context);
    expect(outcome).toMatchObject({ ok: false, reason: "MFA_ENROLLMENT_REQUIRED", orgId: ORG });
    if (outcome.ok || outcome.reason !== "MFA_ENROLLMENT_REQUIRED") return;
    expect(await verifyEnrollmentTicket(SECRET, outcome.enrollmentTicket, now)).toMatchObject({
      orgId: ORG,
      memberId: outcome.memberId,
    });
    expect(await verifyToken(SECRET, outcome.enrollmentTicket, now)).toBeNull();
    const wrong = await logIn(s, { ...input, password: "not the password at all" }, context);
    expect(wrong).toEqual({ ok: false, reason: "BAD_CREDENTIALS" });
  });

  it("logs in with a password typed in another Unicode normalization form (NFC at set and at login)", async () => {
    const { store: s, hasher } = await store();
    const composed = "caf\u00e9 au lait tous les jours";
    const id = (await s.exportSnapshot(ORG))?.members.find((m) => m.email === MFA_ADMIN)?.id ?? "";
    await s.transaction(ORG, async (tx) =>
      tx.updateMemberCredentials?.(id, { passwordHash: await hasher.hash(composed) }),
    );
    const outcome = await logIn(
      s,
      {
        shortName: "sandbox",
        email: MFA_ADMIN,
        password: composed.normalize("NFD"),
        mfaCode: generateTotp(MFA_SECRET, now),
        client: "c",
        now,
      },
      { secret: SECRET, protection: createLoginProtection(), hasher },
    );
    expect(outcome.ok).toBe(true);
  });
});
