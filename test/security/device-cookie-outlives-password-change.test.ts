import { describe, expect, it } from "vitest";
import { endSessions } from "../../src/auth/end-sessions";
import { PASSWORD } from "../http/support";
import { ownerWithDevice } from "./support";

async function underAttack() {
  const owner = await ownerWithDevice();
  expect(owner.device).toMatch(/^SERVICEAUTH_DEVICE=./);
  return owner;
}

describe("A stolen device cookie is trusted no more once its member logged out everywhere or changed password", () => {
  it("a device cookie from before endSessions no longer gets past the account's spent budget", async () => {
    const { store, login, device, spendAccountBudget } = await underAttack();
    expect(await endSessions(store, { orgId: "org-sandbox", memberId: "m-sandbox-admin" })).toBe(
      true,
    );
    await spendAccountBudget();
    const stale = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(stale.headers.get("set-cookie")).toBeNull();
  });

  it("a device cookie still valid for the member gets past the spent budget, as before", async () => {
    const { login, device, spendAccountBudget } = await underAttack();
    await spendAccountBudget();
    const trusted = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(trusted.headers.getSetCookie()[0]).toMatch(/^SERVICEAUTH=./);
  });

  it("a device cookie from before a password change is trusted no more", async () => {
    const { store, login, device, spendAccountBudget } = await underAttack();
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
    await spendAccountBudget();
    const stale = await login(PASSWORD, { "x-client": "elsewhere", cookie: device });
    expect(stale.headers.get("set-cookie")).toBeNull();
  });
});
