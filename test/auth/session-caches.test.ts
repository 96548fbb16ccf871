import fc from "fast-check";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { endSessions } from "../../src/auth/end-sessions";
import { createSessionStampCheck, sessionStamp } from "../../src/auth/session-stamp";
import { createTokenVerifier, issueToken, TOKEN_LIFETIME_SECONDS } from "../../src/auth/token";
import { type Member, memberSchema } from "../../src/domain/member";
import { ADMIN, SECRET, sandbox, sandboxSnapshot } from "../http/support";

const NOW = new Date("2026-06-15T12:00:00Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const session = { orgId: "org", memberId: "member", stamp: "stamp" };

describe("the verified-token cache vouches for a signature, never for a token's time", () => {
  it("refuses a remembered token once it expires, and before its nbf", async () => {
    const verify = createTokenVerifier(SECRET);
    const token = await issueToken(SECRET, session, NOW);
    expect(await verify(token, NOW)).toEqual(session);
    expect(await verify(token, later(TOKEN_LIFETIME_SECONDS - 1))).toEqual(session);
    expect(await verify(token, later(TOKEN_LIFETIME_SECONDS))).toBeNull();

    const notYet = await new SignJWT({ org: "org", stp: "stamp" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("member")
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .setNotBefore(Math.floor(NOW.getTime() / 1000) + 60)
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verify(notYet, later(60))).toEqual(session);
    expect(await verify(notYet, later(59))).toBeNull();
  });

  it("refuses a remembered token's altered copy and a token under another secret", async () => {
    const verify = createTokenVerifier(SECRET);
    const token = await issueToken(SECRET, session, NOW);
    expect(await verify(token, NOW)).not.toBeNull();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    expect(await verify(`${header}.${payload}.${flipped}`, NOW)).toBeNull();
    const forged = await issueToken("another-secret-of-at-least-32-bytes!!!", session, NOW);
    expect(await verify(forged, NOW)).toBeNull();
  });

  it("answers the same for tokens it had to forget", async () => {
    const verify = createTokenVerifier(SECRET, 1);
    const first = await issueToken(SECRET, session, NOW);
    const second = await issueToken(SECRET, { ...session, memberId: "other" }, NOW);
    for (let round = 0; round < 3; round++) {
      expect((await verify(first, NOW))?.memberId).toBe("member");
      expect((await verify(second, NOW))?.memberId).toBe("other");
    }
  });
});

describe("the stamp check remembers exact states, so any change ends the session", () => {
  const admin = sandboxSnapshot().members?.find((member) => member.email === ADMIN) as Member;
  const organization = { mfaRequired: false };

  it("matches the stamp of the unchanged member, again and again", () => {
    const check = createSessionStampCheck(SECRET);
    const stamp = sessionStamp(SECRET, admin, organization);
    expect(check(stamp, admin, organization)).toBe(true);
    expect(check(stamp, admin, organization)).toBe(true);
  });

  it.each([
    ["a new password", { ...admin.credentials, passwordHash: "other-hash" }, false],
    ["a raised session epoch", { ...admin.credentials, sessionEpoch: 99 }, false],
    ["MFA required of everyone", admin.credentials, true],
  ])("refuses a remembered stamp after %s", (_, credentials, mfaRequired) => {
    const check = createSessionStampCheck(SECRET);
    const stamp = sessionStamp(SECRET, admin, organization);
    expect(check(stamp, admin, organization)).toBe(true);
    expect(check(stamp, { ...admin, credentials }, { mfaRequired })).toBe(false);
  });

  it("never matches another stamp for a remembered state", () => {
    const check = createSessionStampCheck(SECRET);
    expect(check(sessionStamp(SECRET, admin, organization), admin, organization)).toBe(true);
    expect(check("forged", admin, organization)).toBe(false);
  });
});

describe("the remembered stamp check answers as the stamp itself, whatever changes", () => {
  const admin = memberSchema.parse(
    sandboxSnapshot().members?.find((member) => member.email === ADMIN),
  );
  const credentialKeys = Object.keys(admin.credentials) as (keyof Member["credentials"])[];
  const memberKeys = (Object.keys(memberSchema.shape) as (keyof Member)[]).filter(
    (key) => key !== "credentials" && key !== "products",
  );
  // A new value of the old one's type (a text or null for a null), so the member stays one.
  const value = fc
    .tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 2 }), fc.boolean())
    .map(([text, number, flag]) => (old: unknown) => {
      if (typeof old === "string") return text;
      if (typeof old === "number") return number;
      if (typeof old === "boolean") return flag;
      if (old === null) return flag ? text : null;
      return old;
    });
  const product = fc.record({
    product: fc.constantFrom("RECRUIT", "PERFORM", "UNI"),
    role: fc.constantFrom("ADMIN", "MEMBER"),
  });
  // Every field of the member, so a field the stamp comes to cover is changed here too.
  const change = fc.oneof(
    fc.tuple(fc.constantFrom(...memberKeys), value).map(([key, to]) => (member: Member) => ({
      ...member,
      [key]: to(member[key]),
    })),
    fc.tuple(fc.constantFrom(...credentialKeys), value).map(([key, to]) => (member: Member) => ({
      ...member,
      credentials: { ...member.credentials, [key]: to(member.credentials[key]) },
    })),
    fc.array(product, { maxLength: 3 }).map((products) => (member: Member) => ({
      ...member,
      products,
    })),
    fc.constant((member: Member) => ({ ...member, products: [...member.products].reverse() })),
    fc.constant((member: Member) => ({ ...member, email: member.email.toUpperCase() })),
  );
  // Each step a fresh copy, as a store hands out: the same values, never the same objects.
  const copy = (member: Member): Member => structuredClone(member);

  it("property: check(stamp, member) is stamp === sessionStamp(member) over any run of changes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ change, mfaRequired: fc.boolean(), earlier: fc.nat() }), {
          minLength: 1,
          maxLength: 16,
        }),
        (steps) => {
          const check = createSessionStampCheck(SECRET, 2);
          const asks = (stamp: string, member: Member, organization: { mfaRequired: boolean }) =>
            expect(check(stamp, copy(member), organization)).toBe(
              stamp === sessionStamp(SECRET, member, organization),
            );
          // A walk of one change at a time: each stamp is remembered as matching, then asked of
          // the changed member, and of every member since.
          let member = admin;
          let organization = { mfaRequired: false };
          const stamps: string[] = [];
          for (const step of steps) {
            const stamp = sessionStamp(SECRET, member, organization);
            stamps.push(stamp);
            asks(stamp, member, organization);
            member = step.change(member);
            organization = { mfaRequired: step.mfaRequired };
            asks(stamp, member, organization);
            asks(stamps[step.earlier % stamps.length] as string, member, organization);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("through the app, a session whose token and stamp were remembered still ends at once", () => {
  it("answers 401 on the request after endSessions", async () => {
    const { request, login, store } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    for (let warm = 0; warm < 3; warm++) {
      expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(200);
    }
    const admin = sandboxSnapshot().members?.find((member) => member.email === ADMIN) as Member;
    const orgId = sandboxSnapshot().organization.id as string;
    expect(await endSessions(store, { orgId, memberId: admin.id })).toBe(true);
    expect((await request("/api/v2/departments", { headers: { cookie } })).status).toBe(401);
  });
});
