import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  FeedApplication,
  FeedApplicationHead,
  RangedStatusChange,
} from "../../src/domain/feed";
import { cutRangedChanges, shapeCut } from "../../src/feed/ranged";
import { selectJobApplications } from "../../src/feed/select";
import { feedApplicationsArbitrary, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import {
  crowdedApplicationsArbitrary,
  feedOrganizationArbitrary,
  generatedFeedQuery,
} from "../support/feed";

/** What a database hands over: every change, in an order of the generator's choosing. */
function rangedChanges(
  applications: readonly FeedApplication[],
  order: readonly number[],
): RangedStatusChange[] {
  const changes = applications.flatMap(({ application }) =>
    application.statusChanges.map((change, position) => ({
      applicationId: application.id,
      position,
      statusName: change.statusName,
      statusBucketName: change.statusBucketName,
      at: Date.parse(change.at),
    })),
  );
  return changes
    .map((change, index) => ({ change, key: order[index % Math.max(order.length, 1)] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map(({ change }) => change);
}

function heads(applications: readonly FeedApplication[]): FeedApplicationHead[] {
  return applications.flatMap(({ application, candidate, job }) => {
    const { statusChanges, ...rest } = application;
    if (statusChanges.length === 0) return [];
    const latestStatusAt = statusChanges.reduce(
      (latest, change) => Math.max(latest, Date.parse(change.at)),
      Number.NEGATIVE_INFINITY,
    );
    return [{ application: rest, candidate, job, latestStatusAt }];
  });
}

/** Stored applications have distinct ids; the crowded arbitrary repeats them on purpose. */
function distinct(applications: readonly FeedApplication[]): FeedApplication[] {
  const seen = new Set<string>();
  return applications.filter(({ application }) => {
    if (seen.has(application.id)) return false;
    seen.add(application.id);
    return true;
  });
}

describe("the feed cut over status changes a store selected by time", () => {
  it("gives exactly the linear selection's records, in whatever order the changes come and whatever changes outside the range come with them", () => {
    fc.assert(
      fc.property(
        fc.oneof(feedApplicationsArbitrary, crowdedApplicationsArbitrary).map(distinct),
        feedOrganizationArbitrary,
        feedParamsArbitrary,
        fc.array(fc.integer(), { maxLength: 40 }),
        (applications, organization, params, order) => {
          const query = generatedFeedQuery(params);
          const records = shapeCut(
            cutRangedChanges(rangedChanges(applications, order), query),
            heads(applications),
            organization,
          );
          expect(JSON.stringify(records)).toBe(
            JSON.stringify(selectJobApplications(applications, query, organization)),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("refuses to shape a cut whose application the store did not hand over", () => {
    const query = generatedFeedQuery({});
    const cut = cutRangedChanges(
      [
        {
          applicationId: "gone",
          position: 0,
          statusName: "Applied",
          statusBucketName: "Active",
          at: query.end.getTime(),
        },
      ],
      query,
    );
    expect(() =>
      shapeCut(cut, [], {
        shortName: "firm",
        siteUrl: "https://x.example",
        applicationCustomFields: [],
      }),
    ).toThrow(/gone/);
  });
});
