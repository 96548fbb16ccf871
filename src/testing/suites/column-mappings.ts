import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { loadColumnMapping, saveColumnMapping } from "../../mapping/column-mapping-service";
import { type ColumnMappingInput, remapMemberCsv } from "../../mapping/remap";
import { OrganizationNotFoundError } from "../../store/errors";
import type { ConformanceHarness } from "../harness";
import { OTHER_ORG_ID, SEED_ORG_ID, seedOrganization } from "../seed";

const HRIS = new Map([
  ["E-mail Address", "Email"],
  ["Given Name", "First Name"],
  ["Surname", "last name"],
]);

/** Saved header mappings: per organization and kind, replaced whole, in snapshots. */
export function columnMappingsSuite(h: ConformanceHarness): void {
  it("saves a member mapping for one organization and loads it back, targets in the spec's spelling", async () => {
    const store = await h.seeded();
    const saved = await saveColumnMapping(store, {
      orgId: SEED_ORG_ID,
      kind: "members",
      mapping: HRIS,
    });
    expect(saved).toEqual({
      ok: true,
      pairs: [
        { source: "E-mail Address", target: "Email" },
        { source: "Given Name", target: "First Name" },
        { source: "Surname", target: "Last Name" },
      ],
    });
    expect([...(await loadColumnMapping(store, { orgId: SEED_ORG_ID, kind: "members" }))]).toEqual([
      ["E-mail Address", "Email"],
      ["Given Name", "First Name"],
      ["Surname", "Last Name"],
    ]);
    expect((await h.readBack(store, SEED_ORG_ID)).columnMappings).toEqual({
      members: saved.ok ? saved.pairs : [],
      matters: [],
    });
    expect((await loadColumnMapping(store, { orgId: OTHER_ORG_ID, kind: "members" })).size).toBe(0);
    expect((await loadColumnMapping(store, { orgId: SEED_ORG_ID, kind: "matters" })).size).toBe(0);
  });

  it("replaces a saved mapping outright, and an empty mapping clears it", async () => {
    const store = await h.seeded();
    await saveColumnMapping(store, {
      orgId: SEED_ORG_ID,
      kind: "matters",
      mapping: { Client: "Client Name" },
    });
    await saveColumnMapping(store, {
      orgId: SEED_ORG_ID,
      kind: "matters",
      mapping: { "Matter Number": "Matter ID" },
    });
    expect([...(await loadColumnMapping(store, { orgId: SEED_ORG_ID, kind: "matters" }))]).toEqual([
      ["Matter Number", "Matter ID"],
    ]);
    await saveColumnMapping(store, { orgId: SEED_ORG_ID, kind: "matters", mapping: {} });
    expect((await h.readBack(store, SEED_ORG_ID)).columnMappings.matters).toEqual([]);
  });

  it("saves nothing when a pair is wrong (unknown column, two headers on one column, a header twice)", async () => {
    const store = await h.seeded();
    await saveColumnMapping(store, { orgId: SEED_ORG_ID, kind: "members", mapping: HRIS });
    const before = await h.readBack(store, SEED_ORG_ID);
    const wrong: ColumnMappingInput[] = [
      { "Work Email": "Mail" },
      { "Work Email": "Email", "E-mail": "Email" },
      new Map([
        ["Dept", "Department"],
        ["DEPT", "Level"],
      ]),
      { " ": "Email" },
    ];
    const codes = [];
    for (const mapping of wrong) {
      const answer = await saveColumnMapping(store, {
        orgId: SEED_ORG_ID,
        kind: "members",
        mapping,
      });
      codes.push(answer.ok ? "saved" : answer.error.code);
    }
    expect(codes).toEqual([
      "UNKNOWN_TARGET",
      "DUPLICATE_TARGET",
      "DUPLICATE_SOURCE",
      "INVALID_SOURCE",
    ]);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("keeps headers named __proto__ and constructor as plain headers, and reuses them on a file", async () => {
    const store = await h.seeded();
    const mapping = JSON.parse(
      '{"__proto__":"Email","constructor":"First Name","toString":"Last Name"}',
    );
    expect(
      (await saveColumnMapping(store, { orgId: SEED_ORG_ID, kind: "members", mapping })).ok,
    ).toBe(true);
    const loaded = await loadColumnMapping(store, { orgId: SEED_ORG_ID, kind: "members" });
    const remapped = remapMemberCsv(
      "__proto__,constructor,toString\nada@firm.example,Ada,Lovelace\n",
      loaded,
    );
    expect(remapped.ok && remapped.file).toBe(
      "Email,First Name,Last Name\nada@firm.example,Ada,Lovelace\n",
    );
    expect(({} as Record<string, unknown>).Email).toBeUndefined();
  });

  it("loads a snapshot's mappings and exports them; a snapshot without them has none", async () => {
    const store = await h.fresh();
    const columnMappings = {
      members: [{ source: "Work Email", target: "Email" }],
      matters: [{ source: "Client", target: "Client Name" }],
    };
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({ ...seedOrganization(), columnMappings }),
    );
    expect((await h.readBack(store, SEED_ORG_ID)).columnMappings).toEqual(columnMappings);
    await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect((await h.readBack(store, SEED_ORG_ID)).columnMappings).toEqual({
      members: [],
      matters: [],
    });
  });

  it("rolls a saved mapping back with its transaction", async () => {
    const store = await h.seeded();
    await expect(
      store.transaction(SEED_ORG_ID, async (tx) => {
        await tx.replaceColumnMapping?.("members", [{ source: "Work Email", target: "Email" }]);
        throw new Error("fault after the write");
      }),
    ).rejects.toThrow("fault after the write");
    expect((await h.readBack(store, SEED_ORG_ID)).columnMappings.members).toEqual([]);
  });

  it("answers an unknown organization with OrganizationNotFoundError", async () => {
    const store = await h.seeded();
    await expect(
      saveColumnMapping(store, { orgId: "org-nope", kind: "members", mapping: HRIS }),
    ).rejects.toBeInstanceOf(OrganizationNotFoundError);
    await expect(
      loadColumnMapping(store, { orgId: "org-nope", kind: "members" }),
    ).rejects.toBeInstanceOf(OrganizationNotFoundError);
  });
}
