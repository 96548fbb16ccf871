import { describe, expect, it } from "vitest";
import { createScryptHasher, hashPassword, verifyPassword } from "../../src/auth/password";

describe("password hashing runs off the event loop", () => {
  it("the event loop keeps turning while 16 verifications run", async () => {
    const hash = await hashPassword("correct horse");
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    const verdicts = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        verifyPassword(index === 0 ? "correct horse" : "wrong", hash),
      ),
    );
    running = false;
    expect(verdicts.filter(Boolean)).toHaveLength(1);
    // A hash computed on the event loop (even in chunks that yield only microtasks) lets no
    // setImmediate run until it is done; on the thread pool the loop turns throughout.
    expect(turns).toBeGreaterThan(50);
  });

  it("verifies hashes written by the earlier pure-JavaScript scrypt, and refuses garbage", async () => {
    const hasher = createScryptHasher();
    // The bundled sandbox's hash of "sandbox-password", written before hashing moved off the loop.
    const { readFileSync } = await import("node:fs");
    const sandbox = JSON.parse(readFileSync("fixtures/sandbox.json", "utf8")) as {
      members: { credentials?: { passwordHash?: string | null } }[];
    };
    const stored = sandbox.members.find((member) => member.credentials?.passwordHash)?.credentials
      ?.passwordHash as string;
    expect(await hasher.verify("sandbox-password", stored)).toBe(true);
    expect(await hasher.verify("sandbox-password", "scrypt$16384$8$1$$")).toBe(false);
    expect(await hasher.verify("x", "scrypt$99999999$8$1$AAAA$AAAA")).toBe(false);
    expect(await hasher.verify("x", "plain")).toBe(false);
  });
});
