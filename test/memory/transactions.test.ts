import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { createMemoryStore } from "../../src/memory/store";
import type { StoreTx } from "../../src/store/port";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

async function seen(tx: StoreTx) {
  const byId = await tx.loadMembersById(["m-ben", "m-ada"]);
  const byEmail = await tx.loadMembersByEmail(["ben@firm.example", "ben.new@firm.example"]);
  const perform = await tx.listProductMembers("PERFORM");
  return {
    byId: byId.map((member) => [member.id, member.firstName]),
    byEmail: byEmail.map((member) => member.email),
    perform: perform.map((member) => member.id),
  };
}

describe("the memory store's transactions", () => {
  it("a read-only transaction reads the state it began with while later writes publish", async () => {
    const store = createMemoryStore(seedOrganization());
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let began = () => {};
    const reading = new Promise<void>((resolve) => {
      began = resolve;
    });
    const reader = store.transaction(
      SEED_ORG_ID,
      async (tx) => {
        const before = await seen(tx);
        began();
        await paused;
        return { before, after: await seen(tx) };
      },
      { readOnly: true },
    );
    await reading;
    await store.transaction(SEED_ORG_ID, async (tx) => {
      const [ben] = await tx.loadMembersById(["m-ben"]);
      if (ben === undefined) throw new Error("seed has no m-ben");
      await tx.applyMemberPlan({
        creates: [],
        updates: [{ ...ben, firstName: "Benjamin", email: "ben.new@firm.example" }],
        welcomeEmails: [],
      });
    });
    await store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ada"]));
    resume();
    const { before, after } = await reader;
    expect(after).toEqual(before);
    expect(before.byId).toContainEqual(["m-ada", "Ada"]);
    // Once the reader is done, a new one sees both writes.
    const now = await store.transaction(SEED_ORG_ID, seen, { readOnly: true });
    expect(now.byId).toEqual([["m-ben", "Benjamin"]]);
    expect(now.byEmail).toEqual(["ben.new@firm.example"]);
    expect(now.perform).not.toContain("m-ada");
  });

  it("a transaction's handle cannot write once the transaction has ended", async () => {
    const store = createMemoryStore(seedOrganization());
    let leaked: StoreTx | null = null;
    await store.transaction(SEED_ORG_ID, async (tx) => {
      leaked = tx;
      await tx.deleteMembers(["m-ben"]);
    });
    await expect((leaked as unknown as StoreTx).deleteMembers(["m-ada"])).rejects.toThrow(
      "the transaction has ended",
    );
    const left = await store.transaction(SEED_ORG_ID, (tx) => tx.loadMembersById(["m-ada"]), {
      readOnly: true,
    });
    expect(left.map((member) => member.id)).toEqual(["m-ada"]);
  });

  it("finds the members linking to one, whether their links were committed before or made in the transaction", async () => {
    const store = createMemoryStore(seedOrganization());
    const linkedTo = (id: string) =>
      store.transaction(SEED_ORG_ID, async (tx) =>
        (await tx.loadMembersLinkedTo([id])).map((member) => member.id),
      );
    const update = (tx: StoreTx, member: Member) =>
      tx.applyMemberPlan({
        creates: [],
        updates: [member],
        welcomeEmails: [],
      });
    const load = async (tx: StoreTx, id: string) => {
      const [member] = await tx.loadMembersById([id]);
      if (member === undefined) throw new Error(`seed has no ${id}`);
      return member;
    };
    expect(await linkedTo("m-dev")).toEqual([]);
    await store.transaction(SEED_ORG_ID, async (tx) =>
      update(tx, { ...(await load(tx, "m-ben")), mentorIds: ["m-dev"] }),
    );
    expect(await linkedTo("m-dev")).toEqual(["m-ben"]);
    const inside = await store.transaction(SEED_ORG_ID, async (tx) => {
      await update(tx, { ...(await load(tx, "m-ada")), managerId: "m-dev" });
      return (await tx.loadMembersLinkedTo(["m-dev"])).map((member) => member.id).sort();
    });
    expect(inside).toEqual(["m-ada", "m-ben"]);
    await store.transaction(SEED_ORG_ID, async (tx) => {
      await update(tx, { ...(await load(tx, "m-ben")), mentorIds: [] });
      await update(tx, { ...(await load(tx, "m-ada")), managerId: null });
    });
    expect(await linkedTo("m-dev")).toEqual([]);
    await store.transaction(SEED_ORG_ID, async (tx) =>
      update(tx, { ...(await load(tx, "m-ada")), mentorIds: ["m-dev"] }),
    );
    expect(await linkedTo("m-dev")).toEqual(["m-ada"]);
  });
});
