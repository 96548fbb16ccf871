import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memberSheetAddresses, readMemberSheet } from "../../src/members/sheet";
import { validateMemberCsv } from "../../src/members/validate";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const org = loadSnapshot(join(FIXTURES, "org.json"));
const context = {
  product: "PERFORM" as const,
  organization: org.organization,
  members: org.members,
  externalUserEmails: org.externalUserEmails,
  now: FIXTURE_NOW,
};

describe("validated member rows", () => {
  it("carry parsed values in the organization's spelling, the matched member, and the office as one unit", () => {
    const verdict = validateMemberCsv(
      readFileSync(join(FIXTURES, "members/valid-perform-all-columns.csv")),
      context,
    );
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    const [zoe, ben, omar] = verdict.rows;
    expect(zoe).toMatchObject({
      rowNumber: 1,
      email: "zoe.kim@hartwell.example",
      role: "ADMIN",
      useMfa: false,
      graduationYear: 2008,
      startDate: "2015-01-12",
      flsaStatus: "EXEMPT",
      office: { city: "Chicago", state: "IL", country: null },
      managerEmail: null,
      mentorEmails: null,
      existing: null,
    });
    expect(zoe?.newEmail).toBeUndefined();
    expect(ben).toMatchObject({
      newEmail: "benjamin.marsh@hartwell.example",
      startDate: "2019-09-03",
      flsaStatus: "NON_EXEMPT",
      mentorEmails: ["ada.okoye@hartwell.example", "zoe.kim@hartwell.example"],
      existing: { id: "m-002" },
    });
    expect(omar).toMatchObject({
      role: null,
      practiceArea: "Art Law",
      office: { city: "London", state: null, country: "United Kingdom" },
      flsaStatus: "NOT_APPLICABLE",
    });
    // Every header but SSO ID, which this organization (no SSO) ignores.
    expect(verdict.columns.size).toBe(23);
    expect(verdict.columns.has("SSO ID")).toBe(false);
  });

  it("tell an absent header (undefined) from a blank cell (null) from a value, and canonicalize list spellings", () => {
    const verdict = validateMemberCsv(
      "First Name,Last Name,Email,Department,Job Title\nBen,Marsh,BEN.MARSH@hartwell.example,litigation,\n",
      context,
    );
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    const [row] = verdict.rows;
    expect(row?.department).toBe("Litigation");
    expect(row?.jobTitle).toBeNull();
    expect(row?.office).toBeUndefined();
    expect(row?.startDate).toBeUndefined();
    expect(row?.existing?.id).toBe("m-002");
  });

  it("leave PERFORM-only fields out entirely for RECRUIT and UNI", () => {
    for (const product of ["RECRUIT", "UNI"] as const) {
      const verdict = validateMemberCsv(
        "First Name,Last Name,Email,Level,Graduation Year,Manager Email\nAnn,Lee,a@hartwell.example,Partner,2010,ada.okoye@hartwell.example\n",
        { ...context, product },
      );
      expect(verdict.ok).toBe(true);
      if (!verdict.ok) return;
      const given = Object.entries(verdict.rows[0] ?? {}).filter(
        ([, value]) => value !== undefined,
      );
      expect(given.map(([field]) => field).sort()).toEqual([
        "email",
        "existing",
        "firstName",
        "lastName",
        "rowNumber",
      ]);
      expect([...verdict.columns]).toEqual(["First Name", "Last Name", "Email"]);
    }
  });
});

describe("memberSheetAddresses", () => {
  it("lists every address the file mentions, lower-cased and once, for loading stored members", () => {
    const sheet = readMemberSheet(
      "Email,First Name,Last Name,Manager Email,Mentor Emails\nA@x.example,A,B,boss@x.example,m1@x.example; M2@x.example\nb@x.example,B,C,BOSS@x.example,\n",
    );
    expect(sheet.ok).toBe(true);
    if (!sheet.ok) return;
    expect(memberSheetAddresses(sheet.sheet).sort()).toEqual([
      "a@x.example",
      "b@x.example",
      "boss@x.example",
      "m1@x.example",
      "m2@x.example",
    ]);
  });
});
