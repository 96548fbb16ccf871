import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHttpHandler, createImportWorkerPool } from "../../src/http/index";
import {
  CellProblem,
  checkCsv,
  checkMatterCsv,
  createMemoryStore,
  defineMessages,
  ENGLISH_MESSAGES,
  importMembers,
  isTemplateCatalog,
  type MemberValidationResult,
  type PartialMessageCatalog,
  performMemberEmails,
  renderMessage,
  validateMemberCsv,
} from "../../src/index";
import { createMemberRuleContext } from "../../src/members/rule-context";
import { readMemberRows } from "../../src/members/validate";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "../http/support";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";

const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
const orgId = snapshot.organization.id;
const memberFixture = (name: string) => readFileSync(join(FIXTURES, "members", `${name}.csv`));
const matterFixture = (name: string) => readFileSync(join(FIXTURES, "matters", `${name}.csv`));

const validate = (file: Uint8Array | string, messages?: PartialMessageCatalog) => {
  const verdict = validateMemberCsv(file, {
    product: "PERFORM",
    organization: snapshot.organization,
    members: snapshot.members,
    now: FIXTURE_NOW,
    ...(messages === undefined ? {} : { messages }),
  });
  if (verdict.ok) throw new Error("expected a 400 body");
  return verdict.result;
};

/** German for two keys, as templates: plain data that crosses to a worker thread. */
const GERMAN = defineMessages({
  "member.EMPTY_REQUIRED_VALUE.blank": "{column} fehlt.",
  "member.UNEXPECTED_COLUMNS.unrecognized": "Unbekannte Spalten: {columns}.",
  "matter.UNREADABLE_FILE.header": "Kopfzeile: es fehlen {missing}.",
  "matter.REQUIRED_VALUE_MISSING.blank": "{column} ist leer.",
});

describe("a host's catalog", () => {
  it("a partial catalog replaces its keys and leaves every other message in English", () => {
    const file = "First Name,Last Name,Email\n,Lee,ann.lee@hartwell.example\nBo,Ray,not-an-email\n";
    const english = validate(file);
    const german = validate(file, GERMAN);
    expect(german.rowColumnErrors.length).toBe(english.rowColumnErrors.length);
    let replaced = 0;
    german.rowColumnErrors.forEach((error, index) => {
      const before = english.rowColumnErrors[index];
      expect({ ...error, message: "" }).toEqual({ ...before, message: "" });
      if (before?.message === `${error.columnName} is required.`) {
        expect(error.message).toBe(`${error.columnName} fehlt.`);
        replaced++;
      } else expect(error.message).toBe(before?.message);
    });
    expect(replaced).toBeGreaterThan(0);
    expect(replaced).toBeLessThan(german.rowColumnErrors.length);
  });

  it("without a catalog, and with an empty one, the messages are the English catalog's", () => {
    const file = memberFixture("duplicate-email");
    expect(validate(file, {})).toEqual(validate(file));
    expect(
      renderMessage(undefined, "member.INVALID_EMAIL.malformed", { column: "Email", value: "x" }),
    ).toBe('Email "x" is not a well-formed email address.');
  });

  it("a function entry receives the key's parameters; a template joins a list with commas", () => {
    // Typed as a plain partial catalog: only defineMessages checks placeholders, so {nothing} stays.
    const messages: PartialMessageCatalog = {
      "member.DUPLICATE_VALUE.repeated": ({ column, rows }) =>
        `${column}: Zeilen ${rows.join("+")}`,
      "member.UNEXPECTED_COLUMNS.unrecognized": "Unbekannt: {columns}; {nothing}",
    };
    const duplicates = validate(memberFixture("duplicate-email"), messages);
    expect(duplicates.rowColumnErrors[0]?.message).toMatch(/^Email: Zeilen \d+(\+\d+)+$/);
    const header = validate("First Name,Last Name,Email,Foo,Bar\n", messages);
    expect(header.fileError?.message).toBe("Unbekannt: Foo, Bar; {nothing}");
  });

  it("reaches the matter validators: the file error's description and each reason", () => {
    const options = {
      ruleSet: "upsert" as const,
      performMemberEmails: performMemberEmails(snapshot),
    };
    const header = checkMatterCsv("Matter ID,Client Name\n1,A\n", { ...options, messages: GERMAN });
    expect(header.result.fileError?.description).toMatch(/^Kopfzeile: es fehlen Matter Name, /);
    const required = checkMatterCsv(matterFixture("required-missing"), {
      ...options,
      messages: GERMAN,
    });
    const english = checkMatterCsv(matterFixture("required-missing"), options);
    expect(required.result).toEqual(english.result);
    expect(required.problems.map((problem) => problem.message)).toEqual(
      english.problems.map((problem) =>
        problem.rule === "REQUIRED_VALUE_MISSING" ? `${problem.column} ist leer.` : problem.message,
      ),
    );
  });

  it("a catalog of templates is plain data; one with a function entry is not", () => {
    expect(isTemplateCatalog(GERMAN)).toBe(true);
    expect(isTemplateCatalog(undefined)).toBe(true);
    expect(isTemplateCatalog({ "file.EMPTY.empty": undefined })).toBe(true);
    expect(isTemplateCatalog({ "file.EMPTY.empty": () => "leer" })).toBe(false);
    expect(structuredClone(GERMAN)).toEqual(GERMAN);
  });

  it("a CellProblem still tells its message in English", () => {
    const problem = new CellProblem("INVALID_URL", {
      key: "member.INVALID_URL.notWebAddress",
      params: { column: "Bio Link", value: "ftp://x" },
    });
    expect(problem.message).toBe('Bio Link "ftp://x" is not a valid web address.');
  });

  it("an own key only: a catalog inheriting an entry is not read through its prototype", () => {
    const inherited = Object.create({ "file.EMPTY.empty": "geerbt" }) as PartialMessageCatalog;
    expect(renderMessage(inherited, "file.EMPTY.empty", {})).toBe(
      ENGLISH_MESSAGES["file.EMPTY.empty"],
    );
  });
});

describe("a host's catalog on the worker pool", () => {
  const pool = createImportWorkerPool({ threads: 1, minBytes: 0 });
  afterAll(() => pool.close());

  const run = async (
    file: Uint8Array | string,
    messages: PartialMessageCatalog,
    onPool: boolean,
  ) => {
    const outcome = await importMembers(createMemoryStore(snapshot), {
      orgId,
      product: "PERFORM",
      file,
      now: FIXTURE_NOW,
      messages,
      ...(onPool ? { reader: pool.readMembers } : {}),
    });
    if (outcome.ok) throw new Error("expected a 400 body");
    return outcome.result as MemberValidationResult;
  };

  it("templates go with the file to the thread: file errors and row errors as in the calling thread", async () => {
    expect(await pool.ready()).toBe(true);
    for (const file of [memberFixture("required-blank"), "First Name,Last Name,Email,Foo\n"]) {
      const here = await run(file, GERMAN, false);
      expect(await run(file, GERMAN, true)).toEqual(here);
      expect(JSON.stringify(here)).toMatch(/fehlt|Unbekannte Spalten/);
    }
  });

  it("a catalog with a function entry is read in the calling thread, with the same answer", async () => {
    const messages: PartialMessageCatalog = {
      "member.EMPTY_REQUIRED_VALUE.blank": ({ column }) => `${column.toUpperCase()}!`,
    };
    const file = memberFixture("required-blank");
    const answer = await run(file, messages, true);
    expect(answer).toEqual(await run(file, messages, false));
    expect(answer.rowColumnErrors.map((error) => error.message)).toContain("FIRST NAME!");
    const checked = checkCsv(file);
    if (!checked.ok) throw new Error("unreadable fixture");
    const rules = createMemberRuleContext(
      snapshot.organization,
      "PERFORM",
      FIXTURE_NOW,
      null,
      messages,
    );
    const read = await pool.readMembers(checked.csv, rules);
    expect(read.ok).toBe(true);
    expect(readMemberRows(checked.csv, rules).ok).toBe(true);
  });

  it("matter files: templates on the thread, functions in the calling thread, the same check", async () => {
    const options = {
      ruleSet: "upsert" as const,
      performMemberEmails: performMemberEmails(snapshot),
    };
    for (const messages of [
      GERMAN,
      { "matter.REQUIRED_VALUE_MISSING.blank": () => "leer" },
    ] as PartialMessageCatalog[]) {
      const file = matterFixture("required-missing");
      const here = checkMatterCsv(file, { ...options, messages });
      expect(await pool.checkMatters(file, { ...options, messages })).toEqual(here);
    }
  });
});

describe("a host's catalog through the HTTP handler", () => {
  const pool = createImportWorkerPool({ threads: 1, minBytes: 0 });
  afterAll(() => pool.close());

  for (const [name, importWorkers] of [
    ["on its worker threads", pool],
    ["without threads", false],
  ] as const) {
    it(`member import and matter validation answer in the host's words, ${name}`, async () => {
      const handler = createHttpHandler({
        store: createMemoryStore(sandboxSnapshot()),
        tokenSecret: SECRET,
        now: () => new Date("2026-06-15T12:00:00Z"),
        messages: GERMAN,
        importWorkers,
      });
      const signIn = await handler(
        new Request(`${BASE}/app/sandbox/admin/auth/`, {
          method: "POST",
          body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
        }),
      );
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
      const post = (path: string, csv: string) =>
        handler(
          new Request(`${BASE}${path}`, { method: "POST", body: upload(csv), headers: { cookie } }),
        );
      const members = await post(
        "/api/v2/members/import-csv?product=PERFORM",
        "First Name,Last Name,Email\n,Lee,ann.lee@hartwell.example\n",
      );
      expect(members.status).toBe(400);
      expect(((await members.json()) as MemberValidationResult).rowColumnErrors[0]?.message).toBe(
        "First Name fehlt.",
      );
      const matters = await post("/api/v2/matters-csv/validate-upsert", "Matter ID\n1\n");
      const body = (await matters.json()) as { fileError: { description: string } };
      expect(body.fileError.description).toMatch(/^Kopfzeile: es fehlen /);
    });
  }
});

describe("the catalog's types", () => {
  it("unknown keys, unknown parameters and unknown placeholders do not compile", () => {
    // Each line below is a compile error (tsc checks test files); at run time they are inert.
    const unchecked = (check: () => unknown) => check;
    unchecked(() =>
      // @ts-expect-error: no such key
      defineMessages({ "member.INVALID_EMAIL.nope": "x" }),
    );
    unchecked(() =>
      // @ts-expect-error: the key has no parameter `colum`
      defineMessages({ "member.INVALID_EMAIL.malformed": ({ colum }) => String(colum) }),
    );
    unchecked(() =>
      // @ts-expect-error: the key has no placeholder {colum}
      defineMessages({ "member.INVALID_EMAIL.malformed": "{colum} is wrong" }),
    );
    const typed: PartialMessageCatalog = {
      // @ts-expect-error: a partial catalog typed as such refuses unknown keys too
      "member.nope": "x",
    };
    expect(typed).toBeDefined();
    expect(defineMessages({ "member.INVALID_EMAIL.malformed": "{column}: {value}" })).toEqual({
      "member.INVALID_EMAIL.malformed": "{column}: {value}",
    });
  });
});
