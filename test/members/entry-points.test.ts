import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeCsv } from "../../src/csv/write";
import { MEMBER_COLUMNS } from "../../src/members/columns";
import { applyMemberEdit, type EditableMemberField } from "../../src/members/edit";
import { createMemberRuleContext } from "../../src/members/rule-context";
import { validateMemberCsv } from "../../src/members/validate";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
const ben = snapshot.members.find((member) => member.id === "m-002");
if (ben === undefined) throw new Error("fixture member m-002 is missing");
const rules = createMemberRuleContext(snapshot.organization, "PERFORM", FIXTURE_NOW);

/** Values each field sees at both entry points: valid ones, invalid ones, blanks. */
const CANDIDATES: Partial<Record<EditableMemberField, string[]>> = {
  firstName: ["Benjamin", "<Ben>", "Ben|", "", "O'Brien"],
  lastName: ["Marsh-Smith", 'Ma"rsh', "  "],
  email: ["benjamin@hartwell.example", "not-an-email", "b@localhost"],
  employeeId: ["E-77", ""],
  jobTitle: ["Counsel", ""],
  level: ["partner", "Emperor", ""],
  department: ["tax", "Marketing", ""],
  practiceArea: ["Art Law", "Basket Weaving", ""],
  startDate: ["2024-02-29", "2/29/2024", "2023-02-29", "March", ""],
  bioLink: ["https://hartwell.example/ben", "javascript:alert(1)", ""],
  lawSchool: ["Yale Law School", "Hogwarts", ""],
  graduationYear: ["2015", "15", "1700", ""],
  workArrangement: ["REMOTE", "remote", ""],
  useMfa: ["yes", "maybe", ""],
  officeCity: ["New York", "Atlantis", ""],
  officeState: ["NY", ""],
  officeCountry: ["Canada", ""],
};

const edits = fc
  .dictionary(
    fc.constantFrom(...(Object.keys(CANDIDATES) as EditableMemberField[])),
    fc.constant(""),
    { minKeys: 1, maxKeys: 4 },
  )
  .chain((shape) =>
    fc.record(
      Object.fromEntries(
        Object.keys(shape).map((field) => [
          field,
          fc.constantFrom(...(CANDIDATES[field as EditableMemberField] ?? [""])),
        ]),
      ) as Record<EditableMemberField, fc.Arbitrary<string>>,
    ),
  );

describe("the CSV and the per-member operations share one rule per column", () => {
  it("a value accepted by one entry point is accepted by the other, and a refused one gets the same error type on the same column", () => {
    fc.assert(
      fc.property(edits, (edit) => {
        const viaEdit = applyMemberEdit(ben, edit, rules);
        // The CSV row updates the same member: Email identifies it, an email change is New Email.
        const columns: string[] = Object.keys(edit).map((field) =>
          field === "email" ? "New Email" : MEMBER_COLUMNS[field as EditableMemberField].header,
        );
        const values = Object.values(edit);
        const fields: string[] = [...new Set(["First Name", "Last Name", "Email", ...columns])];
        const cell = (header: string) => {
          const index = columns.indexOf(header);
          if (index !== -1) return values[index] as string;
          return header === "First Name"
            ? ben.firstName
            : header === "Last Name"
              ? ben.lastName
              : ben.email;
        };
        const csv = writeCsv([fields, fields.map(cell)], { escapeFormulas: false });
        const viaCsv = validateMemberCsv(csv, {
          product: "PERFORM",
          organization: snapshot.organization,
          members: snapshot.members,
          now: FIXTURE_NOW,
        });
        const csvErrors = viaCsv.ok
          ? []
          : viaCsv.result.rowColumnErrors.map((error) => [
              error.columnName === "New Email" ? "Email" : error.columnName,
              error.type,
            ]);
        const editErrors = viaEdit.ok
          ? []
          : viaEdit.errors.map((error) => [error.columnName, error.type]);
        expect(editErrors).toEqual(csvErrors);
      }),
      { numRuns: 400 },
    );
  });
});
