import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { planMemberImport } from "../../src/members/plan";
import { validateMemberCsv } from "../../src/members/validate";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

const CSV = [
  "First Name,Last Name,Email,Job Title,Manager Email",
  "Fay,Lin,fay@firm.example,Partner,",
  "New,Person,new.person@firm.example,Associate,fay@firm.example",
].join("\n");

function ids(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

describe("planning updates on the stored records a transaction loaded", () => {
  const snapshot = parseOrganizationSnapshot(seedOrganization());

  it("plans the same with or without membersAreCopies, and leaves the caller's members untouched without it", () => {
    const plans = [false, true].map((membersAreCopies) => {
      const members = structuredClone(snapshot.members);
      const before = structuredClone(members);
      const verdict = validateMemberCsv(CSV, {
        product: "PERFORM",
        organization: snapshot.organization,
        members,
        now: SEED_NOW,
      });
      if (!verdict.ok) throw new Error(JSON.stringify(verdict.result));
      const plan = planMemberImport(verdict.rows, {
        product: "PERFORM",
        now: SEED_NOW,
        newId: ids(),
        members,
        productMembers: [],
        membersAreCopies,
      });
      if (!membersAreCopies) expect(members).toEqual(before);
      return plan;
    });
    expect(plans[1]).toEqual(plans[0]);
    expect(plans[0]?.welcomeEmails.map((email) => email.reason)).toEqual([
      "PRODUCT_GRANTED",
      "MEMBER_CREATED",
    ]);
  });

  it("an import still grants the product with a welcome email when the update changes the loaded record in place", async () => {
    const store = createMemoryStore(snapshot);
    const outcome = await importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file: CSV,
      now: SEED_NOW,
      newId: ids(),
    });
    expect(outcome).toMatchObject({
      ok: true,
      result: { createdCount: 1, updatedCount: 1 },
      welcomeEmails: [{ reason: "PRODUCT_GRANTED" }, { reason: "MEMBER_CREATED" }],
    });
  });
});
