import { join } from "node:path";
import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { performMemberEmails } from "../../src/domain/snapshot";
import { remapMatterCsv, remapMemberCsv } from "../../src/mapping/remap";
import { validateMatterCsv } from "../../src/matters/validate";
import { validateMemberCsv } from "../../src/members/validate";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
const memberContext = {
  product: "PERFORM" as const,
  organization: snapshot.organization,
  members: snapshot.members,
  now: FIXTURE_NOW,
};

/** Spec column → the name an HRIS export gives it. */
const EXPORT_NAMES: Readonly<Record<string, string>> = {
  "First Name": "Given Name",
  "Last Name": "Surname",
  Email: "E-mail Address",
  "Job Title": "Business Title",
  Department: "Dept",
  "Start Date": "Hire Date",
  "Employee ID": "Employee #",
};

function csv(rows: readonly (readonly string[])[], eol: string): string {
  return stringify(rows as string[][], { record_delimiter: eol, quoted_match: /[\r\n]/ });
}

const cellValue = fc.oneof(
  fc.constantFrom("", "  ", "Ada", "ada@hartwell.example", "not an email", "Tax", "2024-02-29"),
  fc.constantFrom('Say "hi"', "a,b", "two\nlines", "=SUM(A1)", "ünïcode"),
  fc.string({ maxLength: 8 }),
);

describe("remapMemberCsv", () => {
  it("rewrites the header alone: BOM, line endings and quoted rows stay byte for byte", () => {
    const rest = '\r\nada@hartwell.example,"Lovelace, Ada",Ada\r\n"x""y",,\n';
    const file = new TextEncoder().encode(`\ufeffE-mail Address,"Surname",Given Name${rest}`);
    const remapped = remapMemberCsv(
      file,
      new Map([
        ["E-mail Address", "Email"],
        ["Surname", "Last Name"],
        ["given name", "first name"],
      ]),
    );
    expect(remapped).toEqual({
      ok: true,
      file: new TextEncoder().encode(`\ufeffEmail,Last Name,First Name${rest}`),
      header: ["Email", "Last Name", "First Name"],
    });
  });

  it("keeps cells the mapping does not name, quoting those that need it", () => {
    const remapped = remapMemberCsv('Work Email,"Notes, internal",Email2\nx,y,z', {
      "Work Email": "Email",
    });
    expect(remapped).toEqual({
      ok: true,
      file: 'Email,"Notes, internal",Email2\nx,y,z',
      header: ["Email", "Notes, internal", "Email2"],
    });
  });

  it("property: remap then validate equals validating the file written with the spec's headers", () => {
    const columns = Object.keys(EXPORT_NAMES);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(columns, { minLength: 1 }),
        fc.array(fc.array(cellValue, { minLength: 7, maxLength: 7 }), { maxLength: 6 }),
        fc.constantFrom("\r\n", "\n"),
        fc.boolean(),
        fc.boolean(),
        (chosen, values, eol, bom, asBytes) => {
          const rows = values.map((row) => row.slice(0, chosen.length));
          const body = rows.length === 0 ? "" : csv(rows, eol);
          const start = bom ? "\ufeff" : "";
          const spec = `${start}${csv([chosen], eol)}${body}`;
          const exported = `${start}${csv([chosen.map((column) => EXPORT_NAMES[column] as string)], eol)}${body}`;
          const mapping = new Map(chosen.map((column) => [EXPORT_NAMES[column] as string, column]));
          const input = asBytes ? new TextEncoder().encode(exported) : exported;
          const remapped = remapMemberCsv(input, mapping);
          if (!remapped.ok) throw new Error(remapped.error.message);
          const text =
            typeof remapped.file === "string"
              ? remapped.file
              : new TextDecoder("utf-8", { ignoreBOM: true }).decode(remapped.file);
          expect(text).toBe(spec);
          expect(validateMemberCsv(remapped.file, memberContext)).toEqual(
            validateMemberCsv(spec, memberContext),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses a mapping that names a cell the header lacks", () => {
    expect(remapMemberCsv("Email,Surname\n", { "Given Name": "First Name" })).toEqual({
      ok: false,
      error: {
        code: "UNKNOWN_SOURCE",
        cell: "Given Name",
        message: 'The header has no column "Given Name".',
      },
    });
  });

  it("refuses a target that is not a column of the file", () => {
    const answer = remapMemberCsv("Email,Surname\n", { Surname: "Family" });
    expect(answer.ok ? null : answer.error.code).toBe("UNKNOWN_TARGET");
    const matter = remapMatterCsv("Client\n", { Client: "First Name" });
    expect(matter.ok ? null : matter.error.code).toBe("UNKNOWN_TARGET");
  });

  it("refuses two cells mapped to one column, or a cell mapped onto a column the file already has", () => {
    expect(
      remapMemberCsv("Work Email,Personal Email\n", {
        "Work Email": "Email",
        "Personal Email": "Email",
      }),
    ).toEqual({
      ok: false,
      error: {
        code: "DUPLICATE_TARGET",
        column: "Email",
        cells: ["Work Email", "Personal Email"],
        message: '"Work Email" and "Personal Email" would both be "Email"; map one column to each.',
      },
    });
    const onto = remapMemberCsv("email,Work Email\n", { "Work Email": "Email" });
    expect(onto.ok ? null : onto.error.code).toBe("DUPLICATE_TARGET");
  });

  it("checks size and encoding before parsing anything", () => {
    const oversized = remapMemberCsv(`"unclosed,${"x".repeat(200)}`, { a: "Email" }, 100);
    expect(oversized.ok ? null : oversized.error).toMatchObject({
      code: "UNREADABLE_FILE",
      readError: { code: "TOO_LARGE" },
    });
    const latin1 = remapMemberCsv(new Uint8Array([0x45, 0x6d, 0xe9, 0x0a]), {});
    expect(latin1.ok ? null : latin1.error).toMatchObject({ readError: { code: "NOT_UTF8" } });
    const empty = remapMemberCsv("", {});
    expect(empty.ok ? null : empty.error).toMatchObject({ readError: { code: "EMPTY" } });
  });

  it("answers a malformed header row as unreadable, never throwing", () => {
    const answer = remapMemberCsv('"Email,Name\n', { Email: "Email" });
    expect(answer.ok ? null : answer.error.code).toBe("UNREADABLE_FILE");
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.dictionary(fc.string(), fc.string()),
        (text, mapping) => {
          remapMemberCsv(text, mapping);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("remapMatterCsv", () => {
  it("remaps a practice-management export so the matter validator answers as for spec headers", () => {
    const rows =
      '\r\nM-1,Estate,ada@hartwell.example,ada@hartwell.example,1/2/2024,,"1,234.5",Acme,"Wills, trusts"\r\n';
    const exported = `Matter Number,Matter Title,Timekeeper Email,Billing Partner Email,Open Date,Close Date,Billed Hours,Client,Matter Description${rows}`;
    const spec = `Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description${rows}`;
    const remapped = remapMatterCsv(exported, {
      "Matter Number": "Matter ID",
      "Matter Title": "Matter Name",
      "Timekeeper Email": "Attorney Email",
      "Billing Partner Email": "Billing Attorney Email",
      "Open Date": "Start Date",
      "Close Date": "End Date",
      "Billed Hours": "Hours Billed",
      Client: "Client Name",
      "Matter Description": "Description",
    });
    if (!remapped.ok) throw new Error(remapped.error.message);
    expect(remapped.file).toBe(spec);
    const options = {
      ruleSet: "upsert" as const,
      performMemberEmails: performMemberEmails(snapshot),
    };
    expect(validateMatterCsv(remapped.file, options)).toEqual(validateMatterCsv(spec, options));
    expect(validateMatterCsv(exported, options).fileError?.type).toBe("UNREADABLE_FILE");
  });
});
