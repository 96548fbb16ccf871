import { describe, expect, it } from "vitest";
import { endSessions } from "../../src/auth/end-sessions";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/store/memory";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";

/** The sandbox with the account budget spent by an attacker on 40 addresses. */
async function underAttack() {
  const store = createMemoryStore(sandboxSnapshot());
  const handler = createHttpHandler({
    store,
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
  return { store, login, device };
}

async function spendBudget(
  login: (password: string, headers: Record<string, string>) => Promise<Response>,
) {
  for (let n = 0; n < 120; n++) await login(`guess-${n}`, { "x-client": `203.0.113.${n % 40}` });
}

describe("A stolen device cookie is trusted no more once its member logged out everywhere or changed password", () => {
  it("a device cookie from before endSessions no longer gets past the account's spent budget", async () => {
    const { store, login, device } = await underAttack();
    expect(await endSessions(store, { orgId: "org-sandbox", memberId: "m-sandbox-admin" })).toBe(
      true,
    );
    await spendBudget(login);
    const stale = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(stale.headers.get("set-cookie")).toBeNull();
  });

  it("a device cookie still valid for the member gets past the spent budget, as before", async () => {
    const { login, device } = await underAttack();
    await spendBudget(login);
    const trusted = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(trusted.headers.getSetCookie()[0]).toMatch(/^SERVICEAUTH=./);
  });

  it("a device cookie from before a password change is trusted no more", async () => {
    const { store, login, device } = await underAttack();
    const snapshot = await store.exportSnapshot("org-sandbox");
    if (snapshot === null) throw new Error("no sandbox");
    const admin = snapshot.members.find((member) => member.id === "m-sandbox-admin");
    const other = snapshot.members.find(
      (member) => member.id !== "m-sandbox-admin" && member.credentials.passwordHash !== null,
    );
    if (admin === undefined || other === undefined) throw new Error("no members");
    admin.credentials.passwordHash = other.credentials.passwordHash;
    await store.loadSnapshot(snapshot);
    const fresh = await login(PASSWORD, { "x-client": "a-new-browser" });
    expect(fresh.headers.getSetCookie()[0]).toMatch(/^SERVICEAUTH=./);
    await spendBudget(login);
    const stale = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(stale.headers.get("set-cookie")).toBeNull();
  });
});
