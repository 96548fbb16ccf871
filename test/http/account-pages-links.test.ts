import { describe, expect, it } from "vitest";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import { accountEmailLink } from "../../src/http";
import { listWelcomeEmails } from "../../src/members/outbox";
import { AUTH, accountSandbox, linkCookie, NEW_PASSWORD, ORG } from "./account-pages-support";
import { ADMIN, BASE, upload } from "./support";

const TOKEN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

function email(reason: WelcomeEmail["reason"], token: string | null): WelcomeEmail {
  return {
    id: "e-1",
    memberId: "m-1",
    email: "a@x.example",
    firstName: "A",
    lastName: "B",
    product: null,
    reason,
    createdAt: "2026-06-15T00:00:00.000Z",
    token,
    tokenExpiresAt: null,
  };
}

describe("accountEmailLink", () => {
  it("links invitations to the invitation page and recoveries to the reset page, with the token in the query", () => {
    const site = "https://hr.example.com";
    for (const reason of ["MEMBER_CREATED", "INVITATION"] as const)
      expect(accountEmailLink(site, "hartwell", email(reason, TOKEN))).toBe(
        `${site}/app/hartwell/admin/auth/invitation?token=${TOKEN}`,
      );
    expect(accountEmailLink(`${site}/`, "hartwell", email("PASSWORD_RECOVERY", TOKEN))).toBe(
      `${site}/app/hartwell/admin/auth/reset?token=${TOKEN}`,
    );
  });

  it("answers null for an email without a token", () => {
    for (const reason of ["MEMBER_CREATED", "PRODUCT_GRANTED", "PASSWORD_RECOVERY"] as const)
      expect(
        accountEmailLink("https://hr.example.com", "hartwell", email(reason, null)),
      ).toBeNull();
    expect(
      accountEmailLink("https://hr.example.com", "hartwell", email("PRODUCT_GRANTED", TOKEN)),
    ).toBeNull();
  });

  it("percent-encodes the organization's short name", () => {
    expect(accountEmailLink("https://h.example", "a b/c?d", email("INVITATION", TOKEN))).toBe(
      `https://h.example/app/a%20b%2Fc%3Fd/admin/auth/invitation?token=${TOKEN}`,
    );
  });

  it("gives a link the pages take: the HTTP import's welcome email (with the host's invitation lifetime) sets the new member's password", async () => {
    const { store, clock, request, post, login } = await accountSandbox({
      invitationLifetimeMs: 3600_000,
    });
    const admin = (await login(ADMIN)) as string;
    const imported = await request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      headers: { cookie: admin },
      body: upload("First Name,Last Name,Email\nNew,Hire,new.hire@hartwell.example\n"),
    });
    expect(imported.status).toBe(200);
    const welcome = (await listWelcomeEmails(store, { orgId: ORG })).find(
      (entry) => entry.email === "new.hire@hartwell.example",
    ) as WelcomeEmail;
    expect(welcome.tokenExpiresAt).toBe(new Date(clock.now.getTime() + 3600_000).toISOString());
    const link = new URL(accountEmailLink(BASE, "sandbox", welcome) as string);
    const moved = await request(`${link.pathname}${link.search}`);
    expect(moved.headers.get("location")).toBe(`${AUTH}invitation`);
    const cookie = moved.headers.getSetCookie()[0]?.split(";")[0] as string;
    expect(cookie).toBe(linkCookie("INVITATION", welcome.token as string));
    const fields = { password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await post(`${AUTH}invitation`, fields, { cookie })).status).toBe(200);
    expect(await login("new.hire@hartwell.example", NEW_PASSWORD)).toMatch(/^SERVICEAUTH=/);
  });
});
