import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { memberErrorReport } from "../../src/members/error-report";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");

describe("rpdi validate … --report", () => {
  it("writes the member file with an Errors column: one line per problem, UTF-8 with a BOM", async () => {
    const { code, written } = await runCliInMemory([
      "validate",
      "members",
      join(FIXTURES, "members/error-order.csv"),
      "--product",
      "PERFORM",
      "--org",
      org,
      "--report",
      "errors.csv",
    ]);
    expect(code).toBe(ExitCode.INVALID);
    const report = written.get("errors.csv") as string;
    expect(report.startsWith("\ufeff")).toBe(true);
    const rows = parse(report, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      "Mentor Emails",
      "Email",
      "Use MFA",
      "Last Name",
      "First Name",
      "Start Date",
      "Errors",
    ]);
    expect(rows[1]?.slice(0, 6)).toEqual([
      "ghost@hartwell.example",
      "bad",
      "maybe",
      "Lee",
      "<Ann>",
      "yesterday",
    ]);
    expect(rows[1]?.[6]?.split("\n")).toEqual([
      "Row 1 (spreadsheet row 2):",
      "First Name (INVALID_FORMAT): First Name must not contain a backslash, line break, <, >, |, double quote or backtick.",
      'Email (INVALID_EMAIL): Email "bad" is not a well-formed email address.',
      'Start Date (INVALID_DATE_FORMAT): Start Date "yesterday" must be a real date written yyyy-MM-dd, yyyy/MM/dd or M/d/yyyy.',
      'Use MFA (INVALID_FORMAT): Use MFA "maybe" must be one of true, t, 1, yes, y, false, f, 0, no, n.',
      'Mentor Emails (ROW_VALUE_CONFLICT): Mentor Emails: "ghost@hartwell.example" matches no member of the organization and no row of this file.',
    ]);
    expect(rows[2]?.[6]?.split("\n")).toHaveLength(3);
  });

  it("writes the matter file with each failing row's reasons", async () => {
    const { written } = await runCliInMemory([
      "validate",
      "matters",
      join(FIXTURES, "matters/dates.csv"),
      "--org",
      org,
      "--report",
      "errors.csv",
    ]);
    const rows = parse(written.get("errors.csv") as string, { bom: true }) as string[][];
    expect(rows.map((row) => row.at(-1))).toEqual([
      "Errors",
      "",
      'Start Date (NO_SUCH_DATE): Start Date "2/30/2024" is not a date: February 2024 has 29 days.',
      'Start Date (DATE_NOT_M_D_YYYY): Start Date "2024-02-01" is not a date in M/d/yyyy form, e.g. 2/1/2024.',
      'End Date (NO_SUCH_DATE): End Date "13/1/2024" is not a date: there is no month 13; M/d/yyyy puts the month first, e.g. 1/13/2024.',
      'Start Date (DATE_NOT_M_D_YYYY): Start Date "1/1/24" is not a date in M/d/yyyy form: the year needs four digits, e.g. 1/1/2024.',
      "Start Date, End Date (END_BEFORE_START): End Date 3/1/2026 is before Start Date 3/2/2026.",
      "",
      "",
    ]);
  });

  it("writes the reason of every kind of matter problem on its own row, naming other rows in both numberings", async () => {
    const { written } = await runCliInMemory([
      "validate",
      "matters",
      join(FIXTURES, "matters/reasons.csv"),
      "--org",
      org,
      "--report",
      "errors.csv",
    ]);
    const rows = parse(written.get("errors.csv") as string, { bom: true }) as string[][];
    const duplicate =
      'Matter ID, Attorney Email, Client Name (DUPLICATE_UPSERT_KEY): Rows 7 and 8 (spreadsheet rows 8 and 9) share Matter ID "R-6", Client Name "Globex" and Attorney Email "ben.marsh@hartwell.example"; a client matter has one row per attorney.';
    // Index = spreadsheet row - 1: the header is row 1, and the blank row 7 keeps its place.
    expect(rows.map((row) => [row[0], row.at(-1)])).toEqual([
      ["Matter ID", "Errors"],
      [
        "R-1",
        'Start Date (DATE_NOT_M_D_YYYY): Start Date "2026-01-15" is not a date in M/d/yyyy form, e.g. 1/15/2026.',
      ],
      [
        "R-2",
        'Start Date (NO_SUCH_DATE): Start Date "2/30/2026" is not a date: February 2026 has 28 days.',
      ],
      [
        "R-3",
        'Hours Billed (HOURS_SEPARATORS): Hours Billed "1.234,5": use a period for decimals and commas only between thousands, e.g. 1,234.5.',
      ],
      [
        "R-4",
        "Start Date, End Date (END_BEFORE_START): End Date 1/2/2026 is before Start Date 3/4/2026.",
      ],
      [
        "R-5",
        'Attorney Email (NOT_A_PERFORM_MEMBER): Attorney Email "x@elsewhere.example" is not a Perform member of this organization.',
      ],
      ["", ""],
      ["R-6", duplicate],
      ["R-6", duplicate],
      [
        "R-7",
        'Matter Name (CLIENT_MATTER_DISAGREES): Matter Name "Eta" differs from "Theta" on row 10 (spreadsheet row 11) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
      ],
      [
        "R-7",
        'Matter Name (CLIENT_MATTER_DISAGREES): Matter Name "Theta" differs from "Eta" on row 9 (spreadsheet row 10) in client matter (Matter ID "R-7", Client Name "Initech"); its rows must agree.',
      ],
    ]);
  });

  it("writes no report for a valid file or a file-level error, and escapes formula-leading cells", async () => {
    const valid = await runCliInMemory([
      "validate",
      "members",
      join(FIXTURES, "members/valid-uni.csv"),
      "--product",
      "UNI",
      "--org",
      org,
      "--report",
      "errors.csv",
    ]);
    expect(valid.written.size).toBe(0);
    const fileError = await runCliInMemory([
      "validate",
      "members",
      join(FIXTURES, "members/file-utf16le.csv"),
      "--product",
      "UNI",
      "--org",
      org,
      "--report",
      "errors.csv",
    ]);
    expect(fileError.written.size).toBe(0);
    expect(fileError.err).toContain(
      "rpdi: no report written to errors.csv: the file has a file error (INVALID_FILE_FORMAT)",
    );
    const report = memberErrorReport("First Name,Last Name,Email\n=1+1,Lee,nope\n", {
      fileError: null,
      rowColumnErrors: [
        { rowNumber: 1, columnName: "Email", value: "nope", type: "INVALID_EMAIL", message: "bad" },
      ],
    });
    expect(report).toBe(
      '\ufeffFirst Name,Last Name,Email,Errors\r\n\'=1+1,Lee,nope,"Row 1 (spreadsheet row 2):\nEmail (INVALID_EMAIL): bad"\r\n',
    );
  });
});
