import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBlankRecord } from "../../src/csv/cells";
import { MATTER_HEADERS } from "../../src/domain/headers";
import { applyMatterWrites } from "../../src/domain/matter-writes";
import type { CycleMatters } from "../../src/domain/matters";
import { isEmptyMatterPlan, planMatterUpsert } from "../../src/matters/plan-upsert";
import { matterValidationResultSchema } from "../../src/matters/result";
import { readMatterSheet } from "../../src/matters/sheet";
import {
  checkMatterCsv,
  checkMatterSheet,
  matterFileErrorCheck,
  validateMatterCsv,
} from "../../src/matters/validate";
import {
  matterCsv,
  PERFORM_ATTORNEYS,
  validMatterRowsArbitrary,
} from "../../src/testing/matter-arbitraries";
import { csvLike } from "../support/csv-like";

const ruleSet = fc.constantFrom("upsert" as const, "legacy" as const);
const options = (rules: "upsert" | "legacy") => ({
  ruleSet: rules,
  performMemberEmails: PERFORM_ATTORNEYS,
});

function ids(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

function upsert(matters: CycleMatters, csv: string, newId: () => string) {
  const check = checkMatterCsv(csv, options("upsert"));
  if (!check.ok) throw new Error(`generated file is invalid: ${JSON.stringify(check.result)}`);
  const plan = planMatterUpsert(check.rows, matters.entries, matters.clientMatters, newId);
  return { plan, after: applyMatterWrites(matters, plan) };
}

const EMPTY: CycleMatters = { clientMatters: [], entries: [] };

describe("matter properties", () => {
  it("no bytes make the validator throw, under either rule set, and the body always fits the schema", () => {
    const csvish = csvLike(
      [...MATTER_HEADERS, '"', ",", "\n", "1,234.56", "2/30/2024", "ann@firm.example"],
      { maxCellLength: 10, maxCells: 10, maxRows: 8, lineEnd: "\r\n" },
    );
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), csvish), ruleSet, (input, rules) => {
        matterValidationResultSchema.parse(validateMatterCsv(input, options(rules)));
      }),
      { numRuns: 400 },
    );
  });

  it("reading rows while parsing answers exactly what reading the whole sheet first answers, for any bytes", () => {
    // checkMatterCsv cuts each record into its texts as it is parsed; readMatterSheet keeps the
    // table and checkMatterSheet reads it afterwards. Same verdict, same rows, same file error.
    const header = MATTER_HEADERS.join(",");
    const csvish = csvLike(
      [
        ...MATTER_HEADERS,
        '"',
        ",",
        "\n",
        "",
        "  ",
        "M-1",
        "Acme",
        "1/2/2026",
        "12",
        "ann@firm.example",
      ],
      { maxCellLength: 8, maxCells: 11, maxRows: 8, lineEnd: "\n" },
    );
    const input = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      csvish,
      csvish.map((body) => `${header}\n${body}`),
      validMatterRowsArbitrary.map(matterCsv),
    );
    fc.assert(
      fc.property(input, ruleSet, (file, rules) => {
        const sheet = readMatterSheet(file);
        const bySheet = sheet.ok
          ? checkMatterSheet(sheet.sheet, options(rules))
          : matterFileErrorCheck(sheet.result);
        expect(checkMatterCsv(file, options(rules))).toEqual(bySheet);
      }),
      { numRuns: 600 },
    );
  });

  it("numValidRows plus the failing rows equals the non-blank data rows", () => {
    const cell = fc.constantFrom(
      "",
      "  ",
      "M-1",
      "M-2",
      "Alpha",
      "Beta",
      "ann@firm.example",
      "bo@FIRM.example",
      "nobody@firm.example",
      "1/2/2026",
      "2/30/2026",
      "12",
      "1,234.5",
      "-1",
      "Acme",
      "x".repeat(256),
    );
    const file = fc
      .array(fc.array(cell, { minLength: 9, maxLength: 9 }), { minLength: 1, maxLength: 15 })
      .map((rows) =>
        [[...MATTER_HEADERS], ...rows]
          .map((row) => row.map((value) => (value.includes(",") ? `"${value}"` : value)).join(","))
          .join("\n"),
      );
    fc.assert(
      fc.property(file, ruleSet, (csv, rules) => {
        const result = validateMatterCsv(csv, options(rules));
        const nonBlank = (parse(csv, { relax_column_count: true }) as string[][])
          .slice(1)
          .filter((record) => !isBlankRecord(record)).length;
        if (result.fileError !== null) {
          expect(result.fileError.type).toBe("INVALID_ROW_COUNT");
          expect(nonBlank).toBe(0);
          return;
        }
        expect(result.numValidRows + result.rowErrors.length).toBe(nonBlank);
      }),
      { numRuns: 300 },
    );
  });

  it("a generated valid file passes both rule sets", () => {
    fc.assert(
      fc.property(validMatterRowsArbitrary, (rows) => {
        for (const rules of ["upsert", "legacy"] as const) {
          const result = validateMatterCsv(matterCsv(rows), options(rules));
          if (rules === "upsert")
            expect(result).toEqual({ numValidRows: rows.length, rowErrors: [], fileError: null });
          // Legacy compares Matter Name across clients sharing a Matter ID, which upsert allows.
          else expect(result.fileError).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });

  it("applying an upsert plan and planning the same file again gives {created: 0, updated: 0} and an empty plan", () => {
    fc.assert(
      fc.property(validMatterRowsArbitrary, validMatterRowsArbitrary, (first, second) => {
        const newId = ids();
        const stored = upsert(EMPTY, matterCsv(first), newId).after;
        const once = upsert(stored, matterCsv(second), newId);
        const twice = upsert(once.after, matterCsv(second), newId);
        expect(twice.plan.result).toEqual({ created: 0, updated: 0 });
        expect(isEmptyMatterPlan(twice.plan)).toBe(true);
        expect(twice.after).toEqual(once.after);
      }),
      { numRuns: 200 },
    );
  });

  it("entry ids never change on update, and every row's key ends up with exactly one entry", () => {
    fc.assert(
      fc.property(validMatterRowsArbitrary, validMatterRowsArbitrary, (first, second) => {
        const newId = ids();
        const stored = upsert(EMPTY, matterCsv(first), newId).after;
        const { plan, after } = upsert(stored, matterCsv(second), newId);
        const before = new Map(stored.entries.map((entry) => [entry.id, entry]));
        for (const updated of plan.updateEntries) {
          const previous = before.get(updated.id);
          expect(previous).toBeDefined();
          expect([updated.clientMatterId, updated.attorneyEmail.toLowerCase()]).toEqual([
            previous?.clientMatterId,
            previous?.attorneyEmail.toLowerCase(),
          ]);
        }
        expect(after.entries.filter((entry) => before.has(entry.id))).toHaveLength(
          stored.entries.length,
        );
        const keys = after.entries.map(
          (entry) => `${entry.clientMatterId}:${entry.attorneyEmail.toLowerCase()}`,
        );
        expect(new Set(keys).size).toBe(keys.length);
        expect(plan.result.created).toBe(plan.createEntries.length);
      }),
      { numRuns: 200 },
    );
  });
});
