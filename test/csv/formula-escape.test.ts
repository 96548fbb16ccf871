import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { annotateCsv } from "../../src/csv/error-report";
import { escapeFormula, isPlainNumber, unescapeFormula } from "../../src/csv/formula-escape";
import { writeCsv } from "../../src/csv/write";

const written = (value: string) => (parse(writeCsv([[value]])) as string[][])[0]?.[0];

/** What a spreadsheet evaluates when it comes first (OWASP, plus LF and the full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

const leads = ["=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠", "'", "''", " ", "0"];
const tricky = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }),
  fc
    .tuple(fc.constantFrom(...leads), fc.string({ maxLength: 8 }))
    .map(([lead, rest]) => lead + rest),
  fc
    .tuple(fc.constantFrom("", "+", "-", "'-", "''+"), fc.stringMatching(/^[0-9.eE,% +-]{0,8}$/))
    .map(([sign, digits]) => sign + digits),
);

describe("escapeFormula", () => {
  it("keeps plain signed numbers readable", () => {
    for (const number of ["-5", "-12.5", "+44", "+0.5", "-.5", "-007", "+3", "12", "-0"]) {
      expect(written(number), number).toBe(number);
      expect(isPlainNumber(number), number).toBe(true);
    }
  });

  it("escapes every cell a spreadsheet would evaluate, arithmetic on numbers included", () => {
    for (const formula of [
      "=1",
      "-1+1",
      "+1-2",
      "-2*3",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "-cmd|' /C calc'!A0",
      '=HYPERLINK("https://evil.example","x")',
      "+44 20 7946 0958",
      "+1-555-0100",
      "-1e5",
      "-5%",
      "-1,234",
      "-",
      "+",
      "@",
      "-Tax",
      "\t=1",
      "\r-1",
      "\n=1",
      "＝1",
      "－5",
      "＋1",
      "＠SUM(A1)",
    ]) {
      expect(written(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    }
  });

  it("doubles an apostrophe that already stands before a formula character, and leaves others", () => {
    expect(escapeFormula("'=1")).toBe("''=1");
    expect(escapeFormula("'-5")).toBe("''-5");
    expect(escapeFormula("''+x")).toBe("'''+x");
    for (const text of ["'quoted'", "O'Brien", "'", "''", " =1", "5-3", "Tax"]) {
      expect(escapeFormula(text)).toBe(text);
    }
  });

  it("property: a written cell never starts with a formula character unless it is a plain number", () => {
    fc.assert(
      fc.property(tricky, (value) => {
        const cell = escapeFormula(value);
        expect(!FORMULA_START.test(cell) || isPlainNumber(cell)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: unescapeFormula gives back exactly the value escapeFormula was given", () => {
    fc.assert(
      fc.property(tricky, (value) => {
        expect(unescapeFormula(escapeFormula(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("unescapeFormula", () => {
  it("reads off one leading apostrophe before a formula character, and nothing else", () => {
    expect(unescapeFormula("'-Tax")).toBe("-Tax");
    expect(unescapeFormula("'-5")).toBe("-5");
    expect(unescapeFormula("''=1")).toBe("'=1");
    expect(unescapeFormula("'\tTax")).toBe("\tTax");
    for (const cell of ["'quoted'", "O'Brien", "'", " '-Tax", "-Tax", "=1"]) {
      expect(unescapeFormula(cell)).toBe(cell);
    }
  });
});

describe("annotateCsv", () => {
  it("property: each cell of the error report reads as the same value as the file's cell", () => {
    // A NUL makes the file unreadable (not UTF-8 text), and then there is no report.
    const readable = tricky.map((value) => value.replaceAll("\u0000", ""));
    const row = fc.array(readable, { minLength: 2, maxLength: 2 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 4 }), (rows) => {
        const file = writeCsv([["A", "B"], ...rows], { escapeFormulas: false });
        const report = parse(annotateCsv(file, new Map()) as string, { bom: true }) as string[][];
        const original = parse(file) as string[][];
        expect(report.map((cells) => cells.slice(0, 2).map(unescapeFormula))).toEqual(
          original.map((cells) => cells.map(unescapeFormula)),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("does not escape a cell twice, and writes plain numbers as they are", () => {
    const report = annotateCsv("Department,Hours\r\n'-Tax,-5\r\n-Tax,'-5\r\n", new Map());
    expect(report).toBe("\ufeffDepartment,Hours,Errors\r\n'-Tax,-5,\r\n'-Tax,-5,\r\n");
  });
});
