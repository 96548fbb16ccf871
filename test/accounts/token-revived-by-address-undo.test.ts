import { describe, expect, it } from "vitest";
import { acceptInvitation, issueInvitation } from "../../src/accounts/invitation";
import { editMember } from "../../src/members/operations";
import { createMemoryStore } from "../../src/memory/store";
import { ADA } from "../http/account-pages-support";
import { cheapHasher, cheaplyHashedSandbox } from "../http/support";

const ORG = "org-sandbox";
const NOW = new Date("2026-06-15T12:00:00Z");

/**
 * A token is "void once the member's address changes" (docs/production.md, 6.4.1), checked by
 * comparing the address it was sent to with the member's now: changed and changed back, the
 * address matches again and the old link works again, as ended sessions once came back on an
 * undo (ended-session-revived-by-undo.test.ts).
 */
describe("a link voided by an address change stays void when the change is undone", () => {
  it("refuses an invitation sent before the address moved away and back", async () => {
    const store = createMemoryStore(await cheaplyHashedSandbox());
    const invited = await issueInvitation(store, { orgId: ORG, memberId: ADA.id, now: NOW });
    if (!invited.ok || invited.email.token === null) throw new Error("no invitation");
    const accept = () =>
      acceptInvitation(
        store,
        {
          orgId: ORG,
          token: invited.email.token as string,
          password: "Tulip quartz meadow 1",
          now: NOW,
        },
        { hasher: cheapHasher() },
      );
    const move = (email: string) =>
      editMember(store, { orgId: ORG, memberId: ADA.id, edit: { email }, now: NOW });
    expect((await move("ada.elsewhere@hartwell.example")).ok).toBe(true);
    expect((await accept()).ok).toBe(false);
    expect((await move(ADA.email)).ok).toBe(true);
    expect(await accept()).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
  });
});
