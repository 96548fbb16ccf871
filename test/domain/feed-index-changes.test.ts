import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FeedApplication } from "../../src/domain/feed";
import { FeedIndex } from "../../src/domain/feed-index";
import { feedApplicationsArbitrary, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import {
  crowdedApplicationsArbitrary,
  generatedFeedQuery,
  feedOrganizationArbitrary as organizationArbitrary,
} from "../support/feed";

const stepArbitrary = fc.record({
  batch: fc.oneof(feedApplicationsArbitrary, crowdedApplicationsArbitrary),
  reuse: fc.array(fc.option(fc.nat(), { nil: undefined })),
  remove: fc.array(fc.nat(), { maxLength: 4 }),
  sibling: fc.boolean(),
});

function withId(source: FeedApplication, id: string): FeedApplication {
  return { ...source, application: { ...source.application, id } };
}

const json = (value: unknown) => JSON.stringify(value);

/** The applications with ids made unique by their place (generated lists may repeat one). */
function uniqueIds(list: FeedApplication[]): FeedApplication[] {
  return list.map((source, at) => withId(source, `${source.application.id}-${at}`));
}

describe("the feed index, changed", () => {
  it("after any sequence of upserts and erasures answers every query as an index built fresh from the same applications, and older versions answer as before", () => {
    fc.assert(
      fc.property(
        feedApplicationsArbitrary.map(uniqueIds),
        fc.array(stepArbitrary, { maxLength: 8 }),
        organizationArbitrary,
        feedParamsArbitrary,
        (initial, steps, organization, params) => {
          const query = generatedFeedQuery(params);
          const current = new Map(initial.map((source) => [source.application.id, source]));
          let index = new FeedIndex(initial, organization);
          for (const [number, step] of steps.entries()) {
            const ids = [...current.keys()];
            const upserted = step.batch.map((source, at) => {
              const reuse = step.reuse[at];
              return withId(
                source,
                reuse !== undefined && ids.length > 0
                  ? (ids[reuse % ids.length] as string)
                  : `new-${number}-${at}`,
              );
            });
            const upsertedIds = new Set(upserted.map((source) => source.application.id));
            const removed =
              ids.length === 0
                ? []
                : [...new Set(step.remove.map((n) => ids[n % ids.length] as string))].filter(
                    (id) => !upsertedIds.has(id),
                  );
            const before = index;
            const answeredBefore = json(before.select(query));
            // A version made and dropped (a transaction that failed) must not leak into the next.
            if (step.sibling) before.withChanges({ upserted: step.batch.slice(0, 2), removed: [] });
            index = index.withChanges({ upserted, removed });
            for (const source of upserted) current.set(source.application.id, source);
            for (const id of removed) current.delete(id);
            expect(json(index.select(query))).toBe(
              json(new FeedIndex([...current.values()], organization).select(query)),
            );
            if (removed.length === 0 && !step.sibling)
              expect(json(before.select(query))).toBe(answeredBefore);
          }
          const changesNow = [...current.values()].reduce(
            (sum, source) => sum + source.application.statusChanges.length,
            0,
          );
          expect(index.statusChangeCount).toBe(changesNow);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reshaped for another organization answers as an index built fresh for it", () => {
    fc.assert(
      fc.property(
        feedApplicationsArbitrary,
        feedApplicationsArbitrary,
        organizationArbitrary,
        organizationArbitrary,
        feedParamsArbitrary,
        (some, added, first, second, params) => {
          const initial = uniqueIds(some);
          const query = generatedFeedQuery(params);
          const renamed = added.map((source, at) => withId(source, `added-${at}`));
          const index = new FeedIndex(initial, first)
            .withChanges({ upserted: renamed, removed: [] })
            .withOrganization(second);
          expect(json(index.select(query))).toBe(
            json(new FeedIndex([...initial, ...renamed], second).select(query)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("hands over, after changes, exactly the current applications with a change in the range", () => {
    fc.assert(
      fc.property(
        crowdedApplicationsArbitrary,
        crowdedApplicationsArbitrary,
        fc.integer({ min: Date.UTC(2026, 1, 1), max: Date.UTC(2026, 4, 1) }),
        fc.integer({ min: 0, max: 60 * 86_400_000 }),
        (crowded, more, start, length) => {
          const initial = uniqueIds(crowded);
          const added = more.map((source, at) =>
            withId(
              source,
              at % 2 === 0 ? `new-${at}` : (initial[at]?.application.id ?? `new-${at}`),
            ),
          );
          const organization = {
            shortName: "firm",
            siteUrl: "https://recruit.example",
            applicationCustomFields: [],
          };
          const erased = initial.slice(0, 1).map((source) => source.application.id);
          const index = new FeedIndex(initial, organization).withChanges({
            upserted: added,
            removed: erased,
          });
          const addedIds = new Set(added.map((source) => source.application.id));
          const current = [
            ...initial.filter(
              (source) =>
                !addedIds.has(source.application.id) && !erased.includes(source.application.id),
            ),
            ...added,
          ];
          const inRange = (source: FeedApplication) =>
            source.application.statusChanges.some((change) => {
              const at = Date.parse(change.at);
              return at >= start && at <= start + length;
            });
          const ids = (list: FeedApplication[]) =>
            list.map((source) => source.application.id).sort();
          expect(ids(index.applicationsInRange(start, start + length))).toEqual(
            ids(current.filter(inRange)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("erases an application from older versions too, at once", () => {
    const [crowded] = fc.sample(
      crowdedApplicationsArbitrary.filter((list) => list.length > 1),
      { numRuns: 1, seed: 11 },
    ) as [FeedApplication[]];
    const applications = uniqueIds(crowded);
    const organization = {
      shortName: "firm",
      siteUrl: "https://recruit.example",
      applicationCustomFields: [],
    };
    const older = new FeedIndex(applications, organization);
    const erasedId = (applications[0] as FeedApplication).application.id;
    const query = generatedFeedQuery({
      job_application_status_start: "2026-01-01T00:00:00Z",
      job_application_status_end: "2026-06-30T00:00:00Z",
    });
    expect(json(older.select(query))).toContain(json(erasedId));
    older.withChanges({ upserted: [], removed: [erasedId] });
    expect(json(older.select(query))).not.toContain(json(erasedId));
  });
});
