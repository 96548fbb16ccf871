import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DraftMatterRow } from "../../src/matters/row";
import { disagree } from "../../src/matters/rule-sets";
import { validateMatterCsv } from "../../src/matters/validate";

const H =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n";
const people = ["ann@firm.example", "bo@firm.example", "cy@firm.example"];
const both = (csv: string) => ({
  upsert: validateMatterCsv(H + csv, { ruleSet: "upsert", performMemberEmails: people }),
  legacy: validateMatterCsv(H + csv, { ruleSet: "legacy", performMemberEmails: people }),
});

describe("the upsert and legacy rule sets differ exactly where the spec says", () => {
  it("duplicate (Matter ID, Client Name, Attorney Email): upsert lists the key columns, legacy does not check", () => {
    const { upsert, legacy } = both(
      "M1,Alpha,ann@firm.example,bo@firm.example,,,1,Acme,\nM1,Alpha,ANN@firm.example,cy@firm.example,,,2,Acme,\n",
    );
    expect(upsert.rowErrors).toEqual([
      { rowNumber: 1, columnsWithErrors: ["Matter ID", "Attorney Email", "Client Name"] },
      { rowNumber: 2, columnsWithErrors: ["Matter ID", "Attorney Email", "Client Name"] },
    ]);
    expect(legacy).toEqual({ numValidRows: 2, rowErrors: [], fileError: null });
  });

  it("Description disagreement within a client matter: upsert lists Description, legacy does not compare it", () => {
    const { upsert, legacy } = both(
      "M1,Alpha,ann@firm.example,bo@firm.example,,,1,Acme,One\nM1,Alpha,bo@firm.example,bo@firm.example,,,2,Acme,Two\n",
    );
    expect(upsert.rowErrors.map((error) => error.columnsWithErrors)).toEqual([
      ["Description"],
      ["Description"],
    ]);
    expect(legacy.rowErrors).toEqual([]);
  });

  it("Matter Name disagreement across Client Names sharing a Matter ID: legacy lists Matter Name, upsert allows it", () => {
    const { upsert, legacy } = both(
      "M1,Alpha,ann@firm.example,bo@firm.example,,,1,Acme,\nM1,Beta,ann@firm.example,bo@firm.example,,,2,Globex,\n",
    );
    expect(upsert.rowErrors).toEqual([]);
    expect(legacy.rowErrors.map((error) => error.columnsWithErrors)).toEqual([
      ["Matter Name"],
      ["Matter Name"],
    ]);
  });

  it("Client Name is never compared by legacy: one Matter ID may span clients when names agree", () => {
    const { legacy } = both(
      "M1,Alpha,ann@firm.example,bo@firm.example,,,1,Acme,X\nM1,Alpha,ann@firm.example,bo@firm.example,,,2,Globex,Y\n",
    );
    expect(legacy).toEqual({ numValidRows: 2, rowErrors: [], fileError: null });
  });

  it("Matter Name disagreement within one client matter: both rule sets list Matter Name on every row", () => {
    const { upsert, legacy } = both(
      "M1,Alpha,ann@firm.example,bo@firm.example,,,1,Acme,\nM1,Alpha 2,bo@firm.example,bo@firm.example,,,2,Acme,\n",
    );
    expect(upsert.rowErrors).toEqual(legacy.rowErrors);
    expect(upsert.rowErrors.map((error) => error.columnsWithErrors)).toEqual([
      ["Matter Name"],
      ["Matter Name"],
    ]);
  });

  it("field rules are shared: both rule sets list the same columns for field failures", () => {
    const { upsert, legacy } = both(
      "M1,,nobody@firm.example,bo@firm.example,2/1/2026,1/1/2026,1.234,Acme,\n",
    );
    expect(upsert).toEqual(legacy);
    expect(upsert.rowErrors[0]?.columnsWithErrors).toEqual([
      "Matter Name",
      "Attorney Email",
      "Start Date",
      "End Date",
      "Hours Billed",
    ]);
  });
});

describe("disagreement within a group", () => {
  it("comparing with the first counted value answers exactly as counting the distinct values in a set", () => {
    const value = fc.constantFrom(null, "", "A", "a", "B", " A");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value), { maxLength: 8 }),
        fc.constantFrom("matterName" as const, "description" as const),
        (pairs, field) => {
          const rows = pairs.map(
            ([matterName, description]) =>
              ({ texts: { matterName, description } }) as unknown as DraftMatterRow,
          );
          const distinct = new Set(
            rows
              .map((row) => row.texts[field])
              .filter((text) => field === "description" || text !== null),
          );
          expect(disagree(rows, field)).toBe(distinct.size > 1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
