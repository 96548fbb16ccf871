import { describe, expect, it } from "vitest";
import type { ClientMatter, MatterEntry } from "../../src/domain/matters";
import { planLegacyUpload } from "../../src/matters/plan-legacy";
import { planMatterUpsert } from "../../src/matters/plan-upsert";
import { matterRejectionText } from "../../src/matters/rejection-text";
import type { ValidatedMatterRow } from "../../src/matters/row";
import { checkMatterCsv } from "../../src/matters/validate";

const clientMatters: ClientMatter[] = [
  { id: "cm-1", matterId: "M1", clientName: "Acme", matterName: "Alpha", description: "Old" },
];
const entries: MatterEntry[] = [
  {
    id: "e-1",
    clientMatterId: "cm-1",
    attorneyEmail: "ann@firm.example",
    billingAttorneyEmail: "bo@firm.example",
    startDate: null,
    endDate: null,
    hoursBilled: 10,
  },
  {
    id: "e-2",
    clientMatterId: "cm-1",
    attorneyEmail: "bo@firm.example",
    billingAttorneyEmail: "bo@firm.example",
    startDate: null,
    endDate: null,
    hoursBilled: 5,
  },
];
const row = (fields: Partial<ValidatedMatterRow>): ValidatedMatterRow => ({
  rowNumber: 1,
  matterId: "M1",
  matterName: "Alpha",
  attorneyEmail: "ann@firm.example",
  billingAttorneyEmail: "bo@firm.example",
  startDate: null,
  endDate: null,
  hoursBilled: 10,
  clientName: "Acme",
  description: "Old",
  ...fields,
});
const counter = () => {
  let next = 0;
  return () => `new-${++next}`;
};

describe("planMatterUpsert (spec: States and transitions, matter entries)", () => {
  it("no entry for the key, row valid: entry exists, counted in created", () => {
    const plan = planMatterUpsert(
      [row({ attorneyEmail: "cy@firm.example" })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.result).toEqual({ created: 1, updated: 0 });
    expect(plan.createEntries).toEqual([
      {
        id: "new-1",
        clientMatterId: "cm-1",
        attorneyEmail: "cy@firm.example",
        billingAttorneyEmail: "bo@firm.example",
        startDate: null,
        endDate: null,
        hoursBilled: 10,
      },
    ]);
  });

  it("entry exists, non-key fields differ: updated in place with the same id, counted in updated", () => {
    const plan = planMatterUpsert(
      [row({ hoursBilled: 12, endDate: "2026-03-01" })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.result).toEqual({ created: 0, updated: 1 });
    expect(plan.updateEntries).toEqual([{ ...entries[0], hoursBilled: 12, endDate: "2026-03-01" }]);
  });

  it("entry exists, all fields equal: unchanged, not counted", () => {
    const plan = planMatterUpsert([row({})], entries, clientMatters, counter());
    expect(plan).toEqual({
      createClientMatters: [],
      updateClientMatters: [],
      createEntries: [],
      updateEntries: [],
      result: { created: 0, updated: 0 },
    });
  });

  it("Matter Name and Description refresh on the shared client matter, so entries beneath it see the change", () => {
    const plan = planMatterUpsert(
      [row({ matterName: "Alpha II", description: null })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.updateClientMatters).toEqual([
      { ...clientMatters[0], matterName: "Alpha II", description: null },
    ]);
    expect(plan.updateEntries).toEqual([]);
    expect(plan.result).toEqual({ created: 0, updated: 1 });
  });

  it("a new (Matter ID, Client Name) creates its client matter once for all its rows", () => {
    const plan = planMatterUpsert(
      [row({ matterId: "M2" }), row({ matterId: "M2", attorneyEmail: "bo@firm.example" })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.createClientMatters).toHaveLength(1);
    expect(plan.createEntries.map((entry) => entry.clientMatterId)).toEqual(["new-1", "new-1"]);
  });
});

describe("planLegacyUpload (spec: POST /matters-csv/upload-csv)", () => {
  it("entry exists, full five-field identifier matches: row silently skipped", () => {
    const plan = planLegacyUpload([row({ hoursBilled: 99 })], entries, clientMatters, counter());
    expect(plan).toMatchObject({ skipped: 1, createEntries: [], conflicts: [] });
  });

  it("exact duplicate rows in one file collapse to one", () => {
    const plan = planLegacyUpload(
      [row({ matterId: "M9" }), row({ matterId: "M9", rowNumber: 2 })],
      [],
      [],
      counter(),
    );
    expect(plan.collapsed).toBe(1);
    expect(plan.createEntries).toHaveLength(1);
  });

  it("a row differing in one of the five identifier fields becomes a new entry when its key is free", () => {
    const plan = planLegacyUpload(
      [row({ attorneyEmail: "cy@firm.example", billingAttorneyEmail: "ann@firm.example" })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.createEntries).toHaveLength(1);
    expect(plan.conflicts).toEqual([]);
  });

  it("a row that would add a second entry for an existing upsert key is a conflict", () => {
    const plan = planLegacyUpload(
      [row({ billingAttorneyEmail: "cy@firm.example", rowNumber: 3 })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.conflicts).toEqual([
      {
        kind: "ENTRY_EXISTS",
        rowNumber: 3,
        matterId: "M1",
        clientName: "Acme",
        attorneyEmail: "ann@firm.example",
      },
    ]);
  });

  it("a new entry under an existing client matter leaves its shared Description as stored, blank or not", () => {
    for (const description of [null, "New"]) {
      const plan = planLegacyUpload(
        [row({ attorneyEmail: "cy@firm.example", description })],
        entries,
        clientMatters,
        counter(),
      );
      expect(plan.updateClientMatters).toEqual([]);
      expect(plan.createClientMatters).toEqual([]);
      expect(plan.createEntries.map((entry) => entry.clientMatterId)).toEqual([
        clientMatters[0]?.id,
      ]);
    }
  });

  it("a new entry naming an existing client matter differently is a conflict, not a rename", () => {
    const plan = planLegacyUpload(
      [row({ attorneyEmail: "cy@firm.example", matterName: "Renamed", rowNumber: 4 })],
      entries,
      clientMatters,
      counter(),
    );
    expect(plan.conflicts).toEqual([
      {
        kind: "MATTER_NAME_DIFFERS",
        rowNumber: 4,
        matterId: "M1",
        clientName: "Acme",
        attorneyEmail: "cy@firm.example",
      },
    ]);
    expect(plan.createEntries).toEqual([]);
  });
});

describe("matterRejectionText (the upsert's plain-text 400 body)", () => {
  it("is the file error's description, or one line per failing row naming its columns", () => {
    const people = { ruleSet: "upsert" as const, performMemberEmails: ["ann@firm.example"] };
    expect(matterRejectionText(checkMatterCsv("", people).result)).toBe("The file is empty.");
    const csv =
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n" +
      "M1,A,ann@firm.example,ann@firm.example,,,x,C,\nM2,A,ann@firm.example,ann@firm.example,,,1,C,\nM3,,bo@firm.example,ann@firm.example,,,1,C,\n";
    expect(matterRejectionText(checkMatterCsv(csv, people).result)).toBe(
      "Row 1: errors in Hours Billed\nRow 3: errors in Matter Name, Attorney Email",
    );
  });
});

describe("validated matter rows", () => {
  it("carry ISO dates, numeric hours and the Perform member's stored spelling of each address", () => {
    const check = checkMatterCsv(
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n" +
        ' M1 ,Alpha,ANN@FIRM.EXAMPLE,bo@firm.example,2/3/2026,,"1,234.5",Acme,  \n',
      { ruleSet: "upsert", performMemberEmails: ["Ann@Firm.example", "bo@firm.example"] },
    );
    expect(check.ok && check.rows).toEqual([
      {
        rowNumber: 1,
        matterId: "M1",
        matterName: "Alpha",
        attorneyEmail: "Ann@Firm.example",
        billingAttorneyEmail: "bo@firm.example",
        startDate: "2026-02-03",
        endDate: null,
        hoursBilled: 1234.5,
        clientName: "Acme",
        description: null,
      },
    ]);
  });
});
