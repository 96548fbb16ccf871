import { expect, it } from "vitest";
import { flattenCycle } from "../../domain/matters";
import { uploadMattersLegacy } from "../../matters/upload-legacy";
import { upsertMatters, validateMattersFile } from "../../matters/upsert";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { SEED_CYCLE_ID, SEED_ORG_ID } from "../seed";
import { csv, expectOk, sequentialIds } from "./util";

const HEADER =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";
const STORED_BEN = "M-1,Alpha,ben@firm.example,ada@firm.example,,,10,Acme,Phase one";

export function mattersSuite(h: ConformanceHarness): void {
  const upsert = (store: Store, file: string, reviewCycleId = SEED_CYCLE_ID) =>
    upsertMatters(store, { orgId: SEED_ORG_ID, reviewCycleId, file, newId: sequentialIds() });
  const cycle = async (store: Store) => {
    const found = (await h.readBack(store, SEED_ORG_ID)).reviewCycles.find(
      (candidate) => candidate.id === SEED_CYCLE_ID,
    );
    if (found === undefined) throw new Error("the seed review cycle is gone");
    return flattenCycle(found);
  };

  it("no entry for the key → upsert: the entry exists, counted in created", async () => {
    const store = await h.seeded();
    const outcome = await upsert(
      store,
      csv(HEADER, "M-1,Alpha,eve@firm.example,ada@firm.example,1/2/2026,,3.5,Acme,Phase one"),
    );
    expectOk(outcome);
    expect(outcome.result).toEqual({ created: 1, updated: 0 });
    const { entries } = await cycle(store);
    expect(entries.find((entry) => entry.attorneyEmail === "eve@firm.example")).toMatchObject({
      clientMatterId: "cm-alpha",
      startDate: "2026-01-02",
      hoursBilled: 3.5,
    });
  });

  it("entry exists, non-key fields differ → upsert: updated in place with the same id, counted in updated, Matter Name and Description refreshed on the client matter", async () => {
    const store = await h.seeded();
    const outcome = await upsert(
      store,
      csv(HEADER, "M-1,Alpha Prime,BEN@firm.example,eve@firm.example,,,12,Acme,Phase two"),
    );
    expectOk(outcome);
    expect(outcome.result).toEqual({ created: 0, updated: 1 });
    const { entries, clientMatters } = await cycle(store);
    expect(entries.find((entry) => entry.id === "e-ben")).toMatchObject({
      billingAttorneyEmail: "eve@firm.example",
      hoursBilled: 12,
    });
    expect(clientMatters).toEqual([
      {
        id: "cm-alpha",
        matterId: "M-1",
        clientName: "Acme",
        matterName: "Alpha Prime",
        description: "Phase two",
      },
    ]);
    expect(entries.find((entry) => entry.id === "e-cleo")?.clientMatterId).toBe("cm-alpha");
  });

  it("entry exists, all fields equal → upsert: unchanged and not counted", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await upsert(store, csv(HEADER, STORED_BEN));
    expectOk(outcome);
    expect(outcome.result).toEqual({ created: 0, updated: 0 });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("entry exists → deprecated upload whose full five-field identifier matches: unchanged, row silently skipped", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await uploadMattersLegacy(store, {
      orgId: SEED_ORG_ID,
      reviewCycleId: SEED_CYCLE_ID,
      file: csv(HEADER, "M-1,Alpha,ben@firm.example,ada@firm.example,,,99,Acme,Phase one"),
    });
    expect(outcome).toEqual({ ok: true, created: 0, skipped: 1 });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("retrying the same upsert file gives the same end state and counts nothing", async () => {
    const store = await h.seeded();
    const file = csv(
      HEADER,
      "M-1,Alpha,ben@firm.example,ada@firm.example,,,11,Acme,Phase one",
      "M-2,Beta,eve@firm.example,ada@firm.example,,,4,Globex,",
    );
    expectOk(await upsert(store, file));
    const once = await h.readBack(store, SEED_ORG_ID);
    const again = await upsert(store, file);
    expectOk(again);
    expect(again.result).toEqual({ created: 0, updated: 0 });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(once);
  });

  it("an unknown review cycle is REVIEW_CYCLE_NOT_FOUND for upsert and upload, before the file is read", async () => {
    const store = await h.seeded();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await upsert(store, "", missing)).toEqual({
      ok: false,
      reason: "REVIEW_CYCLE_NOT_FOUND",
      reviewCycleId: missing,
    });
    expect(
      await uploadMattersLegacy(store, { orgId: SEED_ORG_ID, reviewCycleId: missing, file: "" }),
    ).toEqual({ ok: false, reason: "REVIEW_CYCLE_NOT_FOUND", reviewCycleId: missing });
  });

  it("a file with a failing row writes nothing and answers the validation and its plain text", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await upsert(
      store,
      csv(
        HEADER,
        "M-9,Gamma,eve@firm.example,ada@firm.example,,,1,Acme,",
        "M-9,Gamma,dev@firm.example,ada@firm.example,,,1,Acme,",
      ),
    );
    expect(outcome).toEqual({
      ok: false,
      reason: "INVALID_FILE",
      validation: {
        numValidRows: 1,
        rowErrors: [{ rowNumber: 2, columnsWithErrors: ["Attorney Email"] }],
        fileError: null,
      },
      problems: [
        {
          rowNumber: 2,
          column: "Attorney Email",
          rule: "NOT_A_PERFORM_MEMBER",
          value: "dev@firm.example",
          expected: "the email of a Perform member of this organization",
          message:
            'Attorney Email "dev@firm.example" is not a Perform member of this organization.',
          relatedRows: [],
        },
      ],
      text: 'Row 2: errors in Attorney Email\n  Attorney Email "dev@firm.example" is not a Perform member of this organization.',
    });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("a deprecated upload that would give an existing upsert key a second entry is a conflict and writes nothing", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await uploadMattersLegacy(store, {
      orgId: SEED_ORG_ID,
      reviewCycleId: SEED_CYCLE_ID,
      file: csv(
        HEADER,
        "M-3,Delta,eve@firm.example,ada@firm.example,,,1,Acme,",
        "M-1,Alpha,ben@firm.example,eve@firm.example,,,1,Acme,Phase one",
      ),
    });
    expect(outcome).toEqual({
      ok: false,
      reason: "CONFLICT",
      conflicts: [
        {
          kind: "ENTRY_EXISTS",
          rowNumber: 2,
          matterId: "M-1",
          clientName: "Acme",
          attorneyEmail: "ben@firm.example",
        },
      ],
    });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("the deprecated upload adds an entry under an existing client matter without changing its shared fields", async () => {
    const store = await h.seeded();
    expect(
      await uploadMattersLegacy(store, {
        orgId: SEED_ORG_ID,
        reviewCycleId: SEED_CYCLE_ID,
        file: csv(HEADER, "M-1,Alpha,eve@firm.example,ada@firm.example,,,2,Acme,"),
      }),
    ).toEqual({ ok: true, created: 1, skipped: 0 });
    const { entries, clientMatters } = await cycle(store);
    expect(entries.map((entry) => entry.attorneyEmail).sort()).toContain("eve@firm.example");
    expect(
      clientMatters
        .filter((matter) => matter.matterId === "M-1" && matter.clientName === "Acme")
        .map((matter) => [matter.matterName, matter.description]),
    ).toEqual([["Alpha", "Phase one"]]);
  });

  it("the deprecated upload creates an entry per new row and collapses exact duplicates", async () => {
    const store = await h.seeded();
    const row = "M-4,Epsilon,eve@firm.example,ada@firm.example,,,2,Acme,";
    expect(
      await uploadMattersLegacy(store, {
        orgId: SEED_ORG_ID,
        reviewCycleId: SEED_CYCLE_ID,
        file: csv(HEADER, row, row),
      }),
    ).toEqual({ ok: true, created: 1, skipped: 0 });
    expect((await cycle(store)).entries).toHaveLength(3);
  });

  it("the validators persist nothing and apply their own rule set", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const file = csv(
      HEADER,
      "M-5,Zeta,ben@firm.example,ada@firm.example,,,1,Acme,One",
      "M-5,Zeta,eve@firm.example,ada@firm.example,,,1,Acme,Two",
    );
    expect(
      await validateMattersFile(store, { orgId: SEED_ORG_ID, file, ruleSet: "upsert" }),
    ).toEqual({
      numValidRows: 0,
      rowErrors: [
        { rowNumber: 1, columnsWithErrors: ["Description"] },
        { rowNumber: 2, columnsWithErrors: ["Description"] },
      ],
      fileError: null,
    });
    expect(
      await validateMattersFile(store, { orgId: SEED_ORG_ID, file, ruleSet: "legacy" }),
    ).toEqual({ numValidRows: 2, rowErrors: [], fileError: null });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });
}
