import { describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { AUTH, accountSandbox, textOf } from "../http/account-pages-support";
import { ADMIN, PASSWORD } from "../http/support";

const MFA = `${AUTH}mfa`;

/**
 * `GET {login_url}mfa` with a session begins an enrollment, replacing the one pending: a write on
 * a GET (docs/production.md, 3.5.3: "GET only reads"), and the session cookie is `SameSite=Lax`,
 * so it comes with any other site's link or redirect. Another site can so void the key a member
 * has just scanned, and their code is then refused.
 */
describe("another site cannot replace a member's pending authenticator setup", () => {
  it("a cross-site navigation to the setup page leaves the key the member scanned confirmable", async () => {
    const { request, post, login, clock } = await accountSandbox();
    const session = (await login(ADMIN)) as string;
    const start = await request(MFA, { headers: { cookie: session } });
    expect(textOf(await start.text(), "mfa-secret")).toBeNull();
    const scanned = textOf(
      await (await post(MFA, { action: "begin" }, { cookie: session })).text(),
      "mfa-secret",
    );
    expect(scanned).toMatch(/^[A-Z2-7]+$/);
    // The other site's link, followed by the member's browser with the Lax session cookie.
    await request(MFA, {
      headers: { cookie: session, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    clock.now = new Date(clock.now.getTime() + 30_000);
    const confirmed = await post(
      MFA,
      { code: generateTotp(scanned as string, clock.now), password: PASSWORD },
      { cookie: session },
    );
    expect(confirmed.status).toBe(200);
  });
});
