import { expect, it } from "vitest";
import { upsertMatters } from "../../matters/upsert";
import { importMembers } from "../../members/import";
import { removeProductAccess } from "../../members/remove";
import { StoreConflictError } from "../../store/errors";
import { type ConformanceHarness, memberNamed, roleOn } from "../harness";
import { SEED_CYCLE_ID, SEED_NOW, SEED_ORG_ID } from "../seed";
import { csv } from "./util";

/** Settled outcomes where each is a success or a typed conflict, never anything else. */
async function settle<T>(work: Promise<T>[]): Promise<(T | StoreConflictError)[]> {
  const results = await Promise.allSettled(work);
  return results.map((result) => {
    if (result.status === "fulfilled") return result.value;
    if (result.reason instanceof StoreConflictError) return result.reason;
    throw result.reason;
  });
}

export function concurrencySuite(h: ConformanceHarness): void {
  it("two imports creating the same address at once end as if run one after the other", async () => {
    const store = await h.seeded();
    const file = (title: string) =>
      csv("First Name,Last Name,Email,Job Title", `Race,Member,race@firm.example,${title}`);
    const outcomes = await settle(
      ["First", "Second"].map((title) =>
        importMembers(store, {
          orgId: SEED_ORG_ID,
          product: "PERFORM",
          file: file(title),
          now: SEED_NOW,
        }),
      ),
    );
    const succeeded = outcomes.filter(
      (outcome): outcome is Exclude<typeof outcome, StoreConflictError> =>
        !(outcome instanceof StoreConflictError),
    );
    expect(succeeded.length).toBeGreaterThan(0);
    const created = succeeded.reduce(
      (sum, outcome) => sum + (outcome.ok ? outcome.result.createdCount : 0),
      0,
    );
    expect(created).toBe(1);
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(after.members.filter((member) => member.email === "race@firm.example")).toHaveLength(1);
  });

  it("an import concurrent with a bulk remove leaves a state one of their two orders gives", async () => {
    const store = await h.seeded();
    const [imported, removed] = await settle<unknown>([
      importMembers(store, {
        orgId: SEED_ORG_ID,
        product: "PERFORM",
        file: csv("First Name,Last Name,Email,Job Title", "Ben,Marsh,ben@firm.example,Counsel"),
        now: SEED_NOW,
      }),
      removeProductAccess(store, {
        orgId: SEED_ORG_ID,
        product: "PERFORM",
        emails: ["ben@firm.example"],
      }),
    ]);
    const ben = memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example");
    if (imported instanceof StoreConflictError) expect(ben.jobTitle).toBe("Associate");
    else expect(ben.jobTitle).toBe("Counsel");
    // Import then remove: no PERFORM. Remove then import: the import grants PERFORM again.
    const access = roleOn(ben, "PERFORM");
    if (removed instanceof StoreConflictError) expect(access).toBe("MEMBER");
    else expect([undefined, "MEMBER"]).toContain(access);
  });

  it("two upserts into one review cycle at once never interleave: each counts against the other's result", async () => {
    const store = await h.seeded();
    const header =
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";
    const file = csv(
      header,
      "M-8,Theta,eve@firm.example,ada@firm.example,,,5,Acme,",
      "M-1,Alpha,ben@firm.example,ada@firm.example,,,10,Acme,Phase one",
    );
    const outcomes = await settle(
      [0, 1].map(() =>
        upsertMatters(store, { orgId: SEED_ORG_ID, reviewCycleId: SEED_CYCLE_ID, file }),
      ),
    );
    const results = outcomes.flatMap((outcome) =>
      outcome instanceof StoreConflictError || !outcome.ok ? [] : [outcome.result],
    );
    expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(1);
    const cycle = (await h.readBack(store, SEED_ORG_ID)).reviewCycles.find(
      (candidate) => candidate.id === SEED_CYCLE_ID,
    );
    expect(cycle?.clientMatters.filter((matter) => matter.matterId === "M-8")).toHaveLength(1);
  });
}
