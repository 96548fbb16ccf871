import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { boardJobSchema } from "../../src/jobs/board";
import { createMemoryStore } from "../../src/memory/store";
import {
  jobBoardNowArbitrary,
  jobBoardSnapshotArbitrary,
} from "../../src/testing/job-board-arbitraries";

const ORG = { id: "org-board", shortName: "board" };
const BOARD_KEYS = Object.keys(boardJobSchema.shape).sort();

/** Every string value of the candidates and applications: none may reach a public answer. */
function candidateValues(snapshot: ReturnType<typeof organizationSnapshotSchema.parse>): string[] {
  const values = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string" && value.startsWith("candidate-")) values.add(value);
    else if (typeof value === "number") values.add(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(snapshot.candidates);
  walk(snapshot.applications.map(({ jobId: _job, ...application }) => application));
  return [...values].filter((value) => value.length >= 6);
}

describe("the public job board leaks no candidate or application data", () => {
  it("property: no body of the board (list or job) holds a candidate or application value or a field beyond the board's", async () => {
    await fc.assert(
      fc.asyncProperty(jobBoardSnapshotArbitrary(ORG), jobBoardNowArbitrary, async (input, now) => {
        const snapshot = organizationSnapshotSchema.parse(input);
        const handler = createHttpHandler({
          store: createMemoryStore(snapshot),
          tokenSecret: "test-only-secret-of-at-least-32-bytes!!",
          now: () => now,
        });
        const get = (path: string) => handler(new Request(`http://rpdi.test${path}`));
        const bodies = [await (await get("/v1/job-board/board/jobs")).text()];
        for (const job of snapshot.jobs)
          bodies.push(await (await get(`/v1/job-board/board/jobs/${job.id}`)).text());
        const secrets = candidateValues(snapshot);
        for (const body of bodies) {
          for (const secret of secrets) expect(body).not.toContain(secret);
          expect(body).not.toMatch(/candidate|application|salary|email|phone|requisition/i);
          const parsed = JSON.parse(body) as { jobs?: object[] } | object;
          const jobs = "jobs" in parsed ? (parsed.jobs ?? []) : "id" in parsed ? [parsed] : [];
          for (const job of jobs) expect(Object.keys(job).sort()).toEqual(BOARD_KEYS);
        }
      }),
      { numRuns: 60 },
    );
  });
});
