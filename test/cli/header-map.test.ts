import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");
const SPEC_MEMBERS = join(FIXTURES, "members", "valid-recruit.csv");
const SPEC_MATTERS = join(FIXTURES, "matters", "attorneys.csv");
const EXPORT = "/virtual/hris-export.csv";

/** Runs the CLI with `EXPORT` reading as `text`; other paths from disk. */
function run(text: string, ...args: string[]) {
  return runCliInMemory(args, (io) => {
    const readFile = io.readFile;
    const fileSize = io.fileSize;
    const bytes = new TextEncoder().encode(text);
    io.readFile = async (path) => (path === EXPORT ? bytes : readFile(path));
    io.fileSize = async (path) => (path === EXPORT ? bytes.byteLength : fileSize(path));
  });
}

/** The spec file with its header row replaced. */
function exported(spec: string, header: string): string {
  const text = readFileSync(spec, "utf8");
  return `${header}${text.slice(text.indexOf("\n"))}`;
}

const members = (text: string, ...args: string[]) =>
  run(text, "validate", "members", EXPORT, "--product", "RECRUIT", "--org", org, "--json", ...args);

describe("rpdi validate members --map / --auto-map", () => {
  const hris = exported(SPEC_MEMBERS, "Given Name,Surname,E-mail Address");

  it("refuses the export's headers without a mapping, as the interface does", async () => {
    const { code, out } = await members(hris);
    expect(code).toBe(ExitCode.INVALID);
    expect(JSON.parse(out).fileError.type).toBe("UNEXPECTED_COLUMNS");
  });

  it("--map (repeatable) validates the export as the file with the spec's headers, printing the mapping on stderr", async () => {
    const spec = await run(
      readFileSync(SPEC_MEMBERS, "utf8"),
      ..."validate members /virtual/hris-export.csv --product RECRUIT --json --org".split(" "),
      org,
    );
    const mapped = await members(
      hris,
      "--map",
      "Given Name=First Name",
      "--map",
      "Surname=Last Name",
      "--map",
      "E-mail Address=email",
    );
    expect([mapped.code, JSON.parse(mapped.out)]).toEqual([ExitCode.VALID, JSON.parse(spec.out)]);
    expect(mapped.err).toBe(
      'rpdi: header mapping used: "Given Name" → First Name, "Surname" → Last Name, "E-mail Address" → email\n',
    );
  });

  it("--auto-map applies the sure suggestions, prints them, and lists the unsure ones without applying them", async () => {
    const { code, out, err } = await members(
      exported(SPEC_MEMBERS, "Given Name,Surname,E-mail Address,Manager")
        .replaceAll("\n", ",\n")
        .replace(/,\n$/, "\n"),
      "--auto-map",
    );
    expect(err).toBe(
      'rpdi: header mapping used: "Given Name" → First Name, "Surname" → Last Name, "E-mail Address" → Email\n' +
        'rpdi: not mapped, below 85% (add --map to use): "Manager" (maybe Manager Email, 55%)\n',
    );
    expect(code).toBe(ExitCode.INVALID);
    expect(JSON.parse(out).fileError).toEqual({
      type: "UNEXPECTED_COLUMNS",
      message: expect.stringContaining('"Manager"'),
    });
  });

  it("--auto-map on a file with the spec's headers maps nothing and answers as without it", async () => {
    const text = readFileSync(SPEC_MEMBERS, "utf8");
    const plain = await members(text);
    const auto = await members(text, "--auto-map");
    expect([auto.code, auto.out, auto.err]).toEqual([
      plain.code,
      plain.out,
      "rpdi: header mapping used: none\n",
    ]);
  });

  it("lets --map win over --auto-map for the same header", async () => {
    const { err } = await members(
      exported(SPEC_MEMBERS, "Given Name,Surname,Work Email"),
      "--auto-map",
      "--map",
      "Work Email=Email",
    );
    expect(err).toBe(
      'rpdi: header mapping used: "Given Name" → First Name, "Surname" → Last Name, "Work Email" → Email\n',
    );
  });

  it("answers a mapping that does not fit the file as a usage error", async () => {
    const unknown = await members(hris, "--map", "Given=First Name");
    expect([unknown.code, unknown.err]).toEqual([
      ExitCode.USAGE,
      `rpdi: ${EXPORT}: The header has no column "Given".\n`,
    ]);
    const twice = await members(hris, "--map", "Given Name=Email", "--map", "E-mail Address=Email");
    expect(twice.code).toBe(ExitCode.USAGE);
    expect(twice.err).toContain('would both be "Email"');
    const malformed = await members(hris, "--map", "Given Name");
    expect(malformed.code).toBe(ExitCode.USAGE);
    expect(malformed.err).toContain('--map "Given Name" is not <header>=<column>');
  });

  it("is refused by rpdi serve and suggested for a slip", async () => {
    expect((await run("", "serve", "--auto-map")).err).toContain(
      "--auto-map applies to rpdi validate, not rpdi serve",
    );
    expect((await members(hris, "--auto-mapp")).err).toContain("--auto-map");
  });
});

describe("rpdi validate matters --auto-map", () => {
  it("validates a practice-management export as the file with the spec's headers", async () => {
    const header =
      "Matter Number,Matter Title,Timekeeper Email,Billing Partner Email,Open Date,Close Date,Billed Hours,Client,Matter Description";
    const args = ["--org", org, "--json"];
    const spec = await run(
      readFileSync(SPEC_MATTERS, "utf8"),
      "validate",
      "matters",
      EXPORT,
      ...args,
    );
    const mapped = await run(
      exported(SPEC_MATTERS, header),
      "validate",
      "matters",
      EXPORT,
      ...args,
      "--auto-map",
      "--map",
      "Matter Title=Matter Name",
    );
    expect(JSON.parse(mapped.out)).toEqual(JSON.parse(spec.out));
    expect(mapped.code).toBe(spec.code);
    expect(mapped.err).toContain('"Matter Number" → Matter ID');
  });
});
