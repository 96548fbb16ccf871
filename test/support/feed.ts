import fc from "fast-check";
import { applicationSchema, type FeedApplication, type Job } from "../../src/domain/feed";
import type { FeedQuery } from "../../src/domain/feed-query";
import type { FeedOrganization } from "../../src/domain/feed-record";
import { parseFeedQuery } from "../../src/feed/params";
import { FEED_PIPELINES, FEED_WINDOW } from "../../src/testing/feed-arbitraries";

/** A job with every optional field blank, for records whose job does not matter. */
export const PLAIN_JOB: Job = {
  id: "job-1",
  title: "Associate",
  department: "",
  officeLocation: "",
  employmentType: "",
  hiringType: "",
  position: "",
  requisitionId: null,
  public: false,
  publicTitle: null,
  description: "",
  openDate: null,
  closeDate: null,
};

/**
 * The query of generated parameters at the end of the arbitraries' window; parameters the feed
 * refuses are discarded from the property's runs.
 */
export function generatedFeedQuery(params: Record<string, string>): FeedQuery {
  const result = parseFeedQuery(params, {
    now: new Date(FEED_WINDOW.end),
    pipelines: FEED_PIPELINES,
  });
  fc.pre(result.ok);
  return (result as Extract<typeof result, { ok: true }>).query;
}

const STEPS = FEED_PIPELINES.flatMap((pipeline) => pipeline.steps);

/** Organizations with and without custom fields shown on applications. */
export const feedOrganizationArbitrary: fc.Arbitrary<FeedOrganization> = fc.record({
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
export const crowdedApplicationsArbitrary: fc.Arbitrary<FeedApplication[]> = fc
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
        jobId: PLAIN_JOB.id,
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
      job: PLAIN_JOB,
    })),
  );
