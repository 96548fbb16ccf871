import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeCsv } from "../../src/csv/write";
import { Feature } from "../../src/domain/features";
import { type OrganizationProfile, organizationProfileSchema } from "../../src/domain/organization";
import {
  departmentsCsv,
  lawSchoolsCsv,
  lookupLists,
  practiceAreasCsv,
} from "../../src/lists/lists";
import { generateExampleMemberCsv } from "../../src/members/example-csv";
import { memberSheetAddresses, readMemberSheet } from "../../src/members/sheet";
import { validateMemberCsv } from "../../src/members/validate";
import { productArbitrary } from "../../src/testing/member-arbitraries";
import { FIXTURE_NOW } from "../support/fixtures";
import { formulaOrganization } from "../support/formula-organization";

function validate(csv: string, organization: OrganizationProfile, product = "PERFORM" as const) {
  const verdict = validateMemberCsv(csv, { product, organization, members: [], now: FIXTURE_NOW });
  return verdict.ok ? [] : verdict.result;
}

/** A lookup-list CSV's values as a text editor shows them (RFC 4180 quoting undone). */
function listCells(csv: string): string[] {
  const [, ...rows] = parse(csv, { bom: true }) as string[][];
  return rows.map((row) => row[0] as string);
}

describe("what rpdi writes is valid input to rpdi", () => {
  it("property: for list values starting with = + - @ or tab, the organization's example CSV validates for it", () => {
    fc.assert(
      fc.property(
        formulaOrganization,
        productArbitrary,
        fc.integer({ min: 1, max: 12 }),
        (organization, product, numRows) => {
          const csv = generateExampleMemberCsv(organization, product, numRows);
          const verdict = validateMemberCsv(csv, {
            product,
            organization,
            members: [],
            now: FIXTURE_NOW,
          });
          expect(verdict.ok ? [] : verdict.result).toEqual([]);
          if (verdict.ok) expect(verdict.rows).toHaveLength(numRows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: every law school, practice area and department CSV value pasted into a member file validates", () => {
    fc.assert(
      fc.property(formulaOrganization, fc.boolean(), (profile, custom) => {
        const organization = organizationProfileSchema.parse({
          ...profile,
          features: custom ? [Feature.CUSTOM_PRACTICE_AREAS] : [],
        });
        const lists = lookupLists(organization);
        const columns = [
          ["Law School", listCells(lawSchoolsCsv(lists))],
          ["Practice Area", listCells(practiceAreasCsv(lists))],
          ["Department", listCells(departmentsCsv(lists))],
        ] as const;
        for (const [header, cells] of columns) {
          // A paste copies the cell's text as it is, apostrophe and all.
          const file = writeCsv(
            [
              ["First Name", "Last Name", "Email", "Use MFA", header],
              ...cells.map((cell, index) => ["Ada", "Lee", `row${index}@new.example`, "y", cell]),
            ],
            { escapeFormulas: false },
          );
          expect(validate(file, organization), header).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("matches a department -Tax written '-Tax, and reports a bad escaped value without the apostrophe", () => {
    const organization = organizationProfileSchema.parse({
      id: "org-tax",
      shortName: "tax",
      name: "Tax LLP",
      departments: ["-Tax", "=Audit"],
    });
    expect(listCells(departmentsCsv(lookupLists(organization)))).toEqual(["'-Tax", "'=Audit"]);
    const header = "First Name,Last Name,Email,Department\r\n";
    expect(validate(`${header}Ada,Lee,ada@new.example,'-Tax\r\n`, organization)).toEqual([]);
    expect(validate(`${header}Ada,Lee,ada@new.example,-tax\r\n`, organization)).toEqual([]);
    expect(validate(`${header}Ada,Lee,ada@new.example,'-Audit\r\n`, organization)).toEqual({
      fileError: null,
      rowColumnErrors: [
        {
          rowNumber: 1,
          columnName: "Department",
          value: "-Audit",
          type: "INVALID_LIST_SELECTION",
          message: `Department "-Audit" is not in the organization's departments. Did you mean "=Audit"? All of them: GET /api/v2/departments, or rpdi lists <snapshot.json> departments.`,
        },
      ],
    });
  });

  it("names an escaped address without its apostrophe, so the stored member it updates is loaded", () => {
    const read = readMemberSheet("First Name,Last Name,Email\r\nAda,Lee,'-ada@firm.example\r\n");
    expect(read.ok && memberSheetAddresses(read.sheet)).toEqual(["-ada@firm.example"]);
  });
});
