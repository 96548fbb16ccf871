import { describe, expect, it } from "vitest";
import { listWelcomeEmails } from "../../src/members/outbox";
import { createWindowRateLimiter } from "../../src/runtime/rate-limit";
import { AUTH, accountSandbox, linkCookie, NEW_PASSWORD, ORG } from "./account-pages-support";
import { ADMIN } from "./support";

const RECOVERY = `${AUTH}recovery`;
const RESET = `${AUTH}reset`;

describe("the recovery page", () => {
  it("answers the same status and bytes for a member's address, an unknown address and an unknown organization", async () => {
    const { post, store } = await accountSandbox();
    const answers = [
      await post(RECOVERY, { email: ADMIN }),
      await post(RECOVERY, { email: "nobody@hartwell.example" }),
      await post("/app/nowhere/admin/auth/recovery", { email: ADMIN }),
      await post("/app/%00/admin/auth/recovery", { email: ADMIN }),
      await post(RECOVERY, {}),
    ];
    const seen = await Promise.all(
      answers.map(async (response) => ({
        status: response.status,
        cookie: response.headers.get("set-cookie"),
        body: Buffer.from(await response.arrayBuffer()).toString("base64"),
      })),
    );
    expect(new Set(seen.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(seen[0]?.status).toBe(200);
    expect(Buffer.from(seen[0]?.body ?? "", "base64").toString()).toContain(
      "If that address has an account, we sent a link to it.",
    );
    // Only the member's address got an email.
    const emails = await listWelcomeEmails(store, { orgId: ORG });
    expect(emails.map((email) => [email.reason, email.email])).toEqual([
      ["PASSWORD_RECOVERY", ADMIN],
    ]);
  });

  it("shows the email form, posting to itself", async () => {
    const { request } = await accountSandbox();
    const page = await (await request(RECOVERY)).text();
    expect(page).toContain('<form method="post" action="recovery">');
    expect(page).toMatch(/<input id="field-email" name="email" type="email" autocomplete="email"/);
  });

  it("says 'too many tries' once the budget is spent, for known and unknown addresses and organizations alike", async () => {
    const { post, store } = await accountSandbox({
      accountLimiter: createWindowRateLimiter({ limit: 2, windowMs: 15 * 60_000 }),
      clientKey: () => "203.0.113.5",
    });
    expect((await post(RECOVERY, { email: "a@hartwell.example" })).status).toBe(200);
    expect((await post("/app/nowhere/admin/auth/recovery", { email: "b@x.example" })).status).toBe(
      200,
    );
    for (const path of [RECOVERY, "/app/nowhere/admin/auth/recovery"]) {
      const held = await post(path, { email: ADMIN });
      expect(held.status).toBe(429);
      expect(await held.text()).toContain("Too many tries; try again in");
    }
    expect(await listWelcomeEmails(store, { orgId: ORG })).toEqual([]);
  });

  it("refuses a request posted from another site with 403, and sends nothing", async () => {
    const { post, store } = await accountSandbox();
    const response = await post(RECOVERY, { email: ADMIN }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await listWelcomeEmails(store, { orgId: ORG })).toEqual([]);
  });
});

describe("the reset page", () => {
  it("moves the link's token into its cookie for the reset path, and answers 303 without the query", async () => {
    const { request, recoveryToken } = await accountSandbox();
    const token = await recoveryToken(ADMIN);
    const response = await request(`${RESET}?token=${token}&utm_source=mail`);
    expect([response.status, response.headers.get("location")]).toEqual([303, RESET]);
    expect(response.headers.getSetCookie()).toEqual([
      `__Secure-SERVICEAUTH_RESET=${token}; Path=${RESET}; HttpOnly; SameSite=Strict; Max-Age=900; Secure`,
    ]);
  });

  it("sets a new password once and ends the member's sessions; the link is refused after", async () => {
    const { post, request, recoveryToken, login } = await accountSandbox();
    const session = (await login(ADMIN)) as string;
    const cookie = linkCookie("RESET", await recoveryToken(ADMIN));
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const done = await post(RESET, fields, { cookie });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("<h1>Password set</h1>");
    expect((await request("/api/v2/departments", { headers: { cookie: session } })).status).toBe(
      401,
    );
    expect(await login(ADMIN)).toBeNull();
    expect(await login(ADMIN, NEW_PASSWORD)).toMatch(/^SERVICEAUTH=/);
    const again = await post(RESET, fields, { cookie });
    expect(again.status).toBe(400);
    const page = await again.text();
    expect(page).toContain("This link is not valid");
    expect(page).toContain('<a href="recovery">Ask for a new link</a>');
  });

  it("refuses an invitation's token on the reset page, and a reset token past its 30 minutes", async () => {
    const { post, invitationToken, recoveryToken, state, clock } = await accountSandbox();
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const invitation = linkCookie("RESET", await invitationToken("m-001"));
    const reset = linkCookie("RESET", await recoveryToken(ADMIN));
    clock.now = new Date(clock.now.getTime() + 30 * 60_000);
    const before = await state();
    const wrongKind = await post(RESET, fields, { cookie: invitation });
    expect(await wrongKind.text()).toContain("This link is not valid");
    const expired = await post(RESET, fields, { cookie: reset });
    expect([expired.status, (await expired.text()).includes("This link has expired")]).toEqual([
      400,
      true,
    ]);
    expect(await state()).toEqual(before);
  });

  it("answers a post without the link's cookie (or with two of them) as an invalid link", async () => {
    const { post, recoveryToken } = await accountSandbox();
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    const token = await recoveryToken(ADMIN);
    for (const cookie of ["", `${linkCookie("RESET", token)}; ${linkCookie("RESET", token)}`]) {
      const response = await post(RESET, fields, { cookie });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This link is not valid");
    }
  });
});
