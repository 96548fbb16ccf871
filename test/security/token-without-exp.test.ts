import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { currentSessionStamp } from "../../src/auth/session-token";
import type { Store } from "../../src/store/port";
import { ADMIN, SECRET, sandbox, sandboxSnapshot } from "../http/support";

const key = new TextEncoder().encode(SECRET);
const snapshot = sandboxSnapshot();
const admin = snapshot.members?.find((member) => member.email === ADMIN);
const stampOf = (store: Store) =>
  currentSessionStamp(store, SECRET, {
    orgId: snapshot.organization.id as string,
    memberId: admin?.id as string,
  });

describe("tokens signed with the secret but without exp or iat are refused", () => {
  it.each([
    ["without exp", (jwt: SignJWT) => jwt.setIssuedAt()],
    ["without iat", (jwt: SignJWT) => jwt.setExpirationTime("1h")],
  ])("answers 401 to a token %s", async (_, claims) => {
    const { request, store } = sandbox();
    const token = await claims(
      new SignJWT({ org: snapshot.organization.id, stp: await stampOf(store) })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(admin?.id as string),
    ).sign(key);
    const response = await request("/api/v2/departments", {
      headers: { cookie: `SERVICEAUTH=${token}` },
    });
    expect(response.status).toBe(401);
  });

  it("accepts the same token with both claims (the test's token is otherwise valid)", async () => {
    const { request, clock, store } = sandbox();
    const token = await new SignJWT({ org: snapshot.organization.id, stp: await stampOf(store) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin?.id as string)
      .setIssuedAt(Math.floor(clock.now.getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now.getTime() / 1000) + 3600)
      .sign(key);
    const response = await request("/api/v2/departments", {
      headers: { cookie: `SERVICEAUTH=${token}` },
    });
    expect(response.status).toBe(200);
  });
});
