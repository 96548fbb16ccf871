import { expect, it } from "vitest";
import { loadLookupLists } from "../../lists/lists";
import { findMember } from "../../members/operations";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID } from "../seed";

/** Fails `promise` if it has not settled while the writer is still held (it waited for it). */
function withinHold<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the read waited for the open write")), 10_000),
    ),
  ]);
}

export function readWhileWriteSuite(h: ConformanceHarness): void {
  it("a read completes while a write on the same organization is held open, and sees none of it", async () => {
    const store = await h.seeded();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const writing = store.transaction(SEED_ORG_ID, async (tx) => {
      await tx.deleteMembers(["m-ben"]);
      entered();
      await gate;
    });
    try {
      await inside;
      const [ben, lists] = await withinHold(
        Promise.all([
          findMember(store, { orgId: SEED_ORG_ID, memberId: "m-ben" }),
          loadLookupLists(store, { orgId: SEED_ORG_ID }),
        ]),
      );
      expect(ben?.id).toBe("m-ben");
      expect(lists.departments.length).toBeGreaterThan(0);
    } finally {
      release();
      await writing;
    }
    expect(await findMember(store, { orgId: SEED_ORG_ID, memberId: "m-ben" })).toBeNull();
  });

  it("a read-only transaction cannot write, a single-read one neither", async () => {
    const store = await h.seeded();
    for (const options of [{ readOnly: true }, { readOnly: true, singleRead: true }]) {
      await expect(
        store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]), options),
      ).rejects.toThrow();
      expect((await findMember(store, { orgId: SEED_ORG_ID, memberId: "m-ben" }))?.id).toBe(
        "m-ben",
      );
    }
  });
}
