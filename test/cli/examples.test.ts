import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { exampleFiles, exampleOrganization, sandboxOrganization } from "../../src/examples";
import { readCsvHeaderCells, remapMemberCsv } from "../../src/mapping/remap";
import { acceptedColumnMapping, suggestMemberColumns } from "../../src/mapping/suggest";
import { validateMatterCsv } from "../../src/matters/validate";
import { validateMemberCsv } from "../../src/members/validate";
import { runCliInMemory } from "../support/cli";
import { cliFromSource, ROOT } from "../support/serve";

const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

describe("rpdi/examples", () => {
  it("answers the repository's fixtures, a fresh copy each time", () => {
    expect(exampleOrganization()).toEqual(exampleOrganization());
    const first = exampleOrganization();
    first.members.length = 0;
    expect(exampleOrganization().members.length).toBeGreaterThan(0);
    expect(sandboxOrganization().organization.shortName).toBe("sandbox");
    for (const [name, text] of Object.entries(exampleFiles))
      expect(text).toBe(readFileSync(join(ROOT, "fixtures", name), "utf8"));
  });

  it("holds files that are what the guides say: new hires valid, the mistakes and reasons not", () => {
    const { organization, members } = exampleOrganization();
    const now = new Date("2026-06-15T00:00:00Z");
    const members_ = (csv: string) =>
      validateMemberCsv(csv, { product: "PERFORM", organization, members, now }).ok;
    expect(members_(exampleFiles["demo/new-hires.csv"])).toBe(true);
    expect(members_(exampleFiles["demo/new-hires-with-mistakes.csv"])).toBe(false);
    // The export is refused as written; its header mapped, it is the new hires.
    expect(members_(exampleFiles["demo/hris-export.csv"])).toBe(false);
    const header = readCsvHeaderCells(exampleFiles["demo/hris-export.csv"]);
    const remapped = remapMemberCsv(exampleFiles["demo/hris-export.csv"], {
      ...Object.fromEntries(
        acceptedColumnMapping(suggestMemberColumns(header.ok ? header.cells : [])),
      ),
      Mentors: "Mentor Emails",
    });
    expect(remapped.ok && remapped.file).toBe(exampleFiles["demo/new-hires.csv"]);
    const performEmails = members
      .filter((member) => member.products.some((access) => access.product === "PERFORM"))
      .map((member) => member.email);
    const matters = (csv: string) =>
      validateMatterCsv(csv, { ruleSet: "upsert", performMemberEmails: performEmails });
    expect(matters(exampleFiles["matters/upsert-changes.csv"]).rowErrors).toEqual([]);
    expect(matters(exampleFiles["matters/reasons.csv"]).rowErrors.length).toBeGreaterThan(0);
  });
});

describe("rpdi examples", () => {
  it("writes the organizations and files under the directory, keeping what is already there", async () => {
    const { code, out, written } = await runCliInMemory(["examples", "somewhere/"]);
    expect(code).toBe(ExitCode.VALID);
    expect([...written.keys()].sort()).toEqual([
      "somewhere/demo/hris-export.csv",
      "somewhere/demo/new-hires-with-mistakes.csv",
      "somewhere/demo/new-hires.csv",
      "somewhere/matters/reasons.csv",
      "somewhere/matters/upsert-changes.csv",
      "somewhere/org.json",
      "somewhere/sandbox.json",
    ]);
    expect(JSON.parse(written.get("somewhere/org.json") ?? "")).toEqual(exampleOrganization());
    expect(out).toContain("written somewhere/org.json\n");
  });

  it("writes under ./fixtures by default, and the guides' commands run on what it wrote", () => {
    const dir = mkdtempSync(join(tmpdir(), "rpdi-examples-"));
    writeFileSync(join(dir, "keep.txt"), "");
    const cli = (args: string[]) =>
      // From another directory, tsx is named by its file: `--import tsx` resolves from the cwd.
      execFileSync(
        process.execPath,
        cliFromSource(...args).map((arg) => (arg === "tsx" ? TSX : arg)),
        { cwd: dir, encoding: "utf8" },
      );
    expect(cli(["examples"])).toContain("written fixtures/demo/new-hires.csv");
    expect(cli(["examples"])).toContain("kept    fixtures/org.json (already there)");
    expect(
      cli([
        "validate",
        "members",
        "fixtures/demo/new-hires.csv",
        "--product",
        "PERFORM",
        "--org",
        "fixtures/org.json",
      ]),
    ).toMatch(/valid for PERFORM/);
  });
});
