import { describe, expect, it } from "vitest";
import { validateMemberCsv } from "../../src/index";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const snapshot = loadSnapshot(`${FIXTURES}/org.json`);
const errors = (csv: string) => {
  const verdict = validateMemberCsv(csv, {
    product: "PERFORM",
    organization: snapshot.organization,
    members: snapshot.members,
    now: FIXTURE_NOW,
  });
  if (verdict.ok) throw new Error("the file validated");
  return verdict.result.rowColumnErrors.map(({ rowNumber, columnName, message }) => ({
    rowNumber,
    columnName,
    message,
  }));
};

describe("member errors a person can act on", () => {
  it("Mentor Emails separated by commas or spaces: says to separate them with semicolons", () => {
    expect(
      errors(
        'First Name,Last Name,Email,Mentor Emails\nA,B,a@x.example,"ada.okoye@hartwell.example, ben.marsh@hartwell.example"\n',
      ),
    ).toEqual([
      {
        rowNumber: 1,
        columnName: "Mentor Emails",
        message:
          'Mentor Emails "ada.okoye@hartwell.example, ben.marsh@hartwell.example" is not a well-formed email address; separate mentors with semicolons: "ada.okoye@hartwell.example; ben.marsh@hartwell.example".',
      },
    ]);
    expect(
      errors("First Name,Last Name,Email,Mentor Emails\nA,B,a@x.example,not an address\n"),
    ).toEqual([
      {
        rowNumber: 1,
        columnName: "Mentor Emails",
        message: 'Mentor Emails "not an address" is not a well-formed email address.',
      },
    ]);
  });

  it("a duplicate Email is reported as the duplicate only, not also as the row's own mentor or manager", () => {
    expect(
      errors(
        "First Name,Last Name,Email,Mentor Emails,Manager Email\nA,B,new@x.example,,\nC,D,new@x.example,new@x.example,new@x.example\n",
      ).map((error) => [error.rowNumber, error.columnName]),
    ).toEqual([
      [1, "Email"],
      [2, "Email"],
    ]);
    expect(
      errors("First Name,Last Name,Email,Mentor Emails\nC,D,own@x.example,own@x.example\n"),
    ).toEqual([
      {
        rowNumber: 1,
        columnName: "Mentor Emails",
        message: "A member cannot be their own mentor.",
      },
    ]);
  });

  it("list columns name the closest configured values and where to list them all", () => {
    const found = errors(
      "First Name,Last Name,Email,Department,Office City,Office Country (Non-US Only)\nA,B,a@x.example,Litgation,Londn,UK\n",
    );
    expect(found).toEqual([
      {
        rowNumber: 1,
        columnName: "Office City",
        message:
          '"Londn, UK" is not one of the organization\'s offices; use a city, state or country exactly as the offices list has it. Did you mean "London, United Kingdom"? All of them: GET /api/v2/offices, or rpdi lists <snapshot.json> offices.',
      },
      {
        rowNumber: 1,
        columnName: "Department",
        message:
          'Department "Litgation" is not in the organization\'s departments. Did you mean "Litigation"? All of them: GET /api/v2/departments, or rpdi lists <snapshot.json> departments.',
      },
    ]);
  });
});
