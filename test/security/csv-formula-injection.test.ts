import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainNumber } from "../../src/csv/formula-escape";
import { writeCsv } from "../../src/csv/write";
import { MATTER_HEADERS } from "../../src/domain/headers";
import type { OrganizationProfile } from "../../src/domain/organization";
import {
  departmentsCsv,
  lawSchoolsCsv,
  lookupLists,
  practiceAreasCsv,
} from "../../src/lists/lists";
import { matterErrorReport } from "../../src/matters/error-report";
import { memberErrorReport } from "../../src/members/error-report";
import { generateExampleMemberCsv } from "../../src/members/example-csv";
import { productArbitrary } from "../../src/testing/member-arbitraries";
import { formulaOrganization } from "../support/formula-organization";

/** What a spreadsheet evaluates when it comes first (OWASP, plus LF and the full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

function listValues(organization: OrganizationProfile): string[] {
  return [
    ...organization.departments,
    ...organization.memberLevels,
    ...organization.customPracticeAreas,
    ...(organization.staticPracticeAreas ?? []),
    ...(organization.lawSchools ?? []),
    ...organization.offices.flatMap((office) => [
      office.city,
      office.state ?? "",
      office.country ?? "",
    ]),
  ];
}

/** Every CSV rpdi writes from the organization's values, an uploaded file's included. */
function writtenFiles(organization: OrganizationProfile, product: "RECRUIT" | "PERFORM" | "UNI") {
  const lists = lookupLists(organization);
  const values = listValues(organization);
  const memberUpload = writeCsv(
    [
      ["First Name", "Last Name", "Email", "Job Title"],
      ...values.map((value) => [value, value, value, value]),
    ],
    { escapeFormulas: false },
  );
  const matterUpload = writeCsv(
    [[...MATTER_HEADERS], ...values.map((value) => MATTER_HEADERS.map(() => value))],
    { escapeFormulas: false },
  );
  return [
    lawSchoolsCsv(lists),
    practiceAreasCsv(lists),
    departmentsCsv(lists),
    generateExampleMemberCsv(organization, product, 8),
    memberErrorReport(memberUpload, {
      fileError: null,
      rowColumnErrors: [
        { rowNumber: 1, columnName: "Email", value: "", type: "INVALID_EMAIL", message: "=1+1" },
      ],
    }),
    matterErrorReport(matterUpload, {
      numValidRows: 0,
      rowErrors: [{ rowNumber: 1, columnsWithErrors: ["Matter ID"] }],
      fileError: null,
    }),
  ];
}

describe("CSV injection through list values and uploaded cells", () => {
  it("property: no cell of any CSV rpdi writes starts with = + - @ tab CR or LF, unless it is a plain signed number", () => {
    fc.assert(
      fc.property(formulaOrganization, productArbitrary, (organization, product) => {
        for (const csv of writtenFiles(organization, product)) {
          expect(csv).not.toBeNull();
          for (const row of parse(csv as string, {
            bom: true,
            relax_column_count: true,
          }) as string[][]) {
            for (const cell of row) {
              expect(!FORMULA_START.test(cell) || isPlainNumber(cell), JSON.stringify(cell)).toBe(
                true,
              );
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
