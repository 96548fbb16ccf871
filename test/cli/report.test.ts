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
      "Row 1 (sheet row 2):",
      "First Name (INVALID_FORMAT): First Name must not contain a backslash, line break, <, >, |, double quote or backtick.",
      'Email (INVALID_EMAIL): Email "bad" is not a well-formed email address.',
      'Start Date (INVALID_DATE_FORMAT): Start Date "yesterday" must be a real date written yyyy-MM-dd, yyyy/MM/dd or M/d/yyyy.',
      'Use MFA (INVALID_FORMAT): Use MFA "maybe" must be one of true, t, 1, yes, y, false, f, 0, no, n.',
      'Mentor Emails (ROW_VALUE_CONFLICT): Mentor Emails: "ghost@hartwell.example" matches no member of the organization and no row of this file.',
    ]);
    expect(rows[2]?.[6]?.split("\n")).toHaveLength(3);
  });

  it("writes the matter file with the failing columns of each row", async () => {
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
      "Start Date: invalid",
      "Start Date: invalid",
      "End Date: invalid",
      "Start Date: invalid",
      "Start Date: invalid\nEnd Date: invalid",
      "",
      "",
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
      '\ufeffFirst Name,Last Name,Email,Errors\r\n\'=1+1,Lee,nope,"Row 1 (sheet row 2):\nEmail (INVALID_EMAIL): bad"\r\n',
    );
  });
});
