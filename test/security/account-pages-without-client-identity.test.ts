import { describe, expect, it } from "vitest";
import { ADA, AUTH, accountSandbox, linkCookie, NEW_PASSWORD } from "../http/account-pages-support";
import { ADMIN } from "../http/support";

/**
 * With rpdi's defaults (no `clientKey`) every client is the client `""`, and the account pages
 * counted that one key: anyone's 20 junk posts in 15 minutes answered "Too many tries" to every
 * invitation, reset and recovery of every organization. The login avoids this (unidentified
 * clients are not counted as a client; login-without-client-identity.test.ts); links carry 256
 * random bits, so a per-client budget bounds no real guessing for them.
 */
describe("a host that identifies no client: junk posts cannot block every account page", () => {
  it("20 junk posts to the reset page leave a new member's valid invitation working", async () => {
    const { post, invitationToken } = await accountSandbox();
    for (let i = 0; i < 20; i++) await post(`${AUTH}reset`, { password: "x", confirm: "x" });
    const token = await invitationToken(ADA.id);
    const response = await post(
      `${AUTH}invitation`,
      { password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      { cookie: linkCookie("INVITATION", token) },
    );
    expect(response.status).toBe(200);
  });

  it("20 recovery requests for other addresses leave a member's own request answered", async () => {
    const { post } = await accountSandbox();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`${AUTH}recovery`, { email: `someone${i}@elsewhere.example` }),
      ),
    );
    expect((await post(`${AUTH}recovery`, { email: ADMIN })).status).toBe(200);
  });
});
