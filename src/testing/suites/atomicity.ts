import { expect, it } from "vitest";
import { upsertMatters } from "../../matters/upsert";
import { importMembers } from "../../members/import";
import { removeProductAccess } from "../../members/remove";
import type { Store } from "../../store/port";
import { injectFaults } from "../faults";
import type { ConformanceHarness } from "../harness";
import { SEED_CYCLE_ID, SEED_NOW, SEED_ORG_ID } from "../seed";
import { csv, sequentialIds } from "./util";

const MATTERS =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";

/** Writes that touch every kind of record, each run through a fault at every port call. */
const OPERATIONS: Record<string, (store: Store) => Promise<unknown>> = {
  "member import": (store) =>
    importMembers(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file: csv(
        "First Name,Last Name,Email,Role,Manager Email",
        "Ben,Marsh,ben@firm.example,ADMIN,new@firm.example",
        "New,Person,new@firm.example,,ada@firm.example",
        "Dev,Raman,dev@firm.example,,",
      ),
      now: SEED_NOW,
      newId: sequentialIds(),
    }),
  "matter upsert": (store) =>
    upsertMatters(store, {
      orgId: SEED_ORG_ID,
      reviewCycleId: SEED_CYCLE_ID,
      file: csv(
        MATTERS,
        "M-1,Alpha 2,ben@firm.example,ada@firm.example,,,13,Acme,",
        "M-7,Eta,eve@firm.example,ada@firm.example,,,2,Globex,",
      ),
      newId: sequentialIds(),
    }),
  "bulk remove": (store) =>
    removeProductAccess(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      emails: ["ben@firm.example", "Cleo@firm.example", "eve@firm.example"],
    }),
};

export function atomicitySuite(h: ConformanceHarness): void {
  it("a transaction whose work throws after writing leaves no trace", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const failure = new Error("work failed after writing");
    await expect(
      store.transaction(SEED_ORG_ID, async (tx) => {
        await tx.revokeProductAccess("PERFORM", ["m-ben", "m-cleo"]);
        await tx.deleteWelcomeEmails([]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  for (const [name, operation] of Object.entries(OPERATIONS)) {
    it(`a ${name} that fails before or after the k-th port call, for every k, changes nothing`, async () => {
      const probe = injectFaults(await h.seeded());
      await operation(probe);
      const calls = probe.calls;
      expect(calls).toBeGreaterThan(1);
      // Every fault strikes the same store: each must leave it exactly as seeded, and usable
      // for the next one, so a trace one fault left shows at once.
      const store = injectFaults(await h.seeded());
      const before = await h.readBack(store, SEED_ORG_ID);
      for (let k = 1; k <= calls; k++) {
        for (const when of ["before", "after"] as const) {
          store.failAt(k, when);
          await expect(operation(store), `fault ${when} call ${k} of ${calls}`).rejects.toThrow(
            /injected fault/,
          );
          expect(
            await h.readBack(store, SEED_ORG_ID),
            `state after a fault ${when} call ${k}`,
          ).toEqual(before);
        }
      }
    });
  }
}
