import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jobApplicationListSchema } from "../../src/domain/feed-record";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { FIXTURES } from "../support/fixtures";

interface FeedCase {
  name: string;
  params: Record<string, string>;
  expected?: unknown;
}

const NOW = new Date("2026-06-15T12:00:00Z");
const casesPath = join(FIXTURES, "feed/cases.json");
const cases = JSON.parse(readFileSync(casesPath, "utf8")) as FeedCase[];
const store = createMemoryStore(JSON.parse(readFileSync(join(FIXTURES, "feed/org.json"), "utf8")));
// `UPDATE_FIXTURES=1 npx vitest run test/feed/fixtures.test.ts` rewrites `expected`; review the diff.
const updating = process.env.UPDATE_FIXTURES === "1";
const answers: FeedCase[] = [];

describe("feed fixtures: each query gives exactly the expected answer (now = 2026-06-15T12:00:00Z)", () => {
  for (const feedCase of cases) {
    it(feedCase.name, async () => {
      const outcome = await queryJobApplications(store, {
        orgId: "org-feed",
        params: feedCase.params,
        now: NOW,
      });
      const answer = outcome.ok
        ? { status: 200, body: jobApplicationListSchema.parse(outcome.items) }
        : { status: 400, error: outcome.error };
      if (updating) {
        answers.push({ ...feedCase, expected: answer });
        if (answers.length === cases.length)
          writeFileSync(casesPath, `${JSON.stringify(answers, null, 2)}\n`);
        return;
      }
      expect(answer).toEqual(feedCase.expected);
    });
  }
});
