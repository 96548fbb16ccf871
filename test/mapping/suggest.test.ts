import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MATTER_HEADERS, MEMBER_HEADERS } from "../../src/domain/headers";
import { MATTER_ALIASES, MEMBER_ALIASES } from "../../src/mapping/aliases";
import {
  AUTO_ACCEPT_CONFIDENCE,
  acceptedColumnMapping,
  compactKey,
  FUZZY_CEILING,
  suggestMatterColumns,
  suggestMemberColumns,
} from "../../src/mapping/suggest";

/** Headers as real exports write them: [cell, expected column, minimum confidence]. */
const MEMBER_EXPORT_HEADERS: readonly [string, string, number][] = [
  // Workday reports
  ["Legal First Name", "First Name", 0.85],
  ["Legal Last Name", "Last Name", 0.85],
  ["Worker ID", "Employee ID", 0.85],
  ["Business Title", "Job Title", 0.85],
  ["Primary Work Email", "Email", 0.85],
  ["Email - Primary Work", "Email", 0.85],
  ["Original Hire Date", "Start Date", 0.85],
  ["Management Level", "Level", 0.85],
  ["Work Address - City", "Office City", 0.85],
  // BambooHR
  ["Employee #", "Employee ID", 0.85],
  ["Work Email", "Email", 0.85],
  ["Hire Date", "Start Date", 0.85],
  ["Supervisor Email", "Manager Email", 0.85],
  ["Location", "Office City", 0.5],
  ["Division", "Department", 0.5],
  // ADP
  ["Associate ID", "Employee ID", 0.85],
  ["File Number", "Employee ID", 0.85],
  ["Legal Name Given Name", "First Name", 0.85],
  ["Family Name", "Last Name", 0.85],
  ["Home Department Description", "Department", 0.85],
  ["Job Title Description", "Job Title", 0.85],
  ["FLSA Description", "FLSA Status", 0.85],
  // Rippling, Greenhouse and the issue's own examples
  ["E-mail Address", "Email", 0.85],
  ["Given Name", "First Name", 0.85],
  ["Surname", "Last Name", 0.85],
  ["Department Name", "Department", 0.85],
  ["Dept", "Department", 0.85],
  ["Employee Number", "Employee ID", 0.85],
  ["Job Title", "Job Title", 1],
  ["Manager Email", "Manager Email", 1],
  ["Office Location", "Office City", 0.7],
  ["Work Location", "Office City", 0.6],
  // Case, spacing and punctuation of the spec's own names
  ["email", "Email", 0.95],
  ["FIRST_NAME", "First Name", 0.95],
  ["lastName", "Last Name", 0.95],
  ["Office State - US only", "Office State (US Only)", 0.95],
  ["sso_id", "SSO ID", 0.95],
  // Slips: suggested, never auto-accepted
  ["Frist Name", "First Name", 0.6],
  ["Departmnet", "Department", 0.6],
  ["Emial Address", "Email", 0.6],
];

const MATTER_EXPORT_HEADERS: readonly [string, string, number][] = [
  ["Matter Number", "Matter ID", 0.85],
  ["Display Number", "Matter ID", 0.85],
  ["Client", "Client Name", 0.85],
  ["Open Date", "Start Date", 0.85],
  ["Close Date", "End Date", 0.85],
  ["Billed Hours", "Hours Billed", 0.85],
  ["Timekeeper Email", "Attorney Email", 0.85],
  ["Billing Partner Email", "Billing Attorney Email", 0.85],
  ["Matter Description", "Description", 0.85],
  ["matter_id", "Matter ID", 0.95],
  ["Hours Worked", "Hours Billed", 0.6],
];

describe("suggestMemberColumns", () => {
  it.each(MEMBER_EXPORT_HEADERS)(
    "maps %s to %s with confidence at least %d",
    (cell, column, minimum) => {
      const [suggestion] = suggestMemberColumns([cell]).cells;
      expect(suggestion?.column).toBe(column);
      expect(suggestion?.confidence).toBeGreaterThanOrEqual(minimum);
    },
  );

  it("names the reason of each kind of match", () => {
    const { cells } = suggestMemberColumns(["Email", "first name", "Surname", "Departmnet"]);
    expect(cells.map((cell) => [cell.column, cell.reason])).toEqual([
      ["Email", "exact"],
      ["First Name", "case-or-spacing"],
      ["Last Name", "alias"],
      ["Department", "fuzzy"],
    ]);
  });

  it("answers a whole HRIS export: every cell, the required columns unmatched, the cells matching nothing", () => {
    const answer = suggestMemberColumns([
      "Employee #",
      "Given Name",
      "Work Email",
      "Hire Date",
      "Marital Status",
      "",
    ]);
    expect(answer).toEqual({
      cells: [
        { index: 0, cell: "Employee #", column: "Employee ID", confidence: 0.9, reason: "alias" },
        { index: 1, cell: "Given Name", column: "First Name", confidence: 0.9, reason: "alias" },
        { index: 2, cell: "Work Email", column: "Email", confidence: 0.9, reason: "alias" },
        { index: 3, cell: "Hire Date", column: "Start Date", confidence: 0.9, reason: "alias" },
        { index: 4, cell: "Marital Status", column: null, confidence: 0, reason: null },
        { index: 5, cell: "", column: null, confidence: 0, reason: null },
      ],
      unmatchedRequired: ["Last Name"],
      unmatchedCells: ["Marital Status", ""],
    });
  });

  it("never gives two cells one column: the more confident keeps it, the other takes its next", () => {
    const { cells } = suggestMemberColumns(["Work Email", "Email", "Personal Email"]);
    expect(cells.map((cell) => cell.column)).toEqual([null, "Email", null]);
    const second = suggestMemberColumns(["Hire Date", "Original Hire Date"]).cells;
    expect(second.filter((cell) => cell.column === "Start Date")).toHaveLength(1);
  });

  it("keeps names that often hold something else below the auto-accept threshold", () => {
    for (const cell of [
      "Manager",
      "Supervisor",
      "Location",
      "Personal Email",
      "Preferred Name",
      "ID",
    ]) {
      const [suggestion] = suggestMemberColumns([cell]).cells;
      expect(suggestion?.confidence, cell).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    }
  });

  it("accepts only the confident suggestions whose text differs from the column", () => {
    const answer = suggestMemberColumns(["Email", "Given Name", "Surname", "Frist Nme", "Manager"]);
    expect([...acceptedColumnMapping(answer)]).toEqual([
      ["Given Name", "First Name"],
      ["Surname", "Last Name"],
    ]);
  });

  it("never throws on any header (property: the pure core never throws)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { maxLength: 40 }), (cells) => {
        const answer = suggestMemberColumns(cells);
        expect(answer.cells).toHaveLength(cells.length);
        const columns = answer.cells.flatMap((cell) => (cell.column === null ? [] : [cell.column]));
        expect(new Set(columns).size).toBe(columns.length);
      }),
    );
  });
});

describe("suggestMatterColumns", () => {
  it.each(MATTER_EXPORT_HEADERS)(
    "maps %s to %s with confidence at least %d",
    (cell, column, minimum) => {
      const [suggestion] = suggestMatterColumns([cell]).cells;
      expect(suggestion?.column).toBe(column);
      expect(suggestion?.confidence).toBeGreaterThanOrEqual(minimum);
    },
  );

  it("lists the required matter columns no cell matches", () => {
    expect(suggestMatterColumns(["Matter Number", "Client", "Hours"]).unmatchedRequired).toEqual([
      "Matter Name",
      "Attorney Email",
      "Billing Attorney Email",
    ]);
  });
});

const known = new Set(
  [
    ...MEMBER_HEADERS,
    ...MATTER_HEADERS,
    ...MEMBER_ALIASES.map((alias) => alias.name),
    ...MATTER_ALIASES.map((alias) => alias.name),
  ].map(compactKey),
);
const word = fc
  .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz -_#".split("")), {
    minLength: 1,
    maxLength: 30,
  })
  .map((letters) => letters.join(""))
  .filter((text) => !known.has(compactKey(text)));

describe("auto-accept threshold", () => {
  it("property: a cell that is no spec name nor alias never reaches the auto-accept threshold", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 10 }), (cells) => {
        for (const suggest of [suggestMemberColumns, suggestMatterColumns])
          for (const suggestion of suggest(cells).cells) {
            expect(suggestion.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
            if (suggestion.column !== null) expect(suggestion.reason).toBe("fuzzy");
          }
      }),
      { numRuns: 300 },
    );
  });

  it("property: a near miss of a spec name or alias (one edit) is suggested at most at the fuzzy ceiling", () => {
    const names = [...MEMBER_HEADERS, ...MEMBER_ALIASES.map((alias) => alias.name)];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.nat(),
        fc.constantFrom(..."qxzjk"),
        (name, at, letter) => {
          const position = at % (name.length + 1);
          const slip = `${name.slice(0, position)}${letter}${name.slice(position)}`;
          fc.pre(!known.has(compactKey(slip)));
          const [suggestion] = suggestMemberColumns([slip]).cells;
          expect(suggestion?.confidence ?? 0).toBeLessThanOrEqual(FUZZY_CEILING);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: the spec's own names, in any order and subset, always map exactly to themselves", () => {
    for (const [suggest, headers] of [
      [suggestMemberColumns, MEMBER_HEADERS],
      [suggestMatterColumns, MATTER_HEADERS],
    ] as const)
      fc.assert(
        fc.property(fc.shuffledSubarray([...headers], { minLength: 1 }), (cells) => {
          for (const suggestion of suggest(cells).cells) {
            expect(suggestion.column).toBe(suggestion.cell);
            expect(suggestion.reason).toBe("exact");
            expect(suggestion.confidence).toBe(1);
          }
        }),
      );
  });

  it("puts every alias of the catalogue on a known column, none shadowing another column's name", () => {
    const headerKeys = new Map<string, string>(
      [...MEMBER_HEADERS].map((header) => [compactKey(header), header]),
    );
    for (const alias of MEMBER_ALIASES) {
      const header = headerKeys.get(compactKey(alias.name));
      expect(header === undefined || header === alias.column, alias.name).toBe(true);
    }
  });
});
