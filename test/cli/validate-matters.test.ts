import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const run = (...args: string[]) => runCliInMemory(args);

const org = join(FIXTURES, "org.json");
const fixture = (name: string) => join(FIXTURES, "matters", `${name}.csv`);
const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";

describe("rpdi validate matters", () => {
  it("prints the validator's exact body with --json and exits 1 when a row fails", async () => {
    const { code, out } = await run(
      "validate",
      "matters",
      fixture("diff-description-upsert"),
      "--org",
      org,
      "--json",
    );
    const expected = JSON.parse(
      await readFile(join(FIXTURES, "matters/diff-description-upsert.json"), "utf8"),
    ).expected;
    expect(code).toBe(ExitCode.INVALID);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("applies the deprecated rules with --legacy", async () => {
    const { code, out } = await run(
      "validate",
      "matters",
      fixture("diff-description-legacy"),
      "--org",
      org,
      "--legacy",
    );
    expect(code).toBe(ExitCode.VALID);
    expect(out).toContain("3 rows valid under the deprecated upload-csv rules.");
  });

  it("with --review-cycle, prints what the upsert would answer", async () => {
    const { code, out } = await run(
      "validate",
      "matters",
      fixture("upsert-changes"),
      "--org",
      org,
      "--review-cycle",
      CYCLE,
      "--json",
    );
    expect(code).toBe(ExitCode.VALID);
    expect(JSON.parse(out)).toEqual({ created: 2, updated: 2 });
  });

  it("with --legacy and --review-cycle, says when the upload would be refused", async () => {
    const { code, out } = await run(
      "validate",
      "matters",
      fixture("upsert-changes"),
      "--org",
      org,
      "--review-cycle",
      CYCLE,
      "--legacy",
    );
    expect(code).toBe(ExitCode.VALID);
    // Row 1 matches its stored five-field identifier and is skipped; row 2 renames its client
    // matter, which only the upsert may do.
    expect(out).toMatch(
      /would be refused \(409\):\nRow 2 \(Matter ID [^)]+\): the client matter exists under another Matter Name/,
    );
  });

  it("prints a table of each failing row's reasons, and the file error with its row", async () => {
    const table = await run("validate", "matters", fixture("dates"), "--org", org);
    expect(table.code).toBe(ExitCode.INVALID);
    expect(table.out.split("\n")[0]).toMatch(/^ROW\s+SPREADSHEET ROW\s+COLUMNS\s+RULE\s+PROBLEM$/);
    expect(table.out).toMatch(
      /\n6\s+7\s+Start Date, End Date\s+END_BEFORE_START\s+End Date 3\/1\/2026 is before Start Date 3\/2\/2026\.\n/,
    );
    const file = await run("validate", "matters", fixture("unquoted-comma"), "--org", org);
    expect(file.out).toMatch(/COLUMN_COUNT_MISMATCH \(row 2\): Row 2 has 10 values/);
  });

  it("names each row by the spec's number and its spreadsheet row, and says why each cell failed", async () => {
    const { code, out } = await run("validate", "matters", fixture("reasons"), "--org", org);
    expect(code).toBe(ExitCode.INVALID);
    const [header, ...lines] = out.trimEnd().split("\n");
    expect(header?.split(/\s{2,}/)).toEqual([
      "ROW",
      "SPREADSHEET ROW",
      "COLUMNS",
      "RULE",
      "PROBLEM",
    ]);
    expect(lines.map((line) => line.split(/\s{2,}/))).toEqual([
      [
        "1",
        "2",
        "Start Date",
        "DATE_NOT_M_D_YYYY",
        'Start Date "2026-01-15" is not a date in M/d/yyyy form, e.g. 1/15/2026.',
      ],
      [
        "2",
        "3",
        "Start Date",
        "NO_SUCH_DATE",
        'Start Date "2/30/2026" is not a date: February 2026 has 28 days.',
      ],
      [
        "3",
        "4",
        "Hours Billed",
        "HOURS_SEPARATORS",
        'Hours Billed "1.234,5": use a period for decimals and commas only between thousands, e.g. 1,234.5.',
      ],
      [
        "4",
        "5",
        "Start Date, End Date",
        "END_BEFORE_START",
        "End Date 1/2/2026 is before Start Date 3/4/2026.",
      ],
      [
        "5",
        "6",
        "Attorney Email",
        "NOT_A_PERFORM_MEMBER",
        'Attorney Email "x@elsewhere.example" is not a Perform member of this organization.',
      ],
      // Row 6 is blank: it keeps its number, and the rows after it sit one further down.
      ...[7, 8].map((row) => [
        String(row),
        String(row + 1),
        "Matter ID, Attorney Email, Client Name",
        "DUPLICATE_UPSERT_KEY",
        'Rows 7 and 8 (spreadsheet rows 8 and 9) share Matter ID "R-6", Client Name "Globex" and Attorney Email "ben.marsh@hartwell.example"; a client matter has one row per attorney.',
      ]),
      [
        "9",
        "10",
        "Matter Name",
        "CLIENT_MATTER_DISAGREES",
        'Matter Name "Eta" differs from "Theta" on row 10 (spreadsheet row 11) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
      ],
      [
        "10",
        "11",
        "Matter Name",
        "CLIENT_MATTER_DISAGREES",
        'Matter Name "Theta" differs from "Eta" on row 9 (spreadsheet row 10) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
      ],
      [
        `✗ ${fixture("reasons")}: 9 rows with errors and 0 valid under the upsert rules; nothing would be written.`,
      ],
    ]);
  });

  it.each([
    [["validate", "matters", "x.csv"], "--org"],
    [
      ["validate", "matters", "x.csv", "--org", org, "--product", "UNI"],
      "--product applies to members only",
    ],
    [["validate", "members", "x.csv", "--org", org, "--legacy"], "apply to matters only"],
    [
      ["validate", "matters", fixture("bom"), "--org", org, "--review-cycle", "nope"],
      'no review cycle "nope"',
    ],
  ])("exits 2 with a usage message for %j", async (args, message) => {
    const { code, err } = await run(...args);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain(message);
  });
});

describe("rpdi validate matters under a row of the wrong length", () => {
  it("names the other rows of the wrong length beside the file error, which names the first", async () => {
    const header =
      "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";
    const row = (id: string, name: string) =>
      `${id},${name},ben.marsh@hartwell.example,ada.okoye@hartwell.example,1/15/2026,3/31/2026,12.5,Acme Corp,`;
    const file = [
      header,
      row("M-1", "One"),
      row("M-2", "Smith, Jones"),
      row("M-3", "Three"),
      row("M-4", "A, B"),
      row("M-5", "C, D"),
    ].join("\n");
    const { code, out } = await runCliInMemory(
      ["validate", "matters", "m.csv", "--org", org],
      (io) => {
        io.readFile = async (path) =>
          path === "m.csv" ? new TextEncoder().encode(file) : readFile(path);
        io.fileSize = async () => file.length;
      },
    );
    expect(code).toBe(ExitCode.INVALID);
    expect(out).toContain("COLUMN_COUNT_MISMATCH (row 2)");
    expect(out).toContain("Rows 4 and 5 also have a field count other than the header's 9.");
  });
});

describe("rpdi validate matters --review-cycle with a cycle the snapshot lacks", () => {
  it("lists the organization's review cycles, id and name, in place of the usage", async () => {
    const { code, err } = await run(
      "validate",
      "matters",
      fixture("bom"),
      "--org",
      org,
      "--review-cycle",
      "nope",
    );
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toBe(
      `rpdi: ${org} has no review cycle "nope"; its review cycles are:\n  ID                                    NAME\n  ${CYCLE}  2026 annual review\n`,
    );
  });

  it("takes a cycle's id in capitals, as ids are compared canonically", async () => {
    const { code } = await run(
      "validate",
      "matters",
      fixture("upsert-changes"),
      "--org",
      org,
      "--review-cycle",
      CYCLE.toUpperCase(),
    );
    expect(code).toBe(ExitCode.VALID);
  });
});
