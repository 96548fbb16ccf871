import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");

const serving =
  (text: string) => (io: Parameters<NonNullable<Parameters<typeof runCliInMemory>[1]>>[0]) => {
    io.readFile = async (path) =>
      path === "f.csv" ? new TextEncoder().encode(text) : readFile(path);
    io.fileSize = async () => text.length;
  };

const members = (args: string[], text: string) =>
  runCliInMemory(
    ["validate", "members", "f.csv", "--product", "PERFORM", "--org", org, ...args],
    serving(text),
  );

describe("rpdi validate says when a file seems to use another separator than commas", () => {
  it.each([
    [";", "semicolons"],
    ["\t", "tabs"],
    ["|", "vertical bars (|)"],
  ])(
    "members separated by %j: the interface's file error, then the hint",
    async (delimiter, name) => {
      const text = `${["Email", "First Name", "Last Name"].join(delimiter)}\n${["a@x.example", "A", "B"].join(delimiter)}\n`;
      const { code, out } = await members([], text);
      expect(code).toBe(ExitCode.INVALID);
      const lines = out.trimEnd().split("\n");
      expect(lines[0]).toContain("UNEXPECTED_COLUMNS: Unrecognized column");
      expect(lines[1]).toBe(
        `  The file seems to separate fields with ${name}; the interface reads commas only: save it as CSV with commas ("CSV UTF-8 (Comma delimited)" in Excel).`,
      );
      expect(lines).toHaveLength(2);
    },
  );

  it("keeps --json the interface's body and puts the hint on stderr", async () => {
    const { out, err } = await members(["--json"], "Email;First Name;Last Name\na@x.example;A;B\n");
    expect(JSON.parse(out).fileError).toEqual({
      type: "UNEXPECTED_COLUMNS",
      message: expect.stringContaining('Unrecognized column: "Email;First Name;Last Name"'),
    });
    expect(err).toContain("rpdi: the file seems to separate fields with semicolons");
  });

  it("says nothing of separators for a misspelt column or a cell that merely holds one", async () => {
    const misspelt = await members(
      [],
      "Email,First Name,Last Name,Departmnet\na@x.example,A,B,Tax\n",
    );
    expect(misspelt.out).not.toContain("separate fields");
    const odd = await members([], "Email,First Name,Last Name,Notes;Remarks\na@x.example,A,B,x\n");
    expect(odd.out).not.toContain("separate fields");
  });

  it("gives matters the same hint", async () => {
    const header =
      "Matter ID;Matter Name;Attorney Email;Billing Attorney Email;Start Date;End Date;Hours Billed;Client Name;Description";
    const { code, out } = await runCliInMemory(
      ["validate", "matters", "f.csv", "--org", org],
      serving(`${header}\nM-1;One;a@x.example;b@x.example;1/15/2026;3/31/2026;1;Acme;\n`),
    );
    expect(code).toBe(ExitCode.INVALID);
    expect(out).toContain("UNREADABLE_FILE");
    expect(out).toContain("The file seems to separate fields with semicolons");
  });
});
