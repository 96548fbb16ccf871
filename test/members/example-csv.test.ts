import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { MEMBER_COLUMNS } from "../../src/members/columns";
import { generateExampleMemberCsv, MAX_EXAMPLE_ROWS } from "../../src/members/example-csv";
import { validateMemberCsv } from "../../src/members/validate";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const org = loadSnapshot(join(FIXTURES, "org.json")).organization;
const ssoOrg = loadSnapshot(join(FIXTURES, "org-sso.json")).organization;

function table(csv: string): string[][] {
  return parse(csv, { bom: true });
}

describe("generateExampleMemberCsv", () => {
  it("caps numRows at 1000", () => {
    expect(table(generateExampleMemberCsv(org, "RECRUIT", 5000))).toHaveLength(
      MAX_EXAMPLE_ROWS + 1,
    );
    expect(table(generateExampleMemberCsv(org, "RECRUIT", -3))).toHaveLength(1);
  });

  it("has the PERFORM-only columns only for PERFORM", () => {
    const performOnly = Object.values(MEMBER_COLUMNS)
      .filter((column) => column.performOnly)
      .map((column) => column.header);
    const [performHeader] = table(generateExampleMemberCsv(org, "PERFORM", 1));
    const [recruitHeader] = table(generateExampleMemberCsv(org, "RECRUIT", 1));
    expect(performHeader).toEqual(expect.arrayContaining(performOnly));
    for (const header of performOnly) expect(recruitHeader).not.toContain(header);
  });

  it("uses the organization's offices and its SSO ID form, and validates for it", () => {
    const rows = table(generateExampleMemberCsv(ssoOrg, "PERFORM", 3));
    const header = rows[0] ?? [];
    const ssoIds = rows.slice(1).map((row) => row[header.indexOf("SSO ID")]);
    expect(ssoIds).toEqual(["AC0001", "JO0002", "RG0003"]);
    expect(rows.slice(1).map((row) => row[header.indexOf("Office City")])).toEqual([
      "Boston",
      "Boston",
      "Boston",
    ]);
    const verdict = validateMemberCsv(generateExampleMemberCsv(ssoOrg, "PERFORM", 3), {
      product: "PERFORM",
      organization: ssoOrg,
      members: [],
      now: FIXTURE_NOW,
    });
    expect(verdict.ok ? [] : verdict.result).toEqual([]);
  });

  it("leaves the SSO ID column out when the organization does not need one", () => {
    expect(table(generateExampleMemberCsv(org, "PERFORM", 1))[0]).not.toContain("SSO ID");
  });
});
