import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { editMember } from "../../members/operations";
import type { Store } from "../../store/port";
import { type ConformanceHarness, memberNamed } from "../harness";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../seed";

const epochOf = async (h: ConformanceHarness, store: Store, email: string) =>
  memberNamed(await h.readBack(store, SEED_ORG_ID), email).credentials.sessionEpoch;

export function sessionEpochsSuite(h: ConformanceHarness): void {
  it("endMemberSessions raises only that member's session epoch, by one per call; an unknown member writes nothing", async () => {
    const store = await h.seeded();
    const end = (memberId: string) =>
      store.transaction(SEED_ORG_ID, (tx) => tx.endMemberSessions(memberId));
    expect(await epochOf(h, store, "ada@firm.example")).toBe(0);
    expect(await end("m-ada")).toBe(true);
    expect(await end("m-ada")).toBe(true);
    expect(await epochOf(h, store, "ada@firm.example")).toBe(2);
    expect(await epochOf(h, store, "ben@firm.example")).toBe(0);
    const before = await h.readBack(store, SEED_ORG_ID);
    expect(await end("m-nobody")).toBe(false);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("counts every one of concurrent endMemberSessions calls", async () => {
    const store = await h.seeded();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        store.transaction(SEED_ORG_ID, (tx) => tx.endMemberSessions("m-ben")),
      ),
    );
    expect(answers).toEqual(Array(6).fill(true));
    expect(await epochOf(h, store, "ben@firm.example")).toBe(6);
  });

  it("keeps a member's session epoch through a snapshot and through edits of the member", async () => {
    const store = await h.fresh();
    const seed = seedOrganization();
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        ...seed,
        members: seed.members?.map((member) =>
          member.id === "m-ada"
            ? { ...member, credentials: { ...member.credentials, sessionEpoch: 41 } }
            : member,
        ),
      }),
    );
    expect(await epochOf(h, store, "ada@firm.example")).toBe(41);
    await store.transaction(SEED_ORG_ID, (tx) => tx.endMemberSessions("m-ada"));
    const edited = await editMember(store, {
      orgId: SEED_ORG_ID,
      memberId: "m-ada",
      now: SEED_NOW,
      edit: { jobTitle: "Counsel" },
    });
    expect(edited.ok).toBe(true);
    expect(await epochOf(h, store, "ada@firm.example")).toBe(42);
  });
}
