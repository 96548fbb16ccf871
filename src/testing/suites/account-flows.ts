import { expect, it } from "vitest";
import { changePassword } from "../../accounts/change-password";
import type { AccountContext } from "../../accounts/context";
import { acceptInvitation, issueInvitation } from "../../accounts/invitation";
import { beginMfaEnrollment, confirmMfaEnrollment, removeMfa } from "../../accounts/mfa-enrollment";
import { resetMfa } from "../../accounts/mfa-reset";
import { requestPasswordRecovery, resetPassword } from "../../accounts/recovery";
import { hashAccountToken } from "../../accounts/tokens";
import { createScryptHasher } from "../../auth/password";
import { generateTotp } from "../../auth/totp";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { createWindowRateLimiter } from "../../runtime/rate-limit";
import type { Store } from "../../store/port";
import { type ConformanceHarness, memberNamed } from "../harness";
import { OTHER_ORG_ID, SEED_NOW, SEED_ORG_ID, seedOrganization } from "../seed";
import { csv, expectOk, importInto } from "./util";

const STRONG = "correct horse battery staple";
const DAY = 24 * 60 * 60 * 1000;
/** A cheap scrypt cost: these tests count rules, not work. */
const context: AccountContext = {
  hasher: createScryptHasher({ N: 16, r: 1, p: 1 }),
  recoveryAnswerFloorMs: 0,
};

/** A seeded store with one member created by an import, and that member's invitation token. */
async function invited(
  h: ConformanceHarness,
): Promise<{ store: Store; token: string; id: string }> {
  const store = await h.seeded();
  const outcome = await importInto(
    store,
    "PERFORM",
    csv("First Name,Last Name,Email,Role", "Nia,Okafor,nia@firm.example,ADMIN"),
  );
  expectOk(outcome);
  const [email] = outcome.welcomeEmails;
  if (email?.token == null) throw new Error("the import's welcome email carries no invitation");
  return { store, token: email.token, id: email.memberId };
}

const accept = (
  store: Store,
  token: string,
  password = STRONG,
  now = SEED_NOW,
  orgId = SEED_ORG_ID,
) => acceptInvitation(store, { orgId, token, password, now }, context);

/** Invitations, password rules, recovery and MFA enrollment, through the services. */
export function accountFlowsSuite(h: ConformanceHarness): void {
  it("an import's MEMBER_CREATED email carries a 32-byte token expiring in 7 days; the store keeps only its hash", async () => {
    const { store, token, id } = await invited(h);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const after = await h.readBack(store, SEED_ORG_ID);
    const [email] = after.welcomeEmails;
    expect(email?.tokenExpiresAt).toBe(new Date(SEED_NOW.getTime() + 7 * DAY).toISOString());
    expect(after.accountTokens).toEqual([
      expect.objectContaining({
        memberId: id,
        purpose: "INVITATION",
        tokenHash: hashAccountToken(token),
      }),
    ]);
    expect(JSON.stringify(after.accountTokens)).not.toContain(token);
  });

  it("accepting an invitation sets the password once: the token is then void (reuse refused)", async () => {
    const { store, token, id } = await invited(h);
    expect(await accept(store, token)).toEqual({ ok: true, memberId: id });
    const member = memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example");
    expect(await context.hasher?.verify(STRONG, member.credentials.passwordHash ?? "")).toBe(true);
    const again = await accept(store, token, "another fine passphrase");
    expect(again).toMatchObject({ ok: false, error: { rule: "account.INVALID_TOKEN.unknown" } });
  });

  it("a weak password is refused with its rule and nothing is stored", async () => {
    const { store, token } = await invited(h);
    const before = await h.readBack(store, SEED_ORG_ID);
    for (const [password, rule] of [
      ["short", "account.WEAK_PASSWORD.tooShort"],
      ["password123", "account.WEAK_PASSWORD.common"],
      ["conformance rocks 2026", "account.WEAK_PASSWORD.ownWords"],
      ["a firm handshake always", "account.WEAK_PASSWORD.ownWords"],
    ] as const) {
      const outcome = await accept(store, token, password);
      expect(outcome).toMatchObject({ ok: false, error: { code: "WEAK_PASSWORD", rule } });
      if (!outcome.ok) expect(outcome.error.message.length).toBeGreaterThan(10);
    }
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("an expired, tampered or malformed token is refused, and so is another organization's", async () => {
    const { store, token } = await invited(h);
    const late = new Date(SEED_NOW.getTime() + 7 * DAY);
    expect(await accept(store, token, STRONG, late)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.expired" },
    });
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [flipped, `${token}x`, "", "../../etc"])
      expect(await accept(store, bad)).toMatchObject({
        error: { rule: "account.INVALID_TOKEN.unknown" },
      });
    expect(await accept(store, token, STRONG, SEED_NOW, OTHER_ORG_ID)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
    expect(await accept(store, token)).toMatchObject({ ok: true });
  });

  it("a newer invitation voids the older one", async () => {
    const { store, token, id } = await invited(h);
    const reissued = await issueInvitation(store, {
      orgId: SEED_ORG_ID,
      memberId: id,
      now: SEED_NOW,
    });
    expectOk(reissued);
    expect(reissued.email).toMatchObject({ reason: "INVITATION", product: null, memberId: id });
    expect(await accept(store, token)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
    expect(await accept(store, reissued.email.token ?? "")).toMatchObject({ ok: true });
    expect(
      await issueInvitation(store, { orgId: SEED_ORG_ID, memberId: "m-nobody", now: SEED_NOW }),
    ).toMatchObject({
      error: { rule: "account.MEMBER_NOT_FOUND.member" },
    });
  });

  it("an invitation is void once the member's address changes, and stays void when it changes back", async () => {
    const { store, token } = await invited(h);
    const moved = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,New Email",
        "Nia,Okafor,nia@firm.example,nia.okafor@firm.example",
      ),
    );
    expectOk(moved);
    expect(await accept(store, token)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
    const back = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,New Email",
        "Nia,Okafor,nia.okafor@firm.example,nia@firm.example",
      ),
    );
    expectOk(back);
    // Void for good: the link went to an address the member gave up, even if it came back.
    expect(await accept(store, token)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
    expect((await h.readBack(store, SEED_ORG_ID)).accountTokens).toEqual([]);
  });

  it("recovery answers the same for a member's address and an unknown one, and writes only for the member", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const ask = (email: string) =>
      requestPasswordRecovery(store, { orgId: SEED_ORG_ID, email, now: SEED_NOW }, context);
    const unknown = await ask("nobody@firm.example");
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
    const known = await ask("BEN@firm.example");
    expect(known).toEqual(unknown);
    const emails = (await h.readBack(store, SEED_ORG_ID)).welcomeEmails.filter(
      (email) => email.reason === "PASSWORD_RECOVERY",
    );
    expect(emails).toEqual([
      expect.objectContaining({ memberId: "m-ben", email: "ben@firm.example", product: null }),
    ]);
    const token = emails[0]?.token ?? "";
    const reset = (password: string) =>
      resetPassword(store, { orgId: SEED_ORG_ID, token, password, now: SEED_NOW }, context);
    expect(await reset("my firm handshake")).toMatchObject({
      error: { rule: "account.WEAK_PASSWORD.ownWords" },
    });
    expect(await reset(STRONG)).toEqual({ ok: true, memberId: "m-ben" });
    expect(await reset(`${STRONG}!`)).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
  });

  it("a newer recovery request voids the older link, and an invitation token is no recovery token", async () => {
    const { store, token } = await invited(h);
    const ask = () =>
      requestPasswordRecovery(
        store,
        { orgId: SEED_ORG_ID, email: "ben@firm.example", now: SEED_NOW },
        context,
      );
    await ask();
    await ask();
    const links = (await h.readBack(store, SEED_ORG_ID)).welcomeEmails
      .filter((email) => email.reason === "PASSWORD_RECOVERY")
      .map((email) => email.token ?? "");
    const reset = (t: string) =>
      resetPassword(
        store,
        { orgId: SEED_ORG_ID, token: t, password: STRONG, now: SEED_NOW },
        context,
      );
    expect(await reset(links[0] ?? "")).toMatchObject({
      error: { rule: "account.INVALID_TOKEN.unknown" },
    });
    expect(await reset(token)).toMatchObject({ error: { rule: "account.INVALID_TOKEN.unknown" } });
    expect(await reset(links[1] ?? "")).toMatchObject({ ok: true });
  });

  it("guessing tokens is bounded: past the limiter's budget a client is refused, the right token too", async () => {
    const { store, token } = await invited(h);
    const limited = {
      ...context,
      limiter: createWindowRateLimiter({ limit: 3, windowMs: 60_000 }),
    };
    const guess = (t: string) =>
      acceptInvitation(
        store,
        { orgId: SEED_ORG_ID, token: t, password: STRONG, now: SEED_NOW, client: "10.0.0.9" },
        limited,
      );
    for (let i = 0; i < 3; i++) expect((await guess("A".repeat(43))).ok).toBe(false);
    expect(await guess(token)).toMatchObject({ error: { code: "THROTTLED" } });
  });

  it("changePassword needs the current password and ends the member's sessions", async () => {
    const { store, token, id } = await invited(h);
    await accept(store, token);
    const epoch = async () =>
      memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example").credentials
        .sessionEpoch;
    const before = await epoch();
    const change = (currentPassword: string, newPassword: string) =>
      changePassword(
        store,
        { orgId: SEED_ORG_ID, memberId: id, currentPassword, newPassword, now: SEED_NOW },
        context,
      );
    expect(await change("wrong one entirely", "a brand new passphrase")).toMatchObject({
      error: { rule: "account.WRONG_PASSWORD.current" },
    });
    expect(await change(STRONG, "password")).toMatchObject({ error: { code: "WEAK_PASSWORD" } });
    expect(await change(STRONG, "a brand new passphrase")).toEqual({ ok: true });
    expect(await epoch()).toBeGreaterThan(before);
  });

  it("MFA enrollment: a fresh secret with its URI and QR; a valid code activates it once, and removal needs the password and a new code", async () => {
    const { store, token, id } = await invited(h);
    await accept(store, token);
    const begun = await beginMfaEnrollment(store, {
      orgId: SEED_ORG_ID,
      memberId: id,
      now: SEED_NOW,
    });
    expectOk(begun);
    expect(begun.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(begun.uri).searchParams.get("secret")).toBe(begun.secret);
    expect(begun.qrSvg).toMatch(/^<svg[^>]*>/);
    const confirm = (code: string) =>
      confirmMfaEnrollment(
        store,
        { orgId: SEED_ORG_ID, memberId: id, code, now: SEED_NOW },
        context,
      );
    expect(await confirm("000000")).toMatchObject({
      error: { rule: "account.INVALID_MFA_CODE.code" },
    });
    const code = generateTotp(begun.secret, SEED_NOW);
    expect(await confirm(code)).toEqual({ ok: true });
    const member = memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example");
    expect(member).toMatchObject({ useMfa: true, credentials: { mfaSecret: begun.secret } });
    expect(await confirm(code)).toMatchObject({
      error: { rule: "account.NO_MFA_ENROLLMENT.none" },
    });
    const remove = (password: string, at: Date) =>
      removeMfa(
        store,
        {
          orgId: SEED_ORG_ID,
          memberId: id,
          password,
          code: generateTotp(begun.secret, at),
          now: at,
        },
        context,
      );
    expect(await remove(STRONG, SEED_NOW)).toMatchObject({
      error: { rule: "account.INVALID_MFA_CODE.code" },
    });
    const later = new Date(SEED_NOW.getTime() + 60_000);
    expect(await remove("not the password", later)).toMatchObject({
      error: { rule: "account.WRONG_PASSWORD.current" },
    });
    expect(await remove(STRONG, later)).toEqual({ ok: true });
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example")).toMatchObject({
      useMfa: false,
      credentials: { mfaSecret: null },
    });
  });

  it("resetMfa (a lost authenticator) clears the secret, keeps Use MFA and ends sessions; an unknown member is refused", async () => {
    const { store, token, id } = await invited(h);
    await accept(store, token);
    const begun = await beginMfaEnrollment(store, {
      orgId: SEED_ORG_ID,
      memberId: id,
      now: SEED_NOW,
    });
    expectOk(begun);
    await confirmMfaEnrollment(store, {
      orgId: SEED_ORG_ID,
      memberId: id,
      code: generateTotp(begun.secret, SEED_NOW),
      now: SEED_NOW,
    });
    const before = memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example");
    expect(await resetMfa(store, { orgId: SEED_ORG_ID, memberId: id })).toEqual({ ok: true });
    const after = memberNamed(await h.readBack(store, SEED_ORG_ID), "nia@firm.example");
    expect(after).toMatchObject({ useMfa: true, credentials: { mfaSecret: null } });
    expect(after.credentials.sessionEpoch).toBeGreaterThan(before.credentials.sessionEpoch);
    expect(await resetMfa(store, { orgId: SEED_ORG_ID, memberId: "m-nobody" })).toMatchObject({
      error: { rule: "account.MEMBER_NOT_FOUND.member" },
    });
  });

  it("MFA cannot be removed where the organization requires it", async () => {
    const store = await h.fresh();
    const seed = seedOrganization();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const passwordHash = await context.hasher?.hash(STRONG);
    const members = (seed.members ?? []).map((member) =>
      member.id === "m-ada"
        ? { ...member, credentials: { passwordHash, mfaSecret: secret } }
        : member,
    );
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        ...seed,
        organization: { ...seed.organization, mfaRequired: true },
        members,
      }),
    );
    const outcome = await removeMfa(
      store,
      {
        orgId: SEED_ORG_ID,
        memberId: "m-ada",
        password: STRONG,
        code: generateTotp(secret, SEED_NOW),
        now: SEED_NOW,
      },
      context,
    );
    expect(outcome).toMatchObject({ error: { rule: "account.MFA_REQUIRED.organization" } });
  });
}
