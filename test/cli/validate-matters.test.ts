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

  it("prints a row and columns table for failing rows, and the file error with its row", async () => {
    const table = await run("validate", "matters", fixture("dates"), "--org", org);
    expect(table.code).toBe(ExitCode.INVALID);
    expect(table.out.split("\n")[0]).toMatch(/^ROW\s+COLUMNS WITH ERRORS$/);
    expect(table.out).toMatch(/\n6\s+Start Date, End Date\n/);
    const file = await run("validate", "matters", fixture("unquoted-comma"), "--org", org);
    expect(file.out).toMatch(/COLUMN_COUNT_MISMATCH \(row 2\): Row 2 has 10 values/);
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
