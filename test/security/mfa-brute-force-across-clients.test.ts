import { describe, expect, it } from "vitest";
import { type LogInOutcome, logIn } from "../../src/auth/login";
import { createLoginProtection, LOGIN_PROTECTION_DEFAULTS } from "../../src/auth/login-protection";
import { generateTotp } from "../../src/auth/totp";
import { createMemoryStore } from "../../src/memory/store";
import {
  ADMIN,
  cheapHasher,
  cheaplyHashedSandbox,
  MFA_ADMIN,
  MFA_SECRET,
  PASSWORD,
  SECRET,
} from "../http/support";

const START = new Date("2026-06-15T12:00:00Z");
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

/** Six-digit codes that are wrong at `now` (none of the three steps a login accepts). */
function wrongCodes(now: Date, count: number): string[] {
  const valid = new Set(
    [-30_000, 0, 30_000].map((shift) => generateTotp(MFA_SECRET, new Date(now.getTime() + shift))),
  );
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) codes.push(code);
  }
  return codes;
}

describe("MFA codes brute-forced across clients: the password known, 40 client keys check no more codes than the account's budget", () => {
  it("of 400 wrong codes from 40 clients, 5 are checked (the rest refused unchecked); the owner's trusted device then logs in with the right code, also on the attacker's client key", async () => {
    // Every try checks the password: hashed at CHEAP_SCRYPT (test/http/support.ts).
    const store = createMemoryStore(await cheaplyHashedSandbox());
    const context = {
      secret: SECRET,
      protection: createLoginProtection(),
      hasher: cheapHasher(),
    };
    const attempt = (client: string, mfaCode: string, now: Date, deviceCookie?: string) =>
      logIn(
        store,
        {
          shortName: "sandbox",
          email: MFA_ADMIN,
          password: PASSWORD,
          mfaCode,
          client,
          now,
          deviceCookie,
        },
        context,
      );
    // The owner logged in from their browser before: it holds a device cookie.
    const first = await attempt("198.51.100.7", generateTotp(MFA_SECRET, START), START);
    if (!first.ok) throw new Error(first.reason);

    const outcomes: LogInOutcome[] = [];
    const codes = wrongCodes(at(1), 400);
    for (const [n, code] of codes.entries())
      outcomes.push(await attempt(`203.0.113.${n % 40}`, code, at(1)));
    const checked = outcomes.filter(
      (outcome) => !outcome.ok && outcome.reason === "MFA_CODE_INVALID",
    );
    expect(checked).toHaveLength(LOGIN_PROTECTION_DEFAULTS.codeFailuresPerWindow);
    expect(outcomes.every((outcome) => !outcome.ok)).toBe(true);
    // An untrusted client is refused before its code is compared, even the right one.
    expect(await attempt("192.0.2.1", generateTotp(MFA_SECRET, at(30)), at(30))).toEqual({
      ok: false,
      reason: "THROTTLED",
    });

    const owner = await attempt(
      "198.51.100.7",
      generateTotp(MFA_SECRET, at(60)),
      at(60),
      first.deviceCookie,
    );
    expect(owner.ok).toBe(true);
    const onAttackersKey = await attempt(
      "203.0.113.5",
      generateTotp(MFA_SECRET, at(90)),
      at(90),
      first.deviceCookie,
    );
    expect(onAttackersKey.ok).toBe(true);
  });

  it("a trusted device has its own small budget: 5 wrong codes, then it is refused too, and another trusted device is not", async () => {
    // Every try checks the password: hashed at CHEAP_SCRYPT (test/http/support.ts).
    const store = createMemoryStore(await cheaplyHashedSandbox());
    const context = {
      secret: SECRET,
      protection: createLoginProtection(),
      hasher: cheapHasher(),
    };
    const attempt = (mfaCode: string, now: Date, deviceCookie: string | undefined) =>
      logIn(
        store,
        {
          shortName: "sandbox",
          email: MFA_ADMIN,
          password: PASSWORD,
          mfaCode,
          client: "",
          now,
          deviceCookie,
        },
        context,
      );
    const laptop = await attempt(generateTotp(MFA_SECRET, START), START, undefined);
    const phone = await attempt(generateTotp(MFA_SECRET, at(30)), at(30), undefined);
    if (!laptop.ok || !phone.ok) throw new Error("the owner's first logins");
    const reasons = [];
    for (const code of wrongCodes(at(31), 8))
      reasons.push(
        ((await attempt(code, at(31), laptop.deviceCookie)) as { reason: string }).reason,
      );
    expect(reasons).toEqual([...Array(5).fill("MFA_CODE_INVALID"), ...Array(3).fill("THROTTLED")]);
    expect((await attempt(generateTotp(MFA_SECRET, at(60)), at(60), phone.deviceCookie)).ok).toBe(
      true,
    );
  });

  it("a device cookie counts only for the account it was issued to, and only signed with the token secret", async () => {
    // Every try checks the password: hashed at CHEAP_SCRYPT (test/http/support.ts).
    const store = createMemoryStore(await cheaplyHashedSandbox());
    const context = {
      secret: SECRET,
      protection: createLoginProtection(),
      hasher: cheapHasher(),
    };
    const attempt = (
      email: string,
      password: string,
      mfaCode: string,
      now: Date,
      deviceCookie?: string,
    ) =>
      logIn(
        store,
        { shortName: "sandbox", email, password, mfaCode, client: "", now, deviceCookie },
        context,
      );
    const owner = await attempt(MFA_ADMIN, PASSWORD, generateTotp(MFA_SECRET, START), START);
    if (!owner.ok) throw new Error(owner.reason);
    for (const code of wrongCodes(at(1), 5)) await attempt(MFA_ADMIN, PASSWORD, code, at(1));
    const rightCode = generateTotp(MFA_SECRET, at(30));
    // A session token, a forged device token, and another account's device token are all untrusted.
    const forged = `${owner.deviceCookie.slice(0, -4)}AAAA`;
    const admin = await attempt(ADMIN, PASSWORD, "", at(2));
    if (!admin.ok) throw new Error(admin.reason);
    for (const cookie of [owner.token, forged, admin.deviceCookie])
      expect(await attempt(MFA_ADMIN, PASSWORD, rightCode, at(30), cookie)).toMatchObject({
        reason: "THROTTLED",
      });
    expect((await attempt(MFA_ADMIN, PASSWORD, rightCode, at(30), owner.deviceCookie)).ok).toBe(
      true,
    );
  });
});
