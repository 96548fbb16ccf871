import { describe, expect, it } from "vitest";
import { changePassword } from "../../src/accounts/change-password";
import { acceptInvitation, issueInvitation } from "../../src/accounts/invitation";
import { createMemoryStore } from "../../src/memory/store";
import { ADA } from "../http/account-pages-support";
import { cheapHasher, cheaplyHashedSandbox } from "../http/support";

const ORG = "org-sandbox";
const NOW = new Date("2026-06-15T12:00:00Z");

/**
 * `changePassword` voids the member's recovery link (a link from before the change must not set
 * another password) but not the invitation: a live invitation, 7 days by default, still replaced
 * the password the member had just chosen, e.g. when the member changed it because their mailbox,
 * which holds the invitation, was read by someone else. `resetPassword` and `acceptInvitation`
 * void both.
 */
describe("a password change voids every link that sets a password", () => {
  it("refuses an invitation issued before the member changed the password", async () => {
    const store = createMemoryStore(await cheaplyHashedSandbox());
    const context = { hasher: cheapHasher() };
    const invited = await issueInvitation(store, { orgId: ORG, memberId: ADA.id, now: NOW });
    if (!invited.ok || invited.email.token === null) throw new Error("no invitation");
    const first = await acceptInvitation(
      store,
      { orgId: ORG, token: invited.email.token, password: "Tulip quartz meadow 1", now: NOW },
      context,
    );
    expect(first.ok).toBe(true);
    const again = await issueInvitation(store, { orgId: ORG, memberId: ADA.id, now: NOW });
    if (!again.ok || again.email.token === null) throw new Error("no invitation");
    const changed = await changePassword(
      store,
      {
        orgId: ORG,
        memberId: ADA.id,
        currentPassword: "Tulip quartz meadow 1",
        newPassword: "Owner chose this 77 now",
        now: NOW,
      },
      context,
    );
    expect(changed).toEqual({ ok: true });
    const replayed = await acceptInvitation(
      store,
      { orgId: ORG, token: again.email.token, password: "Someone else's 55 pick", now: NOW },
      context,
    );
    expect(replayed).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
  });
});
