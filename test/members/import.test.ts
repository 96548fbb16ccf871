import { describe, expect, it } from "vitest";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { MemberConflictError, StoreError } from "../../src/store/errors";
import type { Store, StoreTx } from "../../src/store/port";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";

/** A memory store whose applyMemberPlan throws `failure` after doing its work. */
function failingWrites(failure: Error): { store: Store; base: Store } {
  const base = createMemoryStore(seedOrganization());
  const store: Store = {
    ...base,
    transaction: (orgId, work) =>
      base.transaction(orgId, (tx) =>
        work({
          ...tx,
          applyMemberPlan: async (plan) => {
            await tx.applyMemberPlan(plan);
            throw failure;
          },
        } as StoreTx),
      ),
  };
  return { store, base };
}

const file =
  "First Name,Last Name,Email,New Email\nBen,Marsh,ben@firm.example,benjamin@firm.example\nNew,Person,new@firm.example,\n";

describe("importMembers and adapter failures (docs/decisions.md)", () => {
  it("turns an adapter's MemberConflictError into an UNKNOWN row error on the row it names, writing nothing", async () => {
    const { store, base } = failingWrites(
      new MemberConflictError(
        "benjamin@firm.example",
        "The address benjamin@firm.example already belongs to another member.",
      ),
    );
    const before = await base.exportSnapshot(SEED_ORG_ID);
    const outcome = await importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file,
      now: SEED_NOW,
    });
    expect(outcome).toEqual({
      ok: false,
      result: {
        fileError: null,
        rowColumnErrors: [
          {
            rowNumber: 1,
            columnName: "New Email",
            value: "benjamin@firm.example",
            type: "UNKNOWN",
            message:
              "The member could not be written: The address benjamin@firm.example already belongs to another member. Nothing was imported; try again.",
          },
        ],
      },
    });
    expect(await base.exportSnapshot(SEED_ORG_ID)).toEqual(before);
  });

  it("names the row by its Email when the address taken is one a row creates (a blank line before it keeps its number)", async () => {
    const { store } = failingWrites(
      new MemberConflictError("NEW@firm.example", "The address is taken."),
    );
    const outcome = await importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file: file.replace("\nNew,", "\n,,,\nNew,"),
      now: SEED_NOW,
    });
    expect(outcome).toMatchObject({
      ok: false,
      result: { rowColumnErrors: [{ rowNumber: 3, columnName: "Email", type: "UNKNOWN" }] },
    });
  });

  it("rolls back and rethrows any other adapter failure as a StoreError naming the operation", async () => {
    const cause = new Error("connection reset");
    const { store, base } = failingWrites(cause);
    const before = await base.exportSnapshot(SEED_ORG_ID);
    const failure = importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file,
      now: SEED_NOW,
    });
    await expect(failure).rejects.toBeInstanceOf(StoreError);
    await expect(failure).rejects.toMatchObject({ operation: "applyMemberPlan", cause });
    expect(await base.exportSnapshot(SEED_ORG_ID)).toEqual(before);
  });

  it("answers a file-level error without opening a transaction", async () => {
    const { store } = failingWrites(new Error("never reached"));
    const noTransactions: Store = {
      ...store,
      transaction: () => Promise.reject(new Error("no transaction expected")),
    };
    expect(
      await importMembers(noTransactions, {
        orgId: SEED_ORG_ID,
        product: "PERFORM",
        file: "",
        now: SEED_NOW,
      }),
    ).toEqual({
      ok: false,
      result: {
        fileError: { type: "EMPTY_FILE", message: "The file is empty." },
        rowColumnErrors: [],
      },
    });
  });
});
