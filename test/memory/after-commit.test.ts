import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

function welcomeEmail(id: string): WelcomeEmail {
  return {
    id,
    memberId: "m-new",
    email: "new.hire@firm.example",
    firstName: "New",
    lastName: "Hire",
    product: "PERFORM",
    reason: "MEMBER_CREATED",
    createdAt: SEED_NOW.toISOString(),
    token: null,
    tokenExpiresAt: null,
  };
}

/** A store whose afterCommit records each call and is held until the test releases it. */
function heldStore() {
  const calls: { orgId: string; release: () => void; fail: (error: Error) => void }[] = [];
  const store = createMemoryStore(seedOrganization(), {
    afterCommit: (orgId) =>
      new Promise<void>((release, fail) => {
        calls.push({ orgId, release, fail });
      }),
  });
  return { store, calls };
}

const settles = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe("the memory store's afterCommit", () => {
  it("holds a transaction that wrote until afterCommit resolves, with the change already published", async () => {
    const { store, calls } = heldStore();
    const deleting = store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]));
    expect(await settles(deleting)).toBe(false);
    expect(calls.map((call) => call.orgId)).toEqual([SEED_ORG_ID]);
    const members = await store.transaction(SEED_ORG_ID, (tx) => tx.loadMembersById(["m-ben"]), {
      readOnly: true,
    });
    expect(members).toEqual([]);
    calls[0]?.release();
    await deleting;
  });

  it("lets the next transaction on the organization run while an earlier one waits for afterCommit", async () => {
    const { store, calls } = heldStore();
    const first = store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]));
    const second = store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ada"]));
    await settles(second);
    expect(calls).toHaveLength(2);
    for (const call of calls) call.release();
    await Promise.all([first, second]);
  });

  it("is not called after a transaction that only read, or whose work failed", async () => {
    const { store, calls } = heldStore();
    await store.transaction(SEED_ORG_ID, (tx) => tx.loadMembersById(["m-ben"]));
    await store.transaction(SEED_ORG_ID, (tx) => tx.loadOrganization(), { readOnly: true });
    await expect(
      store.transaction(SEED_ORG_ID, async (tx) => {
        await tx.deleteMembers(["m-ben"]);
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(calls).toEqual([]);
  });

  it("rejects the call when afterCommit rejects, the change staying published", async () => {
    const { store, calls } = heldStore();
    const deleting = store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]));
    await settles(deleting);
    calls[0]?.fail(new Error("disk full"));
    await expect(deleting).rejects.toThrow("disk full");
    const snapshot = await store.exportSnapshot(SEED_ORG_ID);
    expect(snapshot?.members.map((member) => member.id)).not.toContain("m-ben");
  });

  it("follows an acknowledged welcome email, and not a claim, which changes no organization data", async () => {
    const calls: string[] = [];
    const store = createMemoryStore(
      { ...seedOrganization(), welcomeEmails: [welcomeEmail("w-1")] },
      {
        afterCommit: async (orgId) => {
          calls.push(orgId);
        },
      },
    );
    const claimed = await store.claimWelcomeEmails({
      worker: "a",
      limit: 10,
      leaseMs: 1000,
      now: SEED_NOW,
    });
    expect(calls).toEqual([]);
    await store.acknowledgeWelcomeEmailClaims(claimed.map((entry) => entry.claim));
    expect(calls).toEqual([SEED_ORG_ID]);
  });

  it("follows a loaded snapshot", async () => {
    const { store, calls } = heldStore();
    const loading = store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect(await settles(loading)).toBe(false);
    expect(calls.map((call) => call.orgId)).toEqual([SEED_ORG_ID]);
    calls[0]?.release();
    await loading;
  });
});

describe("the memory store's exportSnapshotJson", () => {
  it("is JSON.stringify of exportSnapshot, after changes too, and null for an unknown organization", async () => {
    const store = createMemoryStore(seedOrganization());
    await store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]));
    for (const space of [undefined, 2])
      expect(store.exportSnapshotJson(SEED_ORG_ID, space)).toBe(
        JSON.stringify(await store.exportSnapshot(SEED_ORG_ID), null, space),
      );
    expect(store.exportSnapshotJson("org-missing")).toBeNull();
  });
});
