import { describe, expect, it } from "vitest";
import {
  checkMatterCsv,
  MATTER_REJECTION_ROWS,
  type MatterCellProblem,
  matterProblemLines,
  matterRejectionText,
  matterRowErrors,
} from "../../src/index";

const H =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n";
const people = ["ann@firm.example", "bo@firm.example", "cy@firm.example"];
const check = (rows: string[], ruleSet: "upsert" | "legacy" = "upsert") =>
  checkMatterCsv(`${H}${rows.join("\n")}\n`, { ruleSet, performMemberEmails: people });
/** A valid row with one cell replaced: `cells` by header position. */
const row = (cells: Record<number, string> = {}) => {
  const base = ["M-1", "Alpha", "ann@firm.example", "bo@firm.example", "", "", "12", "Acme", ""];
  for (const [index, value] of Object.entries(cells)) base[Number(index)] = value;
  return base.map((value) => (value.includes(",") ? `"${value}"` : value)).join(",");
};
const START = 4;
const END = 5;
const HOURS = 6;
/** Problems without the fields every test repeats. */
const brief = (problems: readonly MatterCellProblem[]) =>
  problems.map(({ rowNumber, column, rule, value, message }) => ({
    rowNumber,
    column,
    rule,
    value,
    message,
  }));

describe("every matter cell problem says why (issue 20)", () => {
  it("a date in another shape: DATE_NOT_M_D_YYYY, with the same day written M/d/yyyy", () => {
    const { problems } = check([row({ [START]: "2026-01-15" })]);
    expect(problems).toEqual([
      {
        rowNumber: 1,
        column: "Start Date",
        rule: "DATE_NOT_M_D_YYYY",
        value: "2026-01-15",
        expected: "a real calendar day written M/d/yyyy, e.g. 1/15/2026",
        message: 'Start Date "2026-01-15" is not a date in M/d/yyyy form, e.g. 1/15/2026.',
        relatedRows: [],
      },
    ]);
  });

  it("other shapes: a day-first date is turned round, an ambiguous one gets an example, a two-digit year gets its century", () => {
    const { problems } = check([
      row({ [START]: "15.01.2026", [END]: "01.02.2026" }),
      row({ 0: "M-2", [START]: "1/15/26" }),
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'Start Date "15.01.2026" is not a date in M/d/yyyy form, e.g. 1/15/2026.',
      'End Date "01.02.2026" is not a date in M/d/yyyy form, e.g. 1/15/2026 for January 15, 2026.',
      'Start Date "1/15/26" is not a date in M/d/yyyy form: the year needs four digits, e.g. 1/15/2026.',
    ]);
  });

  it("M/d/yyyy naming no day: NO_SUCH_DATE, saying how many days the month has or that the month comes first", () => {
    const { problems } = check([
      row({ [START]: "2/30/2026", [END]: "13/1/2026" }),
      row({ 0: "M-2", [START]: "2/30/2024", [END]: "4/0/2026" }),
    ]);
    expect(brief(problems)).toEqual([
      {
        rowNumber: 1,
        column: "Start Date",
        rule: "NO_SUCH_DATE",
        value: "2/30/2026",
        message: 'Start Date "2/30/2026" is not a date: February 2026 has 28 days.',
      },
      {
        rowNumber: 1,
        column: "End Date",
        rule: "NO_SUCH_DATE",
        value: "13/1/2026",
        message:
          'End Date "13/1/2026" is not a date: there is no month 13; M/d/yyyy puts the month first, e.g. 1/13/2026.',
      },
      {
        rowNumber: 2,
        column: "Start Date",
        rule: "NO_SUCH_DATE",
        value: "2/30/2024",
        message: 'Start Date "2/30/2024" is not a date: February 2024 has 29 days.',
      },
      {
        rowNumber: 2,
        column: "End Date",
        rule: "NO_SUCH_DATE",
        value: "4/0/2026",
        message: 'End Date "4/0/2026" is not a date: April 2026 has 30 days.',
      },
    ]);
  });

  it("End Date before Start Date: END_BEFORE_START on both cells, one message naming both dates", () => {
    const { problems } = check([row({ [START]: "3/4/2026", [END]: "1/2/2026" })]);
    expect(brief(problems)).toEqual([
      {
        rowNumber: 1,
        column: "Start Date",
        rule: "END_BEFORE_START",
        value: "3/4/2026",
        message: "End Date 1/2/2026 is before Start Date 3/4/2026.",
      },
      {
        rowNumber: 1,
        column: "End Date",
        rule: "END_BEFORE_START",
        value: "1/2/2026",
        message: "End Date 1/2/2026 is before Start Date 3/4/2026.",
      },
    ]);
  });

  it.each([
    [
      "1.234,5",
      "HOURS_SEPARATORS",
      'Hours Billed "1.234,5": use a period for decimals and commas only between thousands, e.g. 1,234.5.',
    ],
    [
      "12,34",
      "HOURS_SEPARATORS",
      'Hours Billed "12,34": use a period for decimals and commas only between thousands, e.g. 12.34.',
    ],
    [
      "1 234",
      "HOURS_SEPARATORS",
      'Hours Billed "1 234": use a period for decimals and commas only between thousands, e.g. 1,234.',
    ],
    [
      "123,4567",
      "HOURS_SEPARATORS",
      'Hours Billed "123,4567": use a period for decimals and commas only between thousands, e.g. 1,234.5.',
    ],
    [
      ".5",
      "HOURS_SEPARATORS",
      'Hours Billed ".5" needs a digit before the decimal point, e.g. 0.5.',
    ],
    [
      "1.234",
      "HOURS_TOO_MANY_DECIMALS",
      'Hours Billed "1.234" has 3 decimal places; at most two are allowed (for thousands, write 1,234).',
    ],
    [
      "0.125",
      "HOURS_TOO_MANY_DECIMALS",
      'Hours Billed "0.125" has 3 decimal places; at most two are allowed.',
    ],
    ["-1", "HOURS_OUT_OF_RANGE", 'Hours Billed "-1" is negative; hours run from 0 to 999,999.99.'],
    [
      "1000000",
      "HOURS_OUT_OF_RANGE",
      'Hours Billed "1000000" is over the limit of 999,999.99 hours.',
    ],
    [
      "ten",
      "HOURS_NOT_A_NUMBER",
      'Hours Billed "ten" is not a number; write hours like 12 or 1,234.5.',
    ],
  ])("Hours Billed %j: %s", (hours, rule, message) => {
    const { problems } = check([row({ [HOURS]: hours })]);
    expect(brief(problems)).toEqual([
      { rowNumber: 1, column: "Hours Billed", rule, value: hours, message },
    ]);
  });

  it("an address that is no Perform member: NOT_A_PERFORM_MEMBER, for either attorney column", () => {
    const { problems } = check([row({ 2: "x@y", 3: "dee@firm.example" })]);
    expect(brief(problems)).toEqual([
      {
        rowNumber: 1,
        column: "Attorney Email",
        rule: "NOT_A_PERFORM_MEMBER",
        value: "x@y",
        message: 'Attorney Email "x@y" is not a Perform member of this organization.',
      },
      {
        rowNumber: 1,
        column: "Billing Attorney Email",
        rule: "NOT_A_PERFORM_MEMBER",
        value: "dee@firm.example",
        message:
          'Billing Attorney Email "dee@firm.example" is not a Perform member of this organization.',
      },
    ]);
  });

  it("a blank required value and a value over its length: REQUIRED_VALUE_MISSING and TOO_LONG", () => {
    const { problems } = check([row({ 1: "  ", 7: "é".repeat(256) })]);
    expect(
      problems.map(({ column, rule, value, expected, message }) => ({
        column,
        rule,
        value: value?.length ?? null,
        expected,
        message,
      })),
    ).toEqual([
      {
        column: "Matter Name",
        rule: "REQUIRED_VALUE_MISSING",
        value: null,
        expected: "a value",
        message: "Matter Name is blank; it is required.",
      },
      {
        column: "Client Name",
        rule: "TOO_LONG",
        value: 256,
        expected: "at most 255 characters",
        message: "Client Name has 256 characters; at most 255 are allowed.",
      },
    ]);
  });

  it("a duplicate upsert key: DUPLICATE_UPSERT_KEY on its three cells of every row sharing it, naming those rows in both numberings", () => {
    const { problems } = check([
      row(),
      row({ 0: "M-2" }),
      row({ 2: "ANN@firm.example", [HOURS]: "5" }),
    ]);
    const message =
      'Rows 1 and 3 (spreadsheet rows 2 and 4) share Matter ID "M-1", Client Name "Acme" and Attorney Email "ann@firm.example"; a client matter has one row per attorney.';
    expect(
      problems.map(({ rowNumber, column, rule, value, relatedRows }) => ({
        rowNumber,
        column,
        rule,
        value,
        relatedRows,
      })),
    ).toEqual([
      {
        rowNumber: 1,
        column: "Matter ID",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "M-1",
        relatedRows: [1, 3],
      },
      {
        rowNumber: 1,
        column: "Attorney Email",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "ann@firm.example",
        relatedRows: [1, 3],
      },
      {
        rowNumber: 1,
        column: "Client Name",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "Acme",
        relatedRows: [1, 3],
      },
      {
        rowNumber: 3,
        column: "Matter ID",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "M-1",
        relatedRows: [1, 3],
      },
      {
        rowNumber: 3,
        column: "Attorney Email",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "ANN@firm.example",
        relatedRows: [1, 3],
      },
      {
        rowNumber: 3,
        column: "Client Name",
        rule: "DUPLICATE_UPSERT_KEY",
        value: "Acme",
        relatedRows: [1, 3],
      },
    ]);
    expect(new Set(problems.map((problem) => problem.message))).toEqual(new Set([message]));
    expect(check([row(), row({ 2: "ANN@firm.example" })], "legacy").problems).toEqual([]);
  });

  it("a key shared by many rows names the first five and counts the rest, and its problems share one list of rows", () => {
    const rows = Array.from({ length: 12 }, (_, index) => row({ [HOURS]: String(index) }));
    const { problems } = check(rows);
    expect(problems).toHaveLength(36);
    expect(problems[0]?.message).toBe(
      'Rows 1, 2, 3, 4, 5, … (spreadsheet rows 2, 3, 4, 5, 6, …) and 7 more share Matter ID "M-1", Client Name "Acme" and Attorney Email "ann@firm.example"; a client matter has one row per attorney.',
    );
    expect(problems[0]?.relatedRows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const problem of problems) expect(problem.relatedRows).toBe(problems[0]?.relatedRows);
  });

  it("a Matter Name that disagrees within a client matter: CLIENT_MATTER_DISAGREES, naming the row and value it differs from", () => {
    const { problems } = check([
      row(),
      row({ 1: "Beta", 2: "bo@firm.example" }),
      row({ 2: "cy@firm.example" }),
      row({ 1: "", 2: "bo@firm.example", 7: "Globex" }),
    ]);
    expect(
      problems.map(({ rowNumber, rule, message, relatedRows }) => ({
        rowNumber,
        rule,
        message,
        relatedRows,
      })),
    ).toEqual([
      {
        rowNumber: 1,
        rule: "CLIENT_MATTER_DISAGREES",
        message:
          'Matter Name "Alpha" differs from "Beta" on row 2 (spreadsheet row 3) in client matter (Matter ID "M-1", Client Name "Acme"); its rows must agree.',
        relatedRows: [1, 2],
      },
      {
        rowNumber: 2,
        rule: "CLIENT_MATTER_DISAGREES",
        message:
          'Matter Name "Beta" differs from "Alpha" on row 1 (spreadsheet row 2) in client matter (Matter ID "M-1", Client Name "Acme"); its rows must agree.',
        relatedRows: [1, 2],
      },
      {
        rowNumber: 3,
        rule: "CLIENT_MATTER_DISAGREES",
        message:
          'Matter Name "Alpha" differs from "Beta" on row 2 (spreadsheet row 3) in client matter (Matter ID "M-1", Client Name "Acme"); its rows must agree.',
        relatedRows: [2, 3],
      },
      {
        rowNumber: 4,
        rule: "REQUIRED_VALUE_MISSING",
        message: "Matter Name is blank; it is required.",
        relatedRows: [],
      },
    ]);
  });

  it("a Description that disagrees, blank included, and a long value quoted short", () => {
    const long = "word ".repeat(30).trim();
    const { problems } = check([row({ 8: long }), row({ 2: "bo@firm.example" })]);
    expect(problems.map((problem) => [problem.column, problem.rule, problem.message])).toEqual([
      [
        "Description",
        "CLIENT_MATTER_DISAGREES",
        `Description "${long.slice(0, 59)}…" differs from (blank) on row 2 (spreadsheet row 3) in client matter (Matter ID "M-1", Client Name "Acme"); its rows must agree.`,
      ],
      [
        "Description",
        "CLIENT_MATTER_DISAGREES",
        `Description (blank) differs from "${long.slice(0, 59)}…" on row 1 (spreadsheet row 2) in client matter (Matter ID "M-1", Client Name "Acme"); its rows must agree.`,
      ],
    ]);
  });

  it("legacy: a Matter Name that disagrees across clients sharing a Matter ID is MATTER_ID_DISAGREES", () => {
    const { problems } = check([row(), row({ 1: "Beta", 7: "Globex" })], "legacy");
    expect(brief(problems)).toEqual([
      {
        rowNumber: 1,
        column: "Matter Name",
        rule: "MATTER_ID_DISAGREES",
        value: "Alpha",
        message:
          'Matter Name "Alpha" differs from "Beta" on row 2 (spreadsheet row 3), which has the same Matter ID "M-1"; rows sharing a Matter ID must agree, whatever their Client Name.',
      },
      {
        rowNumber: 2,
        column: "Matter Name",
        rule: "MATTER_ID_DISAGREES",
        value: "Beta",
        message:
          'Matter Name "Beta" differs from "Alpha" on row 1 (spreadsheet row 2), which has the same Matter ID "M-1"; rows sharing a Matter ID must agree, whatever their Client Name.',
      },
    ]);
  });

  it("problems come by row, then in the spec's column order; a valid file and a file error have none", () => {
    const { problems } = check([row({ [HOURS]: "x", 1: "" }), row({ 0: "M-2", [START]: "x" })]);
    expect(problems.map((problem) => [problem.rowNumber, problem.column])).toEqual([
      [1, "Matter Name"],
      [1, "Hours Billed"],
      [2, "Start Date"],
    ]);
    expect(check([row()])).toMatchObject({ ok: true, problems: [] });
    expect(checkMatterCsv("", { ruleSet: "upsert", performMemberEmails: people })).toMatchObject({
      ok: false,
      problems: [],
    });
  });

  it("matterRowErrors derives the wire rows from the problems in any order", () => {
    const { result, problems } = check([
      row(),
      row({ [START]: "3/4/2026", [END]: "1/2/2026" }),
      row({ 1: "Beta", 2: "bo@firm.example" }),
    ]);
    expect(matterRowErrors(problems)).toEqual(result.rowErrors);
    expect(matterRowErrors([...problems].reverse())).toEqual(result.rowErrors);
  });

  it("matterProblemLines says each reason of a row once, with the columns it concerns", () => {
    const { problems } = check([row({ [START]: "3/4/2026", [END]: "1/2/2026" }), row()]);
    expect(
      matterProblemLines(problems).map((line) => [line.rowNumber, line.columns, line.rule]),
    ).toEqual([
      [1, ["Matter ID", "Attorney Email", "Client Name"], "DUPLICATE_UPSERT_KEY"],
      [1, ["Start Date", "End Date"], "END_BEFORE_START"],
      [2, ["Matter ID", "Attorney Email", "Client Name"], "DUPLICATE_UPSERT_KEY"],
    ]);
  });
});

describe("matterRejectionText (the upsert's plain-text 400 body) gives the reasons", () => {
  it("is the file error's description, or each failing row's columns line followed by its reasons", () => {
    const people1 = { ruleSet: "upsert" as const, performMemberEmails: ["ann@firm.example"] };
    const empty = checkMatterCsv("", people1);
    expect(matterRejectionText(empty.result, empty.problems)).toBe("The file is empty.");
    const { result, problems } = checkMatterCsv(
      `${H}M1,A,ann@firm.example,ann@firm.example,,,x,C,\nM2,A,ann@firm.example,ann@firm.example,3/4/2026,1/2/2026,1,C,\nM3,,bo@firm.example,ann@firm.example,,,1,C,\n`,
      people1,
    );
    expect(matterRejectionText(result, problems)).toBe(
      [
        "Row 1: errors in Hours Billed",
        '  Hours Billed "x" is not a number; write hours like 12 or 1,234.5.',
        "Row 2: errors in Start Date, End Date",
        "  End Date 1/2/2026 is before Start Date 3/4/2026.",
        "Row 3: errors in Matter Name, Attorney Email",
        "  Matter Name is blank; it is required.",
        '  Attorney Email "bo@firm.example" is not a Perform member of this organization.',
      ].join("\n"),
    );
    // The body alone still gives the columns lines.
    expect(matterRejectionText(result)).toBe(
      "Row 1: errors in Hours Billed\nRow 2: errors in Start Date, End Date\nRow 3: errors in Matter Name, Attorney Email",
    );
  });

  it(`describes at most ${MATTER_REJECTION_ROWS} rows and says how many more failed`, () => {
    const rows = Array.from({ length: 150 }, (_, index) => row({ 0: `M-${index}`, [HOURS]: "x" }));
    const { result, problems } = check(rows);
    const lines = matterRejectionText(result, problems).split("\n");
    expect(lines).toHaveLength(2 * MATTER_REJECTION_ROWS + 1);
    expect(lines.at(-3)).toBe(`Row ${MATTER_REJECTION_ROWS}: errors in Hours Billed`);
    expect(lines.at(-1)).toBe("…and 50 more rows with errors.");
  });
});
