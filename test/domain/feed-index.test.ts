import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applicationSchema, type FeedApplication } from "../../src/domain/feed";
import { FeedIndex } from "../../src/domain/feed-index";
import { selectJobApplications } from "../../src/feed/select";
import { feedApplicationsArbitrary, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import {
  crowdedApplicationsArbitrary,
  generatedFeedQuery,
  feedOrganizationArbitrary as organizationArbitrary,
  PLAIN_JOB,
} from "../support/feed";

const query = generatedFeedQuery;

describe("the feed index", () => {
  it("answers every query with exactly the linear selection's records, fields in the same order", () => {
    fc.assert(
      fc.property(
        fc.oneof(feedApplicationsArbitrary, crowdedApplicationsArbitrary),
        organizationArbitrary,
        feedParamsArbitrary,
        (applications, organization, params) => {
          const parsed = query(params);
          const index = new FeedIndex(applications, organization);
          expect(JSON.stringify(index.select(parsed))).toBe(
            JSON.stringify(selectJobApplications(applications, parsed, organization)),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("hands over, in stored order, exactly the applications with a change in the range", () => {
    fc.assert(
      fc.property(
        crowdedApplicationsArbitrary,
        fc.integer({ min: Date.UTC(2026, 1, 1), max: Date.UTC(2026, 4, 1) }),
        fc.integer({ min: 0, max: 60 * 86_400_000 }),
        (applications, start, length) => {
          const index = new FeedIndex(applications, {
            shortName: "firm",
            siteUrl: "https://recruit.example",
            applicationCustomFields: [],
          });
          const expected = applications.filter(({ application }) =>
            application.statusChanges.some((change) => {
              const at = Date.parse(change.at);
              return at >= start && at <= start + length;
            }),
          );
          expect(index.applicationsInRange(start, start + length)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("shares its records' custom fields and education only frozen, so no caller can change the index", () => {
    const [source] = fc.sample(
      crowdedApplicationsArbitrary.filter((list) => list.length > 0),
      {
        numRuns: 1,
        seed: 7,
      },
    )[0] as FeedApplication[];
    const application = applicationSchema.parse({
      ...(source as FeedApplication).application,
      statusChanges: [
        { statusName: "Applied", statusBucketName: "Active", at: "2026-03-01T00:00:00Z" },
      ],
      education: [{ university: "Yale", endDate: "2020-06-01" }],
    });
    const index = new FeedIndex([{ ...(source as FeedApplication), application }], {
      shortName: "firm",
      siteUrl: "https://recruit.example",
      applicationCustomFields: [
        { id: "q2", title: "Areas", type: "MULTI_SELECT", showOnJobApplication: true },
      ],
    });
    const [record] = index.select(query({ job_application_status_start: "2026-01-01" }));
    expect(record?.jobApplicationStatuses).toHaveLength(1);
    expect(Object.isFrozen(record)).toBe(false);
    expect(Object.isFrozen(record?.jobApplicationStatuses)).toBe(false);
    expect(Object.isFrozen(record?.educationHistory?.[0])).toBe(true);
    expect(Object.isFrozen(record?.customFields?.[0]?.customFieldAnswer)).toBe(true);
  });
});

describe("the feed index at scale", () => {
  it("orders 150,000 applications whose latest changes share one instant, by id", () => {
    const applications: FeedApplication[] = Array.from({ length: 150_000 }, (_, n) => ({
      application: applicationSchema.parse({
        id: `app-${String(149_999 - n).padStart(6, "0")}`,
        candidateId: `cand-${n}`,
        jobId: "job-1",
        statusChanges: [
          { statusName: "Applied", statusBucketName: "Active", at: "2026-03-01T00:00:00Z" },
        ],
      }),
      candidate: { id: `cand-${n}`, firstName: "C", lastName: `${n}`, email: null, phone: null },
      job: PLAIN_JOB,
    }));
    const index = new FeedIndex(applications, {
      shortName: "firm",
      siteUrl: "https://recruit.example",
      applicationCustomFields: [],
    });
    const records = index.select(
      generatedFeedQuery({ job_application_status_start: "2026-02-01" }),
    );
    expect(records).toHaveLength(150_000);
    expect(records[0]?.applicationId).toBe("app-000000");
    expect(records[149_999]?.applicationId).toBe("app-149999");
  });
});
