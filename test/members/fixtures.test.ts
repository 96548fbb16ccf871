import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  memberImportResultSchema,
  memberValidationResultSchema,
  summarizeMemberImport,
  validateMemberCsv,
} from "../../src/index";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";

interface MemberFixture {
  description: string;
  product: "RECRUIT" | "PERFORM" | "UNI";
  org?: string;
  expected?: unknown;
}

const pairs = fixturePairs("members");
// `UPDATE_FIXTURES=1 npx vitest run test/members/fixtures.test.ts` rewrites `expected`; review the diff.
const updating = process.env.UPDATE_FIXTURES === "1";

describe("member fixtures: each CSV gives exactly the JSON beside it", () => {
  it("has at least 40 fixtures", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
  });

  for (const pair of pairs) {
    const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as MemberFixture;
    it(`${pair.name}: ${fixture.description}`, () => {
      const snapshot = loadSnapshot(
        resolve(dirname(pair.json), fixture.org ?? `${FIXTURES}/org.json`),
      );
      const verdict = validateMemberCsv(readFileSync(pair.csv), {
        product: fixture.product,
        organization: snapshot.organization,
        members: snapshot.members,
        externalUserEmails: snapshot.externalUserEmails,
        now: FIXTURE_NOW,
      });
      const body = verdict.ok
        ? memberImportResultSchema.parse(
            summarizeMemberImport(verdict.rows, snapshot.members, fixture.product),
          )
        : memberValidationResultSchema.parse(verdict.result);
      if (updating) {
        writeFileSync(pair.json, `${JSON.stringify({ ...fixture, expected: body }, null, 2)}\n`);
        return;
      }
      expect(fixture.expected, "fixture has no expected body").toBeDefined();
      expect(body).toEqual(fixture.expected);
    });
  }
});
