import { describe, expect, it } from "vitest";
import { logIn } from "../../src/auth/login";
import { createLoginProtection } from "../../src/auth/login-protection";
import { generateTotp } from "../../src/auth/totp";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { MFA_ADMIN, MFA_SECRET, PASSWORD, SECRET, sandbox, sandboxSnapshot } from "../http/support";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

describe("TOTP replay (RFC 6238 §5.2): a code logs in once", () => {
  it("refuses the same 6-digit code the second time over HTTP, and takes the next step's code", async () => {
    const { login, clock } = sandbox();
    const code = generateTotp(MFA_SECRET, clock.now);
    expect(await login(MFA_ADMIN, { mfaCode: code })).toMatch(/^SERVICEAUTH=/);
    expect(await login(MFA_ADMIN, { mfaCode: code })).toBeNull();
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(await login(MFA_ADMIN, { mfaCode: generateTotp(MFA_SECRET, clock.now) })).toMatch(
      /^SERVICEAUTH=/,
    );
  });

  it("refuses a replay on PostgreSQL (PGlite) too, and an older step after a newer one", async () => {
    const store = await freshStore(pgliteClient(), "totp_replay");
    try {
      await store.loadSnapshot(parseOrganizationSnapshot(sandboxSnapshot()));
      const now = new Date("2026-06-15T12:00:00Z");
      const context = { secret: SECRET, protection: createLoginProtection() };
      const attempt = (at: Date, code: string) =>
        logIn(
          store,
          {
            shortName: "sandbox",
            email: MFA_ADMIN,
            password: PASSWORD,
            mfaCode: code,
            client: "",
            now: at,
          },
          context,
        );
      const later = new Date(now.getTime() + 30_000);
      expect((await attempt(later, generateTotp(MFA_SECRET, later))).ok).toBe(true);
      expect(await attempt(later, generateTotp(MFA_SECRET, later))).toEqual({
        ok: false,
        reason: "MFA_CODE_INVALID",
      });
      // The previous step's code is still inside the drift window, but older than the one used.
      expect((await attempt(later, generateTotp(MFA_SECRET, now))).ok).toBe(false);
    } finally {
      await dropStore(store);
    }
  });
});
