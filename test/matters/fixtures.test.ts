import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkMatterCsv,
  flattenCycle,
  matterUpsertResultSchema,
  matterValidationResultSchema,
  performMemberEmails,
  planMatterUpsert,
} from "../../src/index";
import { FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";

interface MatterFixture {
  description: string;
  ruleSet: "upsert" | "legacy";
  reviewCycle?: string;
  expected?: unknown;
  expectedUpsert?: unknown;
}

const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
const pairs = fixturePairs("matters");
// `UPDATE_FIXTURES=1 npx vitest run test/matters/fixtures.test.ts` rewrites the expectations; review the diff.
const updating = process.env.UPDATE_FIXTURES === "1";

describe("matter fixtures: each CSV gives exactly the JSON beside it", () => {
  it("has at least 30 fixtures", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(30);
  });

  for (const pair of pairs) {
    const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as MatterFixture;
    it(`${pair.name}: ${fixture.description}`, () => {
      const check = checkMatterCsv(readFileSync(pair.csv), {
        ruleSet: fixture.ruleSet,
        performMemberEmails: performMemberEmails(snapshot),
      });
      const body = matterValidationResultSchema.parse(check.result);
      let upsert: unknown;
      if (fixture.reviewCycle !== undefined && check.ok) {
        const cycle = snapshot.reviewCycles.find(
          (candidate) => candidate.id === fixture.reviewCycle,
        );
        if (cycle === undefined) throw new Error(`no review cycle ${fixture.reviewCycle}`);
        const { entries, clientMatters } = flattenCycle(cycle);
        let id = 0;
        upsert = matterUpsertResultSchema.parse(
          planMatterUpsert(check.rows, entries, clientMatters, () => `new-${++id}`).result,
        );
      }
      if (updating) {
        const next = {
          ...fixture,
          expected: body,
          ...(upsert === undefined ? {} : { expectedUpsert: upsert }),
        };
        writeFileSync(pair.json, `${JSON.stringify(next, null, 2)}\n`);
        return;
      }
      expect(fixture.expected, "fixture has no expected body").toBeDefined();
      expect(body).toEqual(fixture.expected);
      expect(upsert).toEqual(fixture.expectedUpsert);
    });
  }
});
