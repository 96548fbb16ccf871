import { afterEach, describe, expect, it } from "vitest";
import { flattenCycle } from "../../src/domain/matters";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { upsertMatters } from "../../src/matters/upsert";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { type MatterRowCells, matterCsv } from "../../src/testing/matter-arbitraries";
import { SEED_CYCLE_ID, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { describeOnServer, dropStore, freshStore, pgliteClient } from "./stores";

/** Characters no compression shrinks (a repeated one would fit a btree row compressed). */
function incompressible(length: number, alphabet: string): string {
  const units = [...alphabet];
  let state = 7;
  let text = "";
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += units[state % units.length];
  }
  return text;
}

/** Over PostgreSQL's btree limit (2,704 bytes a row), in one-, two- and four-byte characters. */
const LONG_IDS = [
  incompressible(3_000, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"),
  incompressible(10_000, "éèàùçœæøåßñ"),
  incompressible(4_000, "\u{1F600}\u{1F601}\u{1F602}\u{1F603}\u{1F604}"),
];

function row(matterId: string, attorneyEmail: string, hoursBilled: string): MatterRowCells {
  return {
    matterId,
    matterName: "Long",
    attorneyEmail,
    billingAttorneyEmail: "ada@firm.example",
    startDate: "",
    endDate: "",
    hoursBilled,
    clientName: "Acme",
    description: "",
  };
}

function longMatterIdCases(name: string, makeStore: () => Promise<Store>) {
  describe(`${name}: a Matter ID of thousands of characters (the spec sets no length)`, () => {
    it.each(LONG_IDS.map((id) => [id.length, id] as const))(
      "a Matter ID of %i UTF-16 units is created, then updated by the same key, never a 500",
      async (_length, matterId) => {
        const store = await makeStore();
        const upsert = (rows: MatterRowCells[]) =>
          upsertMatters(store, {
            orgId: SEED_ORG_ID,
            reviewCycleId: SEED_CYCLE_ID,
            file: matterCsv(rows),
          });
        const first = await upsert([row(matterId, "ben@firm.example", "1")]);
        expect(first).toMatchObject({ ok: true, result: { created: 1, updated: 0 } });
        const second = await upsert([
          row(matterId, "ben@firm.example", "2"),
          row(matterId, "Cleo@firm.example", "3"),
          // A key differing only at its end is another client matter.
          row(`${matterId}Z`, "ben@firm.example", "4"),
        ]);
        expect(second).toMatchObject({ ok: true, result: { created: 2, updated: 1 } });
        const snapshot = await store.exportSnapshot(SEED_ORG_ID);
        const cycle = snapshot?.reviewCycles.find((candidate) => candidate.id === SEED_CYCLE_ID);
        if (cycle === undefined) throw new Error("no seed cycle");
        const { clientMatters } = flattenCycle(cycle);
        expect(
          clientMatters.filter((matter) => matter.matterId.length > 100).map((m) => m.matterId),
        ).toEqual([matterId, `${matterId}Z`]);
      },
    );
  });
}

const made: Store[] = [];
afterEach(async () => {
  for (const store of made.splice(0)) await dropStore(store);
});

async function seeded(store: Store): Promise<Store> {
  await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
  made.push(store);
  return store;
}

longMatterIdCases("memory store", () => seeded(createMemoryStore()));
longMatterIdCases("PostgreSQL store on PGlite", async () =>
  seeded(await freshStore(pgliteClient(), "rpdi_long")),
);
describeOnServer("PostgreSQL store on the server", (pool) =>
  longMatterIdCases("server", async () => seeded(await freshStore(pool(), "rpdi_long"))),
);
