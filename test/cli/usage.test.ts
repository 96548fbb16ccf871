import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const COMMANDS = [
  ["serve"],
  ["validate"],
  ["validate", "members"],
  ["validate", "matters"],
  ["lists"],
  ["feed", "pull"],
  ["feed", "sync"],
  ["totp"],
  ["examples"],
  ["outbox"],
];

describe("rpdi <command> --help", () => {
  it.each(COMMANDS)(
    "%s %s prints that command's usage and a sentence per option",
    async (...words) => {
      const { code, out, err } = await runCliInMemory([...words, "--help"]);
      expect([code, err]).toEqual([ExitCode.VALID, ""]);
      expect(out).toMatch(new RegExp(`^Usage:\\n  rpdi ${words.join(" ")}`));
      expect(out).toContain("Exit status:");
      if (words[0] !== "totp" && words[0] !== "examples") {
        const options = out.slice(out.indexOf("\nOptions:\n"));
        expect(options).toMatch(/\n {2}--[\w-]+.* {2}[A-Z].*\./);
      }
      for (const line of out.match(/^ {2}rpdi .*/gm) ?? [])
        expect(line.startsWith(`  rpdi ${words[0]}`)).toBe(true);
    },
  );

  it("keeps the overview for rpdi --help, with every command's usage", async () => {
    const { code, out } = await runCliInMemory(["--help"]);
    expect(code).toBe(ExitCode.VALID);
    for (const line of [
      "rpdi serve",
      "rpdi validate members",
      "rpdi validate matters",
      "rpdi lists",
      "rpdi feed pull",
      "rpdi feed sync",
      "rpdi totp",
      "rpdi outbox deliver",
    ])
      expect(out).toContain(`\n  ${line} `);
    expect(out).toContain('Run "rpdi <command> --help"');
  });

  it("describes options, e.g. --all and --report for validate members", async () => {
    const { out } = await runCliInMemory(["validate", "members", "--help"]);
    expect(out).toMatch(/\n {2}--all +Print every row's errors;/);
    expect(out).toMatch(/\n {2}--product <product> +The product the file is imported for: /);
  });
});

describe("usage errors are short", () => {
  it("prints the error and that command's usage lines alone", async () => {
    const { code, err } = await runCliInMemory([
      "validate",
      "members",
      "x.csv",
      "--product",
      "UNI",
    ]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toBe(
      `rpdi: --org <snapshot.json> is required\n\nUsage:\n  rpdi validate members <file.csv> --product <RECRUIT|PERFORM|UNI> --org <snapshot.json> [--map <header=Column> …] [--auto-map] [--json] [--report <errors.csv>] [--all] [--now <ISO time>]\nRun "rpdi validate members --help" for what each option does.\n`,
    );
  });

  it("names the commands after an error with no command, without the whole usage", async () => {
    const { code, err } = await runCliInMemory([]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toBe(
      "rpdi: no command given\nThe commands are serve, validate, lists, feed, totp, examples, outbox, jobs, org, applications; rpdi --help shows their usage.\n",
    );
  });

  it("keeps outbox's usage errors to outbox's usage", async () => {
    const { code, err } = await runCliInMemory([
      "outbox",
      "deliver",
      "--database-url",
      "postgres://x",
      "--batch",
      "0",
    ]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain("rpdi: --batch must be a positive whole number");
    expect(err).toContain("\n  rpdi outbox deliver --database-url");
    expect(err).not.toContain("rpdi serve");
    expect(err.split("\n").length).toBeLessThan(8);
  });
});

describe("did you mean", () => {
  it.each([
    [["valdate", "members", "x.csv"], 'unknown command "valdate"; did you mean "validate"?'],
    [["serv"], 'unknown command "serv"; did you mean "serve"?'],
    [
      ["validate", "memebrs", "x.csv"],
      '"validate" takes "members" or "matters", not "memebrs"; did you mean "members"?',
    ],
    [["feed", "pul"], '"feed" takes "pull" or "sync", not "pul"; did you mean "pull"?'],
    [["outbox", "delivr"], '"outbox" takes "deliver", not "delivr"; did you mean "deliver"?'],
    [["validate", "members", "x.csv", "--jsn"], "unknown option --jsn; did you mean --json?"],
    [
      ["validate", "matters", "x.csv", "--review-cylce", "x"],
      "unknown option --review-cylce; did you mean --review-cycle?",
    ],
    [["serve", "--prot", "1"], "unknown option --prot; did you mean --port?"],
    [["outbox", "deliver", "--onse"], "unknown option --onse; did you mean --once?"],
    [
      ["validate", "members", "x.csv", "--org", "o.json", "--product", "perform"],
      '--product must be one of RECRUIT, PERFORM, UNI; did you mean "PERFORM"?',
    ],
  ])("%j: %s", async (args, message) => {
    const { code, err } = await runCliInMemory(args);
    expect(code).toBe(ExitCode.USAGE);
    expect(err.split("\n")[0]).toBe(`rpdi: ${message}`);
  });

  it.each([
    [["frobnicate"], 'unknown command "frobnicate"'],
    [["validate", "members", "x.csv", "--bogus"], "unknown option --bogus"],
    [["validate", "members", "x.csv", "--j"], "unknown option --j"],
  ])("suggests nothing far from every candidate: %j", async (args, message) => {
    const { err } = await runCliInMemory(args);
    expect(err.split("\n")[0]).toBe(`rpdi: ${message}`);
  });

  it("suggests a list's name for rpdi lists", async () => {
    const { code, err } = await runCliInMemory(["lists", join(FIXTURES, "org.json"), "ofices"]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err.split("\n")[0]).toBe(
      'rpdi: unknown list "ofices"; the lists are offices, departments, practice-areas, law-schools, levels; did you mean "offices"?',
    );
  });

  it("rephrases an option missing its value or a switch given one", async () => {
    expect(
      (await runCliInMemory(["validate", "members", "x.csv", "--org"])).err.split("\n")[0],
    ).toBe("rpdi: --org needs a value");
    expect(
      (await runCliInMemory(["validate", "members", "x.csv", "--json=yes"])).err.split("\n")[0],
    ).toBe("rpdi: --json takes no value");
  });
});

describe("options before the command", () => {
  it("still find the command's help and usage", async () => {
    const help = await runCliInMemory(["--org", "o.json", "validate", "matters", "--help"]);
    expect(help.out).toMatch(/^Usage:\n {2}rpdi validate matters /);
    const { code, err } = await runCliInMemory(["--json", "validate", "members", "x.csv", "--jsn"]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain("\n  rpdi validate members <file.csv>");
  });
});

describe("options of another command", () => {
  it.each([["--all"], ["--org", "org.json"], ["--json"], ["--review-cycle", "x"]])(
    "rpdi serve %s is a usage error, not an option silently ignored",
    async (...option) => {
      const { code, err } = await runCliInMemory(["serve", ...option]);
      expect(code).toBe(ExitCode.USAGE);
      expect(err.split("\n")[0]).toBe(
        `rpdi: ${option[0]} applies to rpdi validate, not rpdi serve`,
      );
    },
  );
});
