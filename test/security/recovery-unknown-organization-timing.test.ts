import { describe, expect, it } from "vitest";
import { RECOVERY_ANSWER_FLOOR_MS } from "../../src/accounts/recovery";
import { AUTH, accountSandbox } from "../http/account-pages-support";
import { ADMIN } from "../http/support";

/**
 * The recovery page answers a member's address and an unknown one of a known organization no
 * sooner than the floor (200 ms); an unknown organization answered at once (about 1 ms), so its
 * timing told anyone which organization short names exist, which the login (decoy read) and the
 * job board (identical 404s) take care to hide. A timer never fires early, so a lower bound
 * is not a test that can fail by chance.
 */
describe("the recovery page's timing tells no one which organizations exist", () => {
  it("answers an unknown organization's request no sooner than a known one's floor", async () => {
    const { post } = await accountSandbox();
    const elapsed = async (path: string) => {
      const started = performance.now();
      const response = await post(path, { email: ADMIN });
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const bound = RECOVERY_ANSWER_FLOOR_MS - 20;
    expect(await elapsed(`${AUTH}recovery`)).toBeGreaterThanOrEqual(bound);
    expect(await elapsed("/app/no-such-firm/admin/auth/recovery")).toBeGreaterThanOrEqual(bound);
  });
});
