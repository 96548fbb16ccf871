import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_NOW, SSO_ORG_ID, ssoOrganization } from "../../src/testing/seed";

/** The SSO organization with a stored member who has neither an SSO ID nor MFA (set up before SSO). */
function organization() {
  const input = ssoOrganization();
  return parseOrganizationSnapshot({
    ...input,
    members: [
      ...(input.members ?? []),
      {
        id: "s-ann",
        email: "ann@sso.example",
        firstName: "Ann",
        lastName: "Lee",
        products: [{ product: "PERFORM", role: "MEMBER" }],
      },
    ],
  });
}

describe("SSO ID and Use MFA both absent from a member file (update rules 1 and 6)", () => {
  it("an update leaves sign-in as stored, even for a member stored without an SSO ID", async () => {
    const store = createMemoryStore(organization());
    const outcome = await importMembers(store, {
      orgId: SSO_ORG_ID,
      product: "PERFORM",
      file: "First Name,Last Name,Email\nAnn,Lee-Park,ann@sso.example\nKim,Park,kim@sso.example\n",
      now: SEED_NOW,
    });
    expect(outcome.ok && outcome.result).toMatchObject({ createdCount: 0, updatedCount: 2 });
    const stored = await store.exportSnapshot(SSO_ORG_ID);
    const ann = stored?.members.find((member) => member.email === "ann@sso.example");
    expect(ann).toMatchObject({ lastName: "Lee-Park", ssoId: null, useMfa: false });
    const kim = stored?.members.find((member) => member.email === "kim@sso.example");
    expect(kim?.ssoId).toBe("KP0001");
  });

  it("a create still needs an SSO ID, and a file with one of the two columns is still judged", async () => {
    const store = createMemoryStore(organization());
    const created = await importMembers(store, {
      orgId: SSO_ORG_ID,
      product: "PERFORM",
      file: "First Name,Last Name,Email\nNew,Person,new@sso.example\n",
      now: SEED_NOW,
    });
    expect(created.ok).toBe(false);
    expect(!created.ok && created.result.rowColumnErrors).toMatchObject([
      { rowNumber: 1, columnName: "SSO ID", type: "EMPTY_REQUIRED_VALUE" },
    ]);
    const withMfaColumn = await importMembers(store, {
      orgId: SSO_ORG_ID,
      product: "PERFORM",
      file: "First Name,Last Name,Email,Use MFA\nAnn,Lee,ann@sso.example,false\n",
      now: SEED_NOW,
    });
    expect(!withMfaColumn.ok && withMfaColumn.result.rowColumnErrors).toMatchObject([
      { rowNumber: 1, columnName: "SSO ID", type: "EMPTY_REQUIRED_VALUE" },
    ]);
  });
});
