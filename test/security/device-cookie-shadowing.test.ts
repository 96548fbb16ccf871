import { describe, expect, it } from "vitest";
import { PASSWORD } from "../http/support";
import { ownerWithDevice } from "./support";

describe("Device cookie shadowing: a planted cookie of the same name does not hide the owner's device", () => {
  it("the owner gets in through an attacker's lockout with a garbage device cookie planted before the real one", async () => {
    const { login, device, spendAccountBudget } = await ownerWithDevice();
    expect(device).toMatch(/^SERVICEAUTH_DEVICE=./);
    await spendAccountBudget();
    const newBrowser = await login(PASSWORD, { "x-client": "owner" });
    expect(newBrowser.headers.get("set-cookie")).toBeNull();
    const shadowed = await login(PASSWORD, {
      "x-client": "owner",
      cookie: `SERVICEAUTH_DEVICE=planted-by-a-sibling-subdomain; ${device}`,
    });
    expect(shadowed.headers.getSetCookie()[0]).toMatch(/^SERVICEAUTH=./);
  });
});
