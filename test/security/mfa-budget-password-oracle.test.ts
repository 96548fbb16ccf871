import { describe, expect, it } from "vitest";
import { logIn } from "../../src/auth/login";
import { createLoginProtection } from "../../src/auth/login-protection";
import { createMemoryStore } from "../../src/memory/store";
import { MFA_ADMIN, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";
import { countingHasher } from "./support";

const NOW = new Date("2026-06-15T12:00:00Z");

describe("The MFA code budget is no password oracle: once it is spent, a right password is handled as a wrong one", () => {
  it("after five right passwords with wrong codes, a new client's right and wrong passwords are both hashed, compared and refused alike", async () => {
    const hasher = countingHasher();
    const store = createMemoryStore(sandboxSnapshot());
    const context = { secret: SECRET, protection: createLoginProtection(), hasher };
    const attempt = (client: string, password: string) =>
      logIn(
        store,
        { shortName: "sandbox", email: MFA_ADMIN, password, mfaCode: "000000", client, now: NOW },
        context,
      );
    // The attacker tries a leaked password, each time from another address.
    for (let n = 0; n < 5; n++) expect((await attempt(`203.0.113.${n}`, PASSWORD)).ok).toBe(false);
    const probe = async (client: string, password: string) => {
      const before = hasher.verifications();
      const outcome = await attempt(client, password);
      return { ok: outcome.ok, hashed: hasher.verifications() - before };
    };
    // Before, the right password was refused here before hashing, in a few milliseconds, and a
    // wrong one took a hash: the difference confirmed the password.
    expect(await probe("198.51.100.1", PASSWORD)).toEqual({ ok: false, hashed: 1 });
    expect(await probe("198.51.100.2", "not-the-password")).toEqual({ ok: false, hashed: 1 });
  });
});
