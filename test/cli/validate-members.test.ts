import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");
const fixture = (name: string) => join(FIXTURES, "members", `${name}.csv`);

const run = (...args: string[]) => runCliInMemory(args);

describe("rpdi validate members", () => {
  it("prints the would-be 200 body with --json and exits 0 for a valid file", async () => {
    const { code, out } = await run(
      "validate",
      "members",
      fixture("valid-recruit"),
      "--product",
      "RECRUIT",
      "--org",
      org,
      "--json",
    );
    expect(code).toBe(ExitCode.VALID);
    expect(JSON.parse(out)).toEqual({
      createdCount: 1,
      updatedCount: 1,
      absentMembers: [
        { email: "Chloe.Dubois@hartwell.example", firstName: "Chloe", lastName: "Dubois" },
      ],
    });
  });

  it("prints the exact 400 body with --json and exits 1 for an invalid file", async () => {
    const { code, out } = await run(
      "validate",
      "members",
      fixture("duplicate-employee-id"),
      "--product",
      "PERFORM",
      "--org",
      org,
      "--json",
    );
    const expected = JSON.parse(
      await readFile(join(FIXTURES, "members/duplicate-employee-id.json"), "utf8"),
    ).expected;
    expect(code).toBe(ExitCode.INVALID);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("prints a table of row, spreadsheet row, column, value and message and a one-line summary without --json", async () => {
    const { code, out } = await run(
      "validate",
      "members",
      fixture("role-values"),
      "--product",
      "PERFORM",
      "--org",
      org,
    );
    expect(code).toBe(ExitCode.INVALID);
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ROW\s+SPREADSHEET ROW\s+COLUMN\s+VALUE\s+TYPE\s+MESSAGE$/);
    expect(lines[1]).toMatch(
      /^4\s+5\s+Role\s+Admin\s+INVALID_LIST_SELECTION\s+Role "Admin" must be one of/,
    );
    expect(lines.at(-1)).toContain("2 problems on 2 rows");
  });

  it("reports a file error on one line", async () => {
    const { code, out } = await run(
      "validate",
      "members",
      fixture("file-utf16le"),
      "--product",
      "UNI",
      "--org",
      org,
    );
    expect(code).toBe(ExitCode.INVALID);
    expect(out).toMatch(
      /^✗ .*file-utf16le\.csv: INVALID_FILE_FORMAT: The file is encoded as UTF-16/,
    );
  });

  it("refuses an oversized file from its size alone", async () => {
    const { code, out } = await run(
      "validate",
      "members",
      fixture("file-too-large"),
      "--product",
      "UNI",
      "--org",
      org,
      "--json",
    );
    expect(code).toBe(ExitCode.INVALID);
    expect(JSON.parse(out).fileError.type).toBe("FILE_SIZE_EXCEEDED");
  });

  it.each([
    [["validate", "members", "x.csv", "--org", org], "--product must be one of"],
    [
      ["validate", "members", "x.csv", "--product", "perform", "--org", org],
      "--product must be one of",
    ],
    [["validate", "members", "x.csv", "--product", "UNI"], "--org"],
    [["validate", "teams", "x.csv"], '"validate" takes "members"'],
    [["validate", "members", "--product", "UNI", "--org", org], "no file given"],
    [["validate", "members", "x.csv", "--bogus"], "unknown option --bogus"],
  ])("exits 2 with a usage message for %j", async (args, message) => {
    const { code, err } = await run(...args);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain(message);
    expect(err).toContain("Usage:");
  });

  it.each([
    [["validate", "members", "nope.csv", "--product", "UNI", "--org", org], "cannot read nope.csv"],
    [
      ["validate", "members", "x.csv", "--product", "UNI", "--org", fixture("valid-uni")],
      "cannot read the organization snapshot",
    ],
  ])(
    "exits 2 with one line, without the usage, for a file it cannot read: %j",
    async (args, message) => {
      const { code, err } = await run(...args);
      expect(code).toBe(ExitCode.USAGE);
      expect(err).toContain(message);
      expect(err.trimEnd().split("\n")).toHaveLength(1);
    },
  );

  it("exits 2 naming each problem of a snapshot that does not match the schema", async () => {
    const { code, err } = await runCliInMemory(
      ["validate", "members", fixture("valid-uni"), "--product", "UNI", "--org", "bad.json"],
      (io) => {
        io.readFile = async (path) =>
          path.endsWith(".json")
            ? new TextEncoder().encode('{"organization":{"id":1}}')
            : readFile(path);
      },
    );
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain("organization.id");
  });
});

describe("rpdi validate members under a header problem", () => {
  it("shows the file error, then the rows judged on the recognized columns, marked as such; --json stays the spec's body", async () => {
    const file = "First Name,Last Name,Email,Departmnet\nA,B,bad,Tax\nC,D,ok@x.example,\n";
    const serve = (io: Parameters<NonNullable<Parameters<typeof runCliInMemory>[1]>>[0]) => {
      const readFile = io.readFile;
      io.readFile = async (path) =>
        path === "h.csv" ? new TextEncoder().encode(file) : readFile(path);
      io.fileSize = async () => file.length;
    };
    const args = ["validate", "members", "h.csv", "--product", "PERFORM", "--org", org];
    const { code, out, err, written } = await runCliInMemory([...args, "--report", "r.csv"], serve);
    expect(code).toBe(ExitCode.INVALID);
    const lines = out.split("\n");
    expect(lines[0]).toContain(
      'UNEXPECTED_COLUMNS: Unrecognized column: "Departmnet" (did you mean "Department"?)',
    );
    expect(lines[1]).toContain("Also found in the columns the header recognizes");
    expect(lines[3]).toMatch(/^1\s+2\s+Email\s+bad\s+INVALID_EMAIL\s/);
    expect(lines).toHaveLength(5);
    expect([written.size, err]).toEqual([
      0,
      "rpdi: no report written to r.csv: the file has a file error (UNEXPECTED_COLUMNS), and a report annotates rows, which are judged once the file error is fixed.\n",
    ]);
    const json = await runCliInMemory([...args, "--json"], serve);
    expect(JSON.parse(json.out).rowColumnErrors).toEqual([]);
  });
});

describe("rpdi validate members says which rows it did not check", () => {
  const withFile =
    (text: string) => (io: Parameters<NonNullable<Parameters<typeof runCliInMemory>[1]>>[0]) => {
      const readFile = io.readFile;
      io.readFile = async (path) =>
        path === "h.csv" ? new TextEncoder().encode(text) : readFile(path);
      io.fileSize = async () => text.length;
    };
  const args = ["validate", "members", "h.csv", "--product", "PERFORM", "--org", org];

  it("never gives the all-clear under a header problem while rows of another length were skipped", async () => {
    const file =
      "First Name,Last Name,Email,Departmnet\nA,B,a@x.example,\nC,D,c@x.example,,extra\nE,F,e@x.example,\n,,,\nG,H,g@x.example,1,2,3\n";
    const { code, out } = await runCliInMemory(args, withFile(file));
    expect(code).toBe(ExitCode.INVALID);
    expect(out).not.toContain("The rows pass every rule");
    expect(out).toContain("The other rows pass every rule of the columns the header recognizes.");
    expect(out).toContain(
      "Rows 2 and 5 were not checked: they have 5 or 6 fields where the header has 4.",
    );
  });

  it("names a few skipped rows, then counts the rest, and says so under row errors too", async () => {
    const wrong = Array.from({ length: 8 }, (_, index) => `W,${index},w${index}@x.example,,x`);
    const file = `First Name,Last Name,Email,Departmnet\nA,B,bad,\n${wrong.join("\n")}\n`;
    const { out } = await runCliInMemory(args, withFile(file));
    expect(out).toMatch(/^1\s+2\s+Email\s+bad\s+INVALID_EMAIL\s/m);
    expect(out).toContain(
      "Rows 2, 3, 4, 5, 6 and 3 others were not checked: they have 5 fields where the header has 4.",
    );
  });

  it("under a file error naming the first row of the wrong length, names the others", async () => {
    const file =
      "First Name,Last Name,Email\nA,B,a@x.example,1\nC,D,c@x.example\nE,F,e@x.example,2\n";
    const { out } = await runCliInMemory(args, withFile(file));
    expect(out).toContain("Row 1 has 4 values but the header has 3 columns");
    expect(out).toContain("Row 3 also has a field count other than the header's 3.");
  });
});

describe("rpdi validate under the size limit", () => {
  it("keeps the interface's message and says the limit is 10 MiB beside it, for members and matters", async () => {
    const members = await run(
      "validate",
      "members",
      fixture("file-too-large"),
      "--product",
      "UNI",
      "--org",
      org,
    );
    expect(members.out).toContain("the limit is 10 MB (10,485,760 bytes).");
    expect(members.out).toContain(
      "  The limit is 10 MiB (10,485,760 bytes); the interface's message says 10 MB, the spec's word for it.",
    );
    const matters = await run(
      "validate",
      "matters",
      join(FIXTURES, "matters", "file-too-large.csv"),
      "--org",
      org,
    );
    expect(matters.out).toContain("INVALID_FILE_SIZE");
    expect(matters.out).toContain("The limit is 10 MiB (10,485,760 bytes)");
  });
});
