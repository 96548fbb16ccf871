import { describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/password";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, CHEAP_SCRYPT, cheapHasher, SECRET, sandboxSnapshot } from "../http/support";

/**
 * A password is put in Unicode NFC "the same way when set and at login" (docs/production.md,
 * 6.2.8): the login normalizes, but `hashPassword`, the documented way to make a snapshot's
 * `passwordHash` (docs/organization-snapshot.md), hashes the text as given. A password holding a
 * decomposed character (as typed on some keyboards, or pasted) then never signs in, however
 * exactly it is typed.
 */
describe("a password hashed with hashPassword signs in as typed", () => {
  it("signs in with a decomposed (NFD) password whose hash hashPassword made", async () => {
    const password = "Cafe\u0301 au lait tulip";
    const snapshot = sandboxSnapshot();
    const admin = snapshot.members?.find((member) => member.email === ADMIN);
    if (admin?.credentials == null) throw new Error("the sandbox admin has no credentials");
    admin.credentials.passwordHash = await hashPassword(password, CHEAP_SCRYPT);
    const handler = createHttpHandler({
      store: createMemoryStore(snapshot),
      tokenSecret: SECRET,
      passwordHasher: cheapHasher(),
      importWorkers: false,
    });
    const response = await handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        body: new URLSearchParams({ email: ADMIN, password }),
      }),
    );
    expect(response.headers.getSetCookie().some((c) => c.startsWith("SERVICEAUTH="))).toBe(true);
  });
});
