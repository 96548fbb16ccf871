import { describe, expect, it } from "vitest";
import type { Principal } from "../../src/auth/policy";
import { createImportPage } from "../../src/cli/import-page";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

const other = parseOrganizationSnapshot({
  organization: { id: "org-other", shortName: "other", name: "Other" },
  members: [{ id: "o-1", email: "secret@other.example", firstName: "Sec", lastName: "Ret" }],
});

describe("the sandbox import page's context", () => {
  const store = createMemoryStore([parseOrganizationSnapshot(seedOrganization()), other]);
  const principalOf = async (memberId: string): Promise<Principal> => {
    const snapshot = await store.exportSnapshot(SEED_ORG_ID);
    const member = snapshot?.members.find((each) => each.id === memberId);
    if (snapshot === null || member === undefined) throw new Error(`no ${memberId}`);
    return { member, organization: snapshot.organization };
  };
  const page = (caller: Principal | null) =>
    createImportPage({
      store,
      organizations: ["conformance", "other"],
      caller: async () => caller,
    });
  const ask = async (caller: Principal | null, query = "") => {
    const answer = await page(caller)(new Request(`http://localhost/import/context.json${query}`));
    if (answer === null) throw new Error("not answered");
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };

  it("answers 401 without a session and 403 to a member who administers no product", async () => {
    expect((await ask(null)).status).toBe(401);
    const snapshot = await store.exportSnapshot(SEED_ORG_ID);
    const plain = snapshot?.members.find((member) =>
      member.products.every((held) => held.role !== "ADMIN"),
    );
    if (plain === undefined) throw new Error("the seed has no member without an admin role");
    expect((await ask(await principalOf(plain.id))).status).toBe(403);
  });

  it("answers the caller's own organization, whichever one the query names, with no credentials", async () => {
    const snapshot = await store.exportSnapshot(SEED_ORG_ID);
    const admin = snapshot?.members.find((member) =>
      member.products.some((held) => held.role === "ADMIN"),
    );
    if (admin === undefined) throw new Error("the seed has no admin");
    const { status, body } = await ask(await principalOf(admin.id), "?org=other");
    expect(status).toBe(200);
    expect((body.organization as { id: string }).id).toBe(SEED_ORG_ID);
    const text = JSON.stringify(body);
    expect(text).not.toContain("secret@other.example");
    for (const member of body.members as { credentials: Record<string, unknown> }[])
      expect(member.credentials).toEqual({ passwordHash: null, mfaSecret: null, sessionEpoch: 0 });
  });
});
