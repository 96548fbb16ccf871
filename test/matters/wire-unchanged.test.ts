import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { performMemberEmails } from "../../src/domain/snapshot";
import { checkMatterCsv, validateMatterCsv } from "../../src/matters/validate";
import { runCliInMemory } from "../support/cli";
import { FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import { ANY_MATTER_ATTORNEYS, anyMatterBytes } from "../support/matter-files";
import { oracleMatterWireBody } from "../support/matter-wire-oracle";

// Issue 20 gave every matter cell problem a reason beside the wire body; the body itself (the
// spec's `rowErrors` with `columnsWithErrors`) must not change by a byte.

const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
const attorneys = performMemberEmails(snapshot);

describe("the matter validators' wire body is unchanged byte for byte", () => {
  for (const pair of fixturePairs("matters")) {
    const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
      ruleSet: "upsert" | "legacy";
      expected: unknown;
    };
    it(`${pair.name}: the library's body and rpdi validate --json print the fixture's JSON exactly`, async () => {
      const csv = readFileSync(pair.csv);
      const options = { ruleSet: fixture.ruleSet, performMemberEmails: attorneys };
      const body = validateMatterCsv(csv, options);
      expect(JSON.stringify(body)).toBe(JSON.stringify(fixture.expected));
      expect(JSON.stringify(oracleMatterWireBody(csv, options))).toBe(JSON.stringify(body));
      const args = ["validate", "matters", pair.csv, "--org", join(FIXTURES, "org.json"), "--json"];
      if (fixture.ruleSet === "legacy") args.push("--legacy");
      const { out } = await runCliInMemory(args);
      expect(out).toBe(`${JSON.stringify(fixture.expected, null, 2)}\n`);
    });
  }
});

describe("matter wire body properties", () => {
  it("for any bytes and either rule set, the body equals byte for byte the one the pre-reasons engine gave", () => {
    fc.assert(
      fc.property(anyMatterBytes, fc.constantFrom("upsert", "legacy"), (file, ruleSet) => {
        const options = { ruleSet, performMemberEmails: ANY_MATTER_ATTORNEYS } as const;
        expect(JSON.stringify(validateMatterCsv(file, options))).toBe(
          JSON.stringify(oracleMatterWireBody(file, options)),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("for any bytes, the (row, column) pairs of the problems are exactly the pairs of the pre-reasons engine's body", () => {
    fc.assert(
      fc.property(anyMatterBytes, fc.constantFrom("upsert", "legacy"), (file, ruleSet) => {
        const options = { ruleSet, performMemberEmails: ANY_MATTER_ATTORNEYS } as const;
        const pairs = new Set(
          checkMatterCsv(file, options).problems.map(
            (problem) => `${problem.rowNumber} ${problem.column}`,
          ),
        );
        const oldPairs = new Set(
          oracleMatterWireBody(file, options).rowErrors.flatMap((error) =>
            error.columnsWithErrors.map((column) => `${error.rowNumber} ${column}`),
          ),
        );
        expect(pairs).toEqual(oldPairs);
      }),
      { numRuns: 500 },
    );
  });

  it("for any bytes, every problem's message names its column, and a cross-row problem's rows include its own and all break the same rule", () => {
    fc.assert(
      fc.property(anyMatterBytes, fc.constantFrom("upsert", "legacy"), (file, ruleSet) => {
        const { problems } = checkMatterCsv(file, {
          ruleSet,
          performMemberEmails: ANY_MATTER_ATTORNEYS,
        });
        const rulesByRow = new Map<number, Set<string>>();
        for (const problem of problems) {
          const rules = rulesByRow.get(problem.rowNumber) ?? new Set();
          rulesByRow.set(problem.rowNumber, rules.add(problem.rule));
        }
        for (const problem of problems) {
          expect(problem.message).toContain(problem.column);
          if (problem.relatedRows.length === 0) continue;
          expect(problem.relatedRows).toContain(problem.rowNumber);
          expect(problem.relatedRows.length).toBeGreaterThanOrEqual(2);
          for (const other of problem.relatedRows) {
            expect(rulesByRow.get(other)?.has(problem.rule)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
