import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JobApplication } from "../../src/client/index";
import { clientOf, feedRecord, json, type SentRequest, StubService } from "./stub-service";

/*
 * feed.pull() against a stub feed that answers from an in-memory list, honouring the query's
 * start and end (inclusive both ends, or with an exclusive end): the windows' union must be what
 * one request over the whole range gives, each application once, its status changes merged.
 */

interface StoredApplication {
  id: string;
  statuses: { name: string; at: number }[];
}

type EndBound = "inclusive" | "exclusive";

function feedService(applications: readonly StoredApplication[], end: EndBound) {
  const windows: { start: number; end: number }[] = [];
  const service = new StubService({
    api: (request: SentRequest) => {
      const start = Date.parse(request.url.searchParams.get("job_application_status_start") ?? "");
      const until = Date.parse(request.url.searchParams.get("job_application_status_end") ?? "");
      windows.push({ start, end: until });
      const inRange = (at: number) =>
        at >= start && (end === "inclusive" ? at <= until : at < until);
      const answer: JobApplication[] = [];
      for (const application of applications) {
        const shown = application.statuses.filter((status) => inRange(status.at));
        if (shown.length === 0) continue;
        // The last update is over every change, in the range or not (the spec).
        const last = Math.max(...application.statuses.map((status) => status.at));
        answer.push(feedRecord(application.id, shown, last));
      }
      return json(answer);
    },
  });
  return { service, windows };
}

/** Each application's status changes as comparable keys. */
function changes(records: readonly JobApplication[]): Map<string, string[]> {
  return new Map(
    records.map((record) => [
      record.applicationId,
      record.jobApplicationStatuses
        .map((status) => `${status.statusName}@${Date.parse(status.statusUpdatedAt)}`)
        .sort(),
    ]),
  );
}

async function pulled(
  service: StubService,
  since: Date,
  until: Date,
  windowMs: number,
): Promise<JobApplication[]> {
  const out: JobApplication[] = [];
  for await (const application of clientOf(service).feed.pull({ since, until, windowMs }))
    out.push(application);
  return out;
}

const DAY = 86_400_000;
const SINCE = Date.parse("2026-01-01T00:00:00Z");

describe("feed.pull() over windows", () => {
  for (const bound of ["inclusive", "exclusive"] as const) {
    it(`changes on, just before and just after window boundaries are each kept once (end ${bound})`, async () => {
      const windowMs = 7 * DAY;
      const stride = windowMs - 1000;
      const edges = [-1000, -1, 0, 1, 999, 1000];
      const applications: StoredApplication[] = edges.flatMap((edge, index) =>
        [1, 2, 3].map((k) => ({
          id: `app-${index}-${k}`,
          statuses: [
            { name: "Applied", at: SINCE + k * stride + edge },
            { name: "Interview", at: SINCE + k * windowMs + edge },
          ],
        })),
      );
      const { service, windows } = feedService(applications, bound);
      const until = new Date(SINCE + 30 * DAY);
      const all = await pulled(service, new Date(SINCE), until, windowMs);
      const windowCount = windows.length;
      const one = await clientOf(service).feed.jobApplications({
        start: new Date(SINCE),
        end: until,
      });
      expect(windowCount).toBe(5);
      expect(all.map((record) => record.applicationId).sort()).toEqual(
        applications.map((application) => application.id).sort(),
      );
      expect(changes(all)).toEqual(changes(one));
    });
  }

  for (const bound of ["inclusive", "exclusive"] as const) {
    it(`property (end ${bound}): for random applications, status times and window sizes, the pulled set equals one request over the whole range, each application exactly once, statuses merged with no duplicate and no loss`, async () => {
      const statusArbitrary = fc.record({
        name: fc.constantFrom("Applied", "Screen", "Interview", "Offer"),
        // Near a window boundary (k-th stride, plus or minus a little) or anywhere in the range.
        near: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        edge: fc.constantFrom(-1001, -1000, -999, -1, 0, 1, 500, 999, 1000, 1001),
        anywhere: fc.double({ min: -0.2, max: 1.2, noNaN: true }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 60, max: 20 * 86_400 }),
          fc.double({ min: 0.02, max: 1.5, noNaN: true }),
          fc.array(fc.array(statusArbitrary, { minLength: 1, maxLength: 5 }), {
            maxLength: 25,
          }),
          async (rangeSeconds, windowFraction, stored) => {
            const rangeMs = rangeSeconds * 1000;
            const windowMs = Math.max(60_000, Math.floor(rangeMs * windowFraction));
            const stride = Math.floor(windowMs / 1000) * 1000 - 1000;
            const applications: StoredApplication[] = stored.map((statuses, index) => {
              const seen = new Set<string>();
              return {
                id: `app-${index}`,
                statuses: statuses
                  .map((status) => ({
                    name: status.name,
                    at:
                      status.near === undefined
                        ? SINCE + Math.round(status.anywhere * rangeMs)
                        : SINCE + status.near * stride + status.edge,
                  }))
                  .filter((status) => {
                    const key = `${status.name}@${status.at}`;
                    if (seen.has(key)) return false;
                    seen.add(key);
                    return true;
                  }),
              };
            });
            const { service } = feedService(applications, bound);
            const since = new Date(SINCE);
            const until = new Date(SINCE + rangeMs);
            const all = await pulled(service, since, until, windowMs);
            const one = await clientOf(service).feed.jobApplications({ start: since, end: until });
            const ids = all.map((record) => record.applicationId);
            expect(new Set(ids).size).toBe(ids.length);
            expect([...ids].sort()).toEqual(one.map((record) => record.applicationId).sort());
            expect(changes(all)).toEqual(changes(one));
            for (const record of all) {
              const keys = changes([record]).get(record.applicationId) ?? [];
              expect(new Set(keys).size).toBe(keys.length);
            }
          },
        ),
        { numRuns: 80 },
      );
    });
  }

  it("an application changed again after the range is still yielded once, with only its changes in range", async () => {
    const applications: StoredApplication[] = [
      {
        id: "late",
        statuses: [
          { name: "Applied", at: SINCE + DAY },
          { name: "Offer", at: SINCE + 400 * DAY },
        ],
      },
    ];
    const { service } = feedService(applications, "inclusive");
    const all = await pulled(service, new Date(SINCE), new Date(SINCE + 20 * DAY), 2 * DAY);
    expect(all).toHaveLength(1);
    expect(all[0]?.jobApplicationStatuses.map((status) => status.statusName)).toEqual(["Applied"]);
  });
});
