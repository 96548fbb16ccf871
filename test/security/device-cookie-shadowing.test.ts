import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/store/memory";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";

describe("Device cookie shadowing: a planted cookie of the same name does not hide the owner's device", () => {
  it("the owner gets in through an attacker's lockout with a garbage device cookie planted before the real one", async () => {
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
      clientKey: (request) => request.headers.get("x-client") ?? "",
    });
    const login = (password: string, headers: Record<string, string>) =>
      handler(
        new Request(`${BASE}/app/sandbox/admin/auth/`, {
          method: "POST",
          headers,
          body: new URLSearchParams({ email: ADMIN, password }),
        }),
      );
    const first = await login(PASSWORD, { "x-client": "owner" });
    const device = first.headers.getSetCookie()[1]?.split(";")[0] as string;
    expect(device).toMatch(/^SERVICEAUTH_DEVICE=./);
    // 120 wrong passwords from 40 addresses spend the account's hourly budget of 100.
    for (let n = 0; n < 120; n++) await login(`guess-${n}`, { "x-client": `203.0.113.${n % 40}` });
    const newBrowser = await login(PASSWORD, { "x-client": "owner" });
    expect(newBrowser.headers.get("set-cookie")).toBeNull();
    const shadowed = await login(PASSWORD, {
      "x-client": "owner",
      cookie: `SERVICEAUTH_DEVICE=planted-by-a-sibling-subdomain; ${device}`,
    });
    expect(shadowed.headers.getSetCookie()[0]).toMatch(/^SERVICEAUTH=./);
  });
});
