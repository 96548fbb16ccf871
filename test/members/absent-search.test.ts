import { describe, expect, it } from "vitest";
import { type ImportPhase, importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { StoreError } from "../../src/store/errors";
import type { Store } from "../../src/store/port";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { withTx } from "../support/tx-override";

/**
 * A memory store whose search for absent members notes the import's phases reached when it is
 * asked, and answers by `answer` (the store's own answer by default).
 */
function searchingStore(
  phases: ImportPhase[],
  answer?: () => Promise<never>,
): { store: Store; base: Store; askedAfter: ImportPhase[][] } {
  const base = createMemoryStore(seedOrganization());
  const askedAfter: ImportPhase[][] = [];
  const store = withTx(base, (tx) => ({
    ...tx,
    listAbsentProductMembers: (product, emails) => {
      askedAfter.push([...phases]);
      if (answer !== undefined) return answer();
      const search = tx.listAbsentProductMembers;
      if (search === undefined) throw new Error("the memory store searches for absent members");
      return search.call(tx, product, emails);
    },
  }));
  return { store, base, askedAfter };
}

const file =
  "First Name,Last Name,Email,New Email\nBen,Marsh,ben@firm.example,benjamin@firm.example\nNew,Person,new@firm.example,\n";
/** Two rows of one address: refused by a rule across rows (DUPLICATE_VALUE), not by one row's. */
const duplicated =
  "First Name,Last Name,Email\nNew,Person,new@firm.example\nNew,Again,NEW@firm.example\n";

describe("importMembers asks the store's search for absent members early", () => {
  it("asks once the rows are read, before the rules across rows run, and answers as the store would", async () => {
    const phases: ImportPhase[] = [];
    const { store, askedAfter } = searchingStore(phases);
    const input = { orgId: SEED_ORG_ID, product: "PERFORM" as const, file, now: SEED_NOW };
    const outcome = await importMembers(store, {
      ...input,
      onPhase: (phase) => phases.push(phase),
    });
    expect(askedAfter).toEqual([["read"]]);
    const plain = await importMembers(createMemoryStore(seedOrganization()), input);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.result.absentMembers.length).toBeGreaterThan(0);
    expect(outcome.ok && outcome.result).toEqual(plain.ok && plain.result);
  });

  it("a file the rules across rows refuse answers its 400, whatever the search it no longer needs does", async () => {
    const phases: ImportPhase[] = [];
    const failure = new Error("search failed");
    const { store, base, askedAfter } = searchingStore(phases, () => Promise.reject(failure));
    const before = await base.exportSnapshot(SEED_ORG_ID);
    const outcome = await importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file: duplicated,
      now: SEED_NOW,
    });
    expect(askedAfter).toHaveLength(1);
    expect(outcome.ok).toBe(false);
    expect(
      !outcome.ok && outcome.result.rowColumnErrors.map((error) => [error.rowNumber, error.type]),
    ).toEqual([
      [1, "DUPLICATE_VALUE"],
      [2, "DUPLICATE_VALUE"],
    ]);
    expect(await base.exportSnapshot(SEED_ORG_ID)).toEqual(before);
  });

  it("a failed search fails a file that passes every rule, writing nothing", async () => {
    const failure = new Error("search failed");
    const { store, base } = searchingStore([], () => Promise.reject(failure));
    const before = await base.exportSnapshot(SEED_ORG_ID);
    const error = await importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file,
      now: SEED_NOW,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).cause).toBe(failure);
    expect(await base.exportSnapshot(SEED_ORG_ID)).toEqual(before);
  });
});
