import { describe, expect, it } from "vitest";
import { issueEnrollmentTicket } from "../../src/auth/enrollment-ticket";
import { sessionStamp } from "../../src/auth/session-stamp";
import { generateTotp } from "../../src/auth/totp";
import { AUTH, accountSandbox, hiddenValue, textOf } from "./account-pages-support";
import { ADMIN, MEMBER, MFA_ADMIN, MFA_SECRET, PASSWORD, SECRET } from "./support";

const MFA = `${AUTH}mfa`;
const LOOKUP = "/api/v2/departments";

/** The sandbox with MFA required: the admin's password login yields an enrollment ticket. */
async function requiredMfa() {
  const sandbox = await accountSandbox({ mfaRequired: true });
  const page = await (await sandbox.post(AUTH, { email: ADMIN, password: PASSWORD })).text();
  return {
    ...sandbox,
    secret: textOf(page, "mfa-secret") as string,
    ticket: hiddenValue(page, "ticket") as string,
  };
}

describe("the authenticator setup page", () => {
  it("sets up an authenticator for a signed-in member; the session from before is refused after it", async () => {
    const { request, post, login, clock } = await accountSandbox();
    const session = (await login(ADMIN)) as string;
    // GET only shows the start; the setup begins with its form's POST.
    expect(
      textOf(await (await request(MFA, { headers: { cookie: session } })).text(), "mfa-secret"),
    ).toBeNull();
    const begun = await post(MFA, { action: "begin" }, { cookie: session });
    const page = await begun.text();
    expect(begun.status).toBe(200);
    expect(hiddenValue(page, "ticket")).toBeNull();
    const secret = textOf(page, "mfa-secret") as string;
    expect((await request(LOOKUP, { headers: { cookie: session } })).status).toBe(200);
    // From a session the password is asked too: a stolen session alone sets up nothing.
    const withoutPassword = await post(
      MFA,
      { code: generateTotp(secret, clock.now), password: "not the password" },
      { cookie: session },
    );
    expect(withoutPassword.status).toBe(400);
    expect(await withoutPassword.text()).toContain("The current password is not right.");
    expect((await request(LOOKUP, { headers: { cookie: session } })).status).toBe(200);
    const confirmed = await post(
      MFA,
      { code: generateTotp(secret, clock.now), password: PASSWORD },
      { cookie: session },
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("<h1>Authenticator set up</h1>");
    expect(confirmed.headers.getSetCookie()).toEqual([expect.stringMatching(/^SERVICEAUTH=; /)]);
    expect((await request(LOOKUP, { headers: { cookie: session } })).status).toBe(401);
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(await login(ADMIN)).toBeNull();
    expect(await login(ADMIN, PASSWORD, generateTotp(secret, clock.now))).toMatch(/^SERVICEAUTH=/);
  });

  it("never replaces an authenticator from a session: a member who has one is told to remove it first", async () => {
    const { request, post, login, clock } = await accountSandbox();
    const session = (await login(
      MFA_ADMIN,
      PASSWORD,
      generateTotp(MFA_SECRET, clock.now),
    )) as string;
    expect(session).toMatch(/^SERVICEAUTH=/);
    const shown = await request(MFA, { headers: { cookie: session } });
    expect(shown.status).toBe(409);
    expect(await shown.text()).toContain("already set up");
    const begun = await post(MFA, { action: "begin" }, { cookie: session });
    expect(begun.status).toBe(409);
    expect(textOf(await begun.text(), "mfa-secret")).toBeNull();
  });

  it("asks to sign in without a session, with another organization's session, or with a ticket as the cookie", async () => {
    const { request, post, ticket } = await requiredMfa();
    const other = await accountSandbox();
    const otherSession = (await other.login(MEMBER)) as string;
    for (const cookie of ["", `SERVICEAUTH=${ticket}`]) {
      const response = await request(MFA, { headers: { cookie } });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("<h1>Sign in first</h1>");
    }
    // A session of the sandbox, presented at another organization's address.
    const elsewhere = await other.request("/app/other/admin/auth/mfa", {
      headers: { cookie: otherSession },
    });
    expect(elsewhere.status).toBe(401);
    expect((await post(MFA, { code: "123456" })).status).toBe(401);
  });

  it("never takes an enrollment ticket as a session: the API answers 401 to it", async () => {
    const { request, ticket } = await requiredMfa();
    expect(ticket).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const response = await request(LOOKUP, { headers: { cookie: `SERVICEAUTH=${ticket}` } });
    expect(response.status).toBe(401);
  });

  it("confirms with the ticket, which then ends: replaying it is refused", async () => {
    const { post, login, secret, ticket, clock, state } = await requiredMfa();
    const confirmed = await post(MFA, { ticket, code: generateTotp(secret, clock.now) });
    expect(confirmed.status).toBe(200);
    clock.now = new Date(clock.now.getTime() + 30_000);
    const before = await state();
    const replays: Record<string, string>[] = [
      { ticket, code: generateTotp(secret, clock.now) },
      { ticket, action: "begin" },
    ];
    for (const fields of replays) {
      const replay = await post(MFA, fields);
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain("<h1>Sign in first</h1>");
    }
    expect(await state()).toEqual(before);
    expect(await login(ADMIN, PASSWORD, generateTotp(secret, clock.now))).toMatch(/^SERVICEAUTH=/);
  });

  it("refuses a ticket at another organization's address, a forged one and an expired one", async () => {
    const { post, store, secret, ticket, clock, state } = await requiredMfa();
    const code = generateTotp(secret, clock.now);
    const [member] = (await store.exportSnapshot("org-sandbox"))?.members.filter(
      (entry) => entry.email === ADMIN,
    ) ?? [undefined];
    if (member === undefined) throw new Error("no admin");
    const forged = await issueEnrollmentTicket(
      "another-secret-that-is-long-enough!!",
      {
        orgId: "org-sandbox",
        memberId: member.id,
        stamp: sessionStamp(SECRET, member, { mfaRequired: true }),
      },
      clock.now,
    );
    const before = await state();
    for (const [path, fields] of [
      ["/app/other/admin/auth/mfa", { ticket, code }],
      [MFA, { ticket: forged, code }],
    ] as const) {
      expect((await post(path, fields)).status).toBe(401);
    }
    clock.now = new Date(clock.now.getTime() + 15 * 60_000 + 1000);
    expect((await post(MFA, { ticket, code: generateTotp(secret, clock.now) })).status).toBe(401);
    expect(await state()).toEqual(before);
  });

  it("answers a wrong code with the code form again, no key shown, and the key first shown still confirms", async () => {
    const { post, secret, ticket, clock } = await requiredMfa();
    const wrong = await post(MFA, { ticket, code: "000000" });
    const page = await wrong.text();
    expect(wrong.status).toBe(400);
    expect(page).toContain("The code is not right");
    expect(page).not.toContain(secret);
    expect(page).not.toContain('id="mfa-secret"');
    expect(page).toMatch(
      /id="field-code"[^>]*aria-describedby="form-error"[^>]*aria-invalid="true"/,
    );
    expect(hiddenValue(page, "ticket")).toBe(ticket);
    expect(page).toContain("Start over with a new key");
    const right = await post(MFA, { ticket, code: generateTotp(secret, clock.now) });
    expect(right.status).toBe(200);
  });

  it("starts over with a new key on action=begin; the earlier key then no longer confirms", async () => {
    const { post, secret, ticket, clock } = await requiredMfa();
    const again = await post(MFA, { ticket, action: "begin" });
    const page = await again.text();
    const fresh = textOf(page, "mfa-secret") as string;
    expect(again.status).toBe(200);
    expect(fresh).not.toBe(secret);
    expect((await post(MFA, { ticket, code: generateTotp(secret, clock.now) })).status).toBe(400);
    expect((await post(MFA, { ticket, code: generateTotp(fresh, clock.now) })).status).toBe(200);
  });

  it("refuses a setup posted from another site with 403, and writes nothing", async () => {
    const { post, secret, ticket, clock, state } = await requiredMfa();
    const before = await state();
    const response = await post(
      MFA,
      { ticket, code: generateTotp(secret, clock.now) },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await state()).toEqual(before);
  });
});
