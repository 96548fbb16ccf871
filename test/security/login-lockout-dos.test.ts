import { type IRateLimiterOptions, RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it, vi } from "vitest";
import { logIn } from "../../src/auth/login";
import { createLoginProtection } from "../../src/auth/login-protection";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";
import { countingHasher } from "./support";

/** A sandbox whose clients are told apart by a test header, as a host would by address. */
function sandboxWithClients() {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: SECRET,
    clientKey: (request) => request.headers.get("x-test-client") ?? "",
  });
  return async (client: string, email: string, password: string) => {
    const response = await handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        headers: { "x-test-client": client },
        body: new URLSearchParams({ email, password }),
      }),
    );
    return response.headers.get("set-cookie") !== null;
  };
}

describe("login protection cannot lock the real user out", () => {
  it("an attacker's wrong passwords for an admin's address never stop the admin on another client", async () => {
    const logIn = sandboxWithClients();
    for (let attempt = 0; attempt < 12; attempt++)
      expect(await logIn("203.0.113.9", ADMIN, `guess-${attempt}`)).toBe(false);
    expect(await logIn("198.51.100.7", ADMIN, PASSWORD)).toBe(true);
    // The attacker's client is held back, even with the right password.
    expect(await logIn("203.0.113.9", ADMIN, PASSWORD)).toBe(false);
  });

  it("a client that fails on many accounts is blocked on every account, others are not", async () => {
    const protection = createLoginProtection({ clientFailuresPerDay: 10 });
    for (let account = 0; account < 10; account++) {
      const attempt = {
        account: `sandbox\u0000user${account}@x.example`,
        client: "attacker",
        device: null,
      };
      await protection.begin(attempt);
      await protection.finish(attempt, "BAD_PASSWORD");
    }
    const fresh = (client: string) =>
      protection.check({ account: "sandbox\u0000fresh@x.example", client, device: null });
    expect((await fresh("attacker")).allowed).toBe(false);
    expect((await fresh("someone-else")).allowed).toBe(true);
  });

  it("a held-back client's tries cost no password hashing, so they cannot crowd out real logins", async () => {
    const hasher = countingHasher();
    const store = createMemoryStore(sandboxSnapshot());
    const context = {
      secret: SECRET,
      protection: createLoginProtection({ clientFailuresPerDay: 3 }),
      hasher,
    };
    const attempt = (email: string) =>
      logIn(
        store,
        { shortName: "sandbox", email, password: "guess", client: "attacker", now: new Date() },
        context,
      );
    for (let account = 0; account < 3; account++) await attempt(`user${account}@x.example`);
    const before = hasher.verifications();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, account) => attempt(`other${account}@x.example`)),
    );
    expect(outcomes.every((outcome) => !outcome.ok && outcome.reason === "THROTTLED")).toBe(true);
    expect(hasher.verifications() - before).toBe(0);
  });

  it("holds memory bounded: keys are capped however long the address, and expire", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const limiters: RateLimiterMemory[] = [];
      const keys: string[] = [];
      const protection = createLoginProtection({
        limiter: (options: IRateLimiterOptions) => {
          const limiter = new RateLimiterMemory(options);
          const consume = limiter.consume.bind(limiter);
          limiter.consume = (key, points) => {
            keys.push(String(key));
            return consume(key, points);
          };
          limiters.push(limiter);
          return limiter;
        },
      });
      const huge = `${"x".repeat(60_000)}@example.com`;
      for (let n = 0; n < 200; n++) {
        const attempt = {
          account: `sandbox\u0000${n}${huge}`,
          client: `client-${n}`,
          device: null,
        };
        await protection.begin(attempt);
        await protection.finish(attempt, "BAD_PASSWORD");
      }
      expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(2 * 320 + 1);
      vi.advanceTimersByTime(24 * 60 * 60 * 1000 + 1000);
      const stillThere = await Promise.all(
        limiters.flatMap((limiter) => keys.slice(0, 5).map((key) => limiter.get(key))),
      );
      expect(stillThere.every((entry) => entry === null)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
