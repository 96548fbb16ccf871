import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { applyMemberEdit } from "../../src/members/edit";
import { removeProductAccess } from "../../src/members/remove";
import { createMemberRuleContext } from "../../src/members/rule-context";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { runReadOnly } from "../../src/store/run";
import { SEED_CYCLE_ID, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

async function seeded(store: Store): Promise<Store> {
  await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
  return store;
}

const stores: [string, () => Promise<Store>][] = [
  ["memory", () => seeded(createMemoryStore())],
  ["PGlite", async () => seeded(await freshStore(pgliteClient(), "rpdi_nul"))],
];

describe.each(stores)(
  "%s store: a key holding NUL finds nothing, never an error",
  (_name, make) => {
    it("look-ups by email, id, review cycle and session end answer 'none', and bulk remove removes no one", async () => {
      const store = await make();
      try {
        const found = await runReadOnly(store, SEED_ORG_ID, async (tx) => ({
          byEmail: await tx.loadMembersByEmail(["ben@firm.example\u0000", "\u0000"]),
          byId: await tx.loadMembersById(["m-ben\u0000"]),
          external: await tx.loadExternalUserEmails(["declared@elsewhere.example\u0000"]),
          cycle: await tx.findReviewCycle(`${SEED_CYCLE_ID}\u0000`),
        }));
        expect(found).toEqual({ byEmail: [], byId: [], external: [], cycle: null });
        expect(
          await removeProductAccess(store, {
            orgId: SEED_ORG_ID,
            product: "PERFORM",
            emails: ["ben@firm.example\u0000", "\u0000"],
          }),
        ).toEqual({ removedCount: 0 });
      } finally {
        await dropStore(store);
      }
    });
  },
);

describe("an edit to a value holding NUL is refused as an invalid value", () => {
  it.each(["firstName", "jobTitle", "email", "officeCity"] as const)(
    "%s with NUL: INVALID_FORMAT, nothing changed",
    async (field) => {
      const store = createMemoryStore(seedOrganization());
      const { member, organization } = await runReadOnly(store, SEED_ORG_ID, async (tx) => ({
        member: (await tx.loadMembersById(["m-ben"]))[0],
        organization: await tx.loadOrganization(),
      }));
      if (member === undefined) throw new Error("no seed member");
      const rules = createMemberRuleContext(
        organization,
        "PERFORM",
        new Date("2026-06-15T12:00:00Z"),
      );
      const result = applyMemberEdit(member, { [field]: "Ben\u0000" }, rules);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.errors.map((error) => [error.type, error.message.includes("NUL")])).toEqual([
          ["INVALID_FORMAT", true],
        ]);
    },
  );
});
