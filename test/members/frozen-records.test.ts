import { describe, expect, it } from "vitest";
import {
  addMemberProductRole,
  deleteMember,
  editMemberAuthInfo,
  revokeMemberProductAccess,
} from "../../src/members/operations";
import { createMemoryStore } from "../../src/memory/store";
import { deepFreeze } from "../../src/runtime/deep-freeze";
import type { Store, StoreTx } from "../../src/store/port";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

/** A store whose reads hand out frozen records, as the port's contract allows an adapter to. */
function frozenReads(store: Store): Store {
  return {
    ...store,
    transaction: (orgId, work) =>
      store.transaction(orgId, (tx) =>
        work(
          new Proxy(tx, {
            get(target, property: keyof StoreTx) {
              const operation = target[property];
              if (typeof operation !== "function" || !String(property).startsWith("l"))
                return operation;
              return async (...args: unknown[]) =>
                deepFreeze(await (operation as (...a: unknown[]) => unknown).apply(target, args));
            },
          }),
        ),
      ),
  };
}

describe("per-member operations on an adapter that hands out frozen records", () => {
  it("grant, role change, revoke and delete work on copies of what the port handed out", async () => {
    const store = frozenReads(createMemoryStore(seedOrganization()));
    const target = { orgId: SEED_ORG_ID, memberId: "m-fay" };
    const granted = await addMemberProductRole(store, {
      ...target,
      product: "PERFORM",
      now: SEED_NOW,
      newId: () => "welcome-1",
    });
    expect(granted).toMatchObject({ ok: true, welcomeEmails: [{ reason: "PRODUCT_GRANTED" }] });
    const changed = await editMemberAuthInfo(store, {
      ...target,
      productRoles: [{ product: "PERFORM", role: "ADMIN" }],
      now: SEED_NOW,
    });
    expect(changed).toMatchObject({ ok: true });
    expect(await revokeMemberProductAccess(store, { ...target, product: "PERFORM" })).toMatchObject(
      { ok: true },
    );
    expect(await deleteMember(store, target)).toEqual({ ok: true, memberId: "m-fay" });
  });
});
