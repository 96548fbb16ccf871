import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FeedIndex } from "../../src/feed/feed-index";
import { applicationSchema, type FeedApplication } from "../../src/feed/model";
import type { FeedOrganization } from "../../src/feed/record";
import { selectJobApplications } from "../../src/feed/select";
import {
  FEED_PIPELINES,
  feedApplicationsArbitrary,
  feedParamsArbitrary,
} from "../../src/testing/feed-arbitraries";
import { generatedFeedQuery, PLAIN_JOB } from "../support/feed";

const STEPS = FEED_PIPELINES.flatMap((pipeline) => pipeline.steps);
const JOB = PLAIN_JOB;

const organizationArbitrary: fc.Arbitrary<FeedOrganization> = fc.record({
  shortName: fc.constantFrom("firm", "a b"),
  siteUrl: fc.constant("https://recruit.example/"),
  applicationCustomFields: fc.subarray([
    { id: "q1", title: "Visa", type: "BOOLEAN" as const, showOnJobApplication: true },
    { id: "q2", title: "Areas", type: "MULTI_SELECT" as const, showOnJobApplication: true },
    { id: "q3", title: "Internal", type: "FREE_TEXT" as const, showOnJobApplication: false },
  ]),
});

/**
 * Applications whose changes fall on a handful of instants (so latest changes often tie) and whose
 * ids may repeat, with education and custom-field answers: the cases where order is decided by
 * ties and where the fixed part of a record has content.
 */
const crowdedApplicationsArbitrary: fc.Arbitrary<FeedApplication[]> = fc
  .array(
    fc.record({
      id: fc.constantFrom("app-a", "app-b", "app-c", "app-d"),
      changes: fc.array(
        fc.record({
          step: fc.constantFrom(...STEPS),
          at: fc.constantFrom(
            "2026-03-01T00:00:00Z",
            "2026-03-01T00:00:00.000Z",
            "2026-03-01T01:00:00+01:00",
            "2026-03-02T12:30:00Z",
            "2026-04-15T08:00:00Z",
          ),
        }),
        { maxLength: 5 },
      ),
      education: fc.array(
        fc.record({
          university: fc.constantFrom("Yale", "Oxford"),
          endDate: fc.constantFrom(null, "2020-06-01", "2024-06-01"),
        }),
        { maxLength: 2 },
      ),
      visa: fc.constantFrom(null, true, false),
    }),
    { maxLength: 20 },
  )
  .map((drafts) =>
    drafts.map((draft, index) => ({
      application: applicationSchema.parse({
        id: draft.id,
        candidateId: `cand-${index}`,
        jobId: JOB.id,
        statusChanges: draft.changes.map(({ step, at }) => ({
          statusName: step.name,
          statusBucketName: step.bucket,
          at,
        })),
        education: draft.education,
        customFieldAnswers: [
          { customFieldId: "q1", value: draft.visa },
          { customFieldId: "q2", value: ["Tax", "IP"] },
        ],
      }),
      candidate: {
        id: `cand-${index}`,
        firstName: "C",
        lastName: `${index}`,
        email: null,
        phone: null,
      },
      job: JOB,
    })),
  );

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
