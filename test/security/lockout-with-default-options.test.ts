import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLoginProtection } from "../../src/auth/login-protection";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";

/**
 * A host with rpdi's defaults (no `clientKey`), or the options given, over a sandbox. `login`
 * sends the cookies a browser would and answers the cookies the login set.
 */
function host(options: Partial<Parameters<typeof createHttpHandler>[0]> = {}) {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: SECRET,
    now: () => new Date(),
    ...options,
  });
  return async (password: string, cookie = "", client = "") => {
    const response = await handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        headers: { cookie, "x-test-client": client },
        body: new URLSearchParams({ email: ADMIN, password }),
      }),
    );
    const set = response.headers.getSetCookie().map((line) => line.split(";")[0] as string);
    return {
      session: set.find((pair) => pair.startsWith("SERVICEAUTH=")) ?? null,
      device: set.find((pair) => pair.startsWith("SERVICEAUTH_DEVICE=")) ?? null,
    };
  };
}

describe("lockout with the default options: an attacker's wrong passwords cannot keep the owner out", () => {
  // rate-limiter-flexible's memory counters read the real clock: the attack runs in fake time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("no clientKey, a wrong password every 100 ms for 40 s: the owner's browser (device cookie) gets in 20 of 20 times; a new browser is held back until the attack stops", async () => {
    const login = host();
    let { device } = await login(PASSWORD);
    expect(device).not.toBeNull();
    const owner: boolean[] = [];
    const newBrowser: boolean[] = [];
    for (let tick = 1; tick <= 400; tick++) {
      vi.advanceTimersByTime(100);
      expect((await login(`guess-${tick}`)).session).toBeNull();
      if (tick % 20 === 0) {
        const result = await login(PASSWORD, device ?? "");
        owner.push(result.session !== null);
        device = result.device ?? device;
      }
      if (tick % 100 === 0) newBrowser.push((await login(PASSWORD)).session !== null);
    }
    expect(owner).toEqual(Array(20).fill(true));
    // Documented: a browser without a device cookie shares the account's delays with the attacker.
    expect(newBrowser).toEqual([false, false, false, false]);
    vi.advanceTimersByTime(15 * 60 * 1000);
    expect((await login(PASSWORD)).session).not.toBeNull();
  });

  it("with clientKey, 40 client keys spend the account's hourly budget of failed passwords: the owner's browser still gets in, a new browser waits out the hour", async () => {
    const login = host({
      clientKey: (request) => request.headers.get("x-test-client") ?? "",
      loginProtection: createLoginProtection({ accountFailuresPerHour: 20 }),
    });
    const { device } = await login(PASSWORD, "", "198.51.100.7");
    let failed = 0;
    for (let n = 0; n < 80; n++) {
      vi.advanceTimersByTime(100);
      if ((await login(`guess-${n}`, "", `203.0.113.${n % 40}`)).session === null) failed++;
    }
    expect(failed).toBe(80);
    expect((await login(PASSWORD, "", "192.0.2.44")).session).toBeNull();
    expect((await login(PASSWORD, device ?? "", "203.0.113.1")).session).not.toBeNull();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect((await login(PASSWORD, "", "192.0.2.44")).session).not.toBeNull();
  });
});
