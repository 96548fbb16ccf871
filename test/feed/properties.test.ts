import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jobApplicationListSchema } from "../../src/domain/feed-record";
import { pageJobApplications, selectJobApplications } from "../../src/feed/select";
import { feedApplicationsArbitrary, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import { generatedFeedQuery } from "../support/feed";

const organization = {
  shortName: "firm",
  siteUrl: "https://recruit.example",
  applicationCustomFields: [],
};
const parsed = generatedFeedQuery;

describe("feed selection properties", () => {
  it("every returned status lies inside the inclusive range and matches the filters, oldest first", () => {
    fc.assert(
      fc.property(feedApplicationsArbitrary, feedParamsArbitrary, (applications, params) => {
        const query = parsed(params);
        for (const record of selectJobApplications(applications, query, organization)) {
          expect(record.jobApplicationStatuses.length).toBeGreaterThan(0);
          let previous = Number.NEGATIVE_INFINITY;
          for (const status of record.jobApplicationStatuses) {
            const at = Date.parse(status.statusUpdatedAt);
            expect(at).toBeGreaterThanOrEqual(query.start.getTime());
            expect(at).toBeLessThanOrEqual(query.end.getTime());
            expect(at).toBeGreaterThanOrEqual(previous);
            previous = at;
            if (query.status !== null) expect(status.statusName.toLowerCase()).toBe(query.status);
            if (query.bucket !== null)
              expect(status.statusBucketName.toLowerCase()).toBe(query.bucket);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("no application with a matching in-range status is missing, and none appears twice", () => {
    fc.assert(
      fc.property(feedApplicationsArbitrary, feedParamsArbitrary, (applications, params) => {
        const query = parsed(params);
        const returned = selectJobApplications(applications, query, organization).map(
          (record) => record.applicationId,
        );
        const expected = applications
          .filter(({ application }) =>
            application.statusChanges.some((change) => {
              const at = Date.parse(change.at);
              return (
                at >= query.start.getTime() &&
                at <= query.end.getTime() &&
                (query.status === null || change.statusName.toLowerCase() === query.status) &&
                (query.bucket === null || change.statusBucketName.toLowerCase() === query.bucket)
              );
            }),
          )
          .map(({ application }) => application.id);
        expect([...returned].sort()).toEqual([...expected].sort());
        expect(new Set(returned).size).toBe(returned.length);
      }),
      { numRuns: 300 },
    );
  });

  it("the output validates against the exported zod schema, and the last update is the latest change overall", () => {
    fc.assert(
      fc.property(feedApplicationsArbitrary, feedParamsArbitrary, (applications, params) => {
        const records = selectJobApplications(applications, parsed(params), organization);
        jobApplicationListSchema.parse(records);
        for (const record of records) {
          const source = applications.find(
            ({ application }) => application.id === record.applicationId,
          );
          const latest = Math.max(
            ...(source?.application.statusChanges ?? []).map((change) => Date.parse(change.at)),
          );
          expect(Date.parse(record.jobApplicationLastStatusUpdate)).toBe(latest);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("paging through with any page size returns exactly the unpaged result", () => {
    fc.assert(
      fc.property(
        feedApplicationsArbitrary,
        feedParamsArbitrary,
        fc.integer({ min: 1, max: 7 }),
        (applications, params, limit) => {
          const all = selectJobApplications(applications, parsed(params), organization);
          const paged = [];
          let cursor: string | null = null;
          for (let pages = 0; pages <= all.length; pages++) {
            const page = pageJobApplications(all, { limit, cursor });
            if (!page.ok) throw new Error(page.message);
            expect(page.items.length).toBeLessThanOrEqual(limit);
            paged.push(...page.items);
            cursor = page.nextCursor;
            if (cursor === null) break;
          }
          expect(cursor).toBeNull();
          expect(paged).toEqual(all);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("pageJobApplications", () => {
  it("refuses a cursor it did not issue and a limit below 1", () => {
    expect(pageJobApplications([], { cursor: "not-a-cursor" })).toEqual({
      ok: false,
      message: "The cursor is not one this feed issued.",
    });
    expect(pageJobApplications([], { limit: 0 })).toEqual({
      ok: false,
      message: "The limit must be at least 1.",
    });
  });
});
