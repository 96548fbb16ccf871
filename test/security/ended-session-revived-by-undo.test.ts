import { describe, expect, it } from "vitest";
import { endSessions } from "../../src/auth/end-sessions";
import { currentSessionStamp } from "../../src/auth/session-token";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { editMember } from "../../src/members/operations";
import type { Store } from "../../src/store/port";
import { ADMIN, MEMBER, SECRET, sandbox, sandboxSnapshot } from "../http/support";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

async function pgliteStore(): Promise<Store> {
  const store = await freshStore(pgliteClient(), "undo_epoch");
  await store.loadSnapshot(parseOrganizationSnapshot(sandboxSnapshot()));
  return store;
}

describe("Ended sessions stay ended when the change that ended them is undone", () => {
  it("a stolen session of Ben's ends when an admin turns his MFA on, and stays ended when it is turned off, or his address changed and changed back", async () => {
    const { request, login, store } = sandbox();
    const admin = (await login(ADMIN)) as string;
    const stolen = (await login(MEMBER)) as string;
    const status = async () =>
      (await request("/api/v2/departments", { headers: { cookie: stolen } })).status;
    const alive = await status();
    expect(alive).not.toBe(401);
    const mutate = (query: string) =>
      request("/api/v2/graphql", {
        method: "POST",
        headers: { cookie: admin, "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
    const id = (await store.exportSnapshot("org-sandbox"))?.members.find(
      (member) => member.email === MEMBER,
    )?.id as string;
    const steps = [
      `mutation { editEmployerMemberAuthInfo(id: "${id}", input: { useMfa: "yes" }) { id } }`,
      `mutation { editEmployerMemberAuthInfo(id: "${id}", input: { useMfa: "no" }) { id } }`,
      `mutation { editEmployerMemberInfo(id: "${id}", input: { email: "ben.new@hartwell.example" }) { id } }`,
      `mutation { editEmployerMemberInfo(id: "${id}", input: { email: "${MEMBER}" }) { id } }`,
    ];
    for (const step of steps) {
      expect((await mutate(step)).status).toBe(200);
      expect(await status()).toBe(401);
    }
  });

  for (const backend of ["memory", "PGlite"] as const) {
    it(`on ${backend}, a change undone leaves the member's stamp different from before the change`, async () => {
      const store: Store = backend === "memory" ? sandbox().store : await pgliteStore();
      const id = (await store.exportSnapshot("org-sandbox"))?.members.find(
        (member) => member.email === MEMBER,
      )?.id as string;
      const stamp = () =>
        currentSessionStamp(store, SECRET, { orgId: "org-sandbox", memberId: id });
      const before = await stamp();
      const now = new Date("2026-06-15T12:00:00Z");
      for (const jobTitle of ["Changed", null]) {
        const edited = await editMember(store, {
          orgId: "org-sandbox",
          memberId: id,
          edit: { jobTitle },
          now,
        });
        expect(edited.ok).toBe(true);
      }
      expect(await stamp()).toBe(before);
      const roundTrip = [{ email: "ben.new@hartwell.example" }, { email: MEMBER }];
      for (const edit of roundTrip) {
        const edited = await editMember(store, { orgId: "org-sandbox", memberId: id, edit, now });
        expect(edited.ok).toBe(true);
      }
      const after = await stamp();
      expect(after).not.toBeNull();
      expect(after).not.toBe(before);
      expect(await endSessions(store, { orgId: "org-sandbox", memberId: id })).toBe(true);
      expect(await stamp()).not.toBe(after);
      if (backend === "PGlite") await dropStore(store);
    });
  }
});
