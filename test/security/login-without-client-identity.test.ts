import { describe, expect, it } from "vitest";
import { ADMIN, cheapHasher, cheaplyHashedSandbox, sandbox } from "../http/support";

describe("a host that identifies no client: failed logins cannot block every login", () => {
  it("100 failures with random addresses leave the admin's correct login working", async () => {
    // Each failure checks a password (against a dummy hash): hashed at CHEAP_SCRYPT.
    const { request, login } = sandbox({
      snapshot: await cheaplyHashedSandbox(),
      passwordHasher: cheapHasher(),
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      await request("/app/sandbox/admin/auth/", {
        method: "POST",
        body: new URLSearchParams({ email: `nobody${attempt}@x.example`, password: "guess" }),
      });
    }
    expect(await login(ADMIN)).toMatch(/^SERVICEAUTH=/);
  });
});
