import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");

const serving =
  (name: string, text: string) =>
  (io: Parameters<NonNullable<Parameters<typeof runCliInMemory>[1]>>[0]) => {
    io.readFile = async (path) => (path === name ? new TextEncoder().encode(text) : readFile(path));
    io.fileSize = async () => text.length;
  };

/** 60 rows, each with a bad email; rows 51 to 60 also lack a last name. */
const members = `First Name,Last Name,Email\n${Array.from(
  { length: 60 },
  (_, index) => `A${index},${index < 50 ? "B" : ""},not-an-email-${index}`,
).join("\n")}\n`;

describe("rpdi validate members caps its error table", () => {
  const args = ["validate", "members", "m.csv", "--product", "PERFORM", "--org", org];

  it("shows the first 50 rows' errors, then counts the rest by type and by column", async () => {
    const { code, out } = await runCliInMemory(args, serving("m.csv", members));
    expect(code).toBe(ExitCode.INVALID);
    const lines = out.trimEnd().split("\n");
    expect(lines.filter((line) => /^\d+\s+\d+\s/.test(line))).toHaveLength(50);
    expect(out).toMatch(/^50\s+51\s+Email\s/m);
    expect(out).not.toMatch(/^51\s+52\s/m);
    expect(out).toContain(
      "… and 20 more problems on 10 more rows, not shown; --all shows every one, --report <file> writes them beside their rows:",
    );
    expect(out).toMatch(/^TYPE\s+PROBLEMS\n/m);
    expect(out).toMatch(/^COLUMN\s+PROBLEMS\n/m);
    expect(out).toMatch(/^Email\s+10$/m);
    expect(out).toMatch(/^Last Name\s+10$/m);
    expect(lines.at(-1)).toContain("70 problems on 60 rows");
  });

  it("writes large counts with thousands separators", async () => {
    const rows = Array.from({ length: 1200 }, (_, index) => `A${index},B,bad-${index}`);
    const { out } = await runCliInMemory(
      args,
      serving("m.csv", `First Name,Last Name,Email\n${rows.join("\n")}\n`),
    );
    expect(out).toContain("… and 1,150 more problems on 1,150 more rows, not shown");
    expect(out.trimEnd().split("\n").at(-1)).toContain("1,200 problems on 1,200 rows");
  });

  it("prints every error with --all, and --json and --report stay complete", async () => {
    const all = await runCliInMemory([...args, "--all"], serving("m.csv", members));
    expect(all.out.split("\n").filter((line) => /^\d+\s+\d+\s/.test(line))).toHaveLength(70);
    expect(all.out).not.toContain("not shown");
    const json = await runCliInMemory([...args, "--json"], serving("m.csv", members));
    expect(JSON.parse(json.out).rowColumnErrors).toHaveLength(70);
    const report = await runCliInMemory([...args, "--report", "r.csv"], serving("m.csv", members));
    expect(report.written.get("r.csv")).toContain("not-an-email-59");
  });
});

describe("rpdi validate matters caps its problem table", () => {
  const header =
    "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description";
  const matters = `${header}\n${Array.from(
    { length: 55 },
    (_, index) =>
      `M-${index},Matter ${index},ben.marsh@hartwell.example,ada.okoye@hartwell.example,1/15/2026,3/31/2026,lots,Acme Corp,`,
  ).join("\n")}\n`;
  const args = ["validate", "matters", "m.csv", "--org", org];

  it("shows the first 50 rows' problems, then counts the rest by rule and by column; --all shows all", async () => {
    const { code, out } = await runCliInMemory(args, serving("m.csv", matters));
    expect(code).toBe(ExitCode.INVALID);
    expect(out.split("\n").filter((line) => /^\d+\s+\d+\s/.test(line))).toHaveLength(50);
    expect(out).toContain("… and 5 more problems on 5 more rows, not shown");
    expect(out).toMatch(/^RULE\s+PROBLEMS\n/m);
    expect(out).toMatch(/^Hours Billed\s+5$/m);
    const all = await runCliInMemory([...args, "--all"], serving("m.csv", matters));
    expect(all.out.split("\n").filter((line) => /^\d+\s+\d+\s/.test(line))).toHaveLength(55);
    const json = await runCliInMemory([...args, "--json"], serving("m.csv", matters));
    expect(JSON.parse(json.out).rowErrors).toHaveLength(55);
  });
});
