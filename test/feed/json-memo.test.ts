import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FeedApplication } from "../../src/domain/feed";
import { FeedIndex } from "../../src/domain/feed-index";
import type { FeedQuery } from "../../src/domain/feed-query";
import { FeedJsonMemo } from "../../src/feed/json-memo";
import { feedApplicationsArbitrary, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import {
  crowdedApplicationsArbitrary,
  generatedFeedQuery,
  feedOrganizationArbitrary as organizationArbitrary,
} from "../support/feed";

const applicationsArbitrary = fc.oneof(feedApplicationsArbitrary, crowdedApplicationsArbitrary);

/** A query's bounds moved by up to a day either way (start kept at or before end). */
const shifted = (query: FeedQuery, startBy: number, endBy: number): FeedQuery => {
  const end = new Date(query.end.getTime() + endBy);
  const start = new Date(Math.min(query.start.getTime() + startBy, end.getTime()));
  return { ...query, start, end };
};
const decoder = new TextDecoder();
const text = (bytes: Uint8Array) => decoder.decode(bytes);
const dayShift = fc.integer({ min: -86_400_000, max: 86_400_000 });

describe("the feed's JSON memo", () => {
  it("property: every answer, kept or made, is the UTF-8 of serializing select's records now", () => {
    fc.assert(
      fc.property(
        applicationsArbitrary,
        organizationArbitrary,
        fc.array(fc.tuple(feedParamsArbitrary, dayShift, dayShift), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 4 }),
        (applications, organization, asks, answers) => {
          const index = new FeedIndex(applications, organization);
          const memo = new FeedJsonMemo(answers);
          // Each query asked twice, its shifted copy between: hits, misses and evictions mixed.
          for (const [params, startBy, endBy] of asks) {
            const query = generatedFeedQuery(params);
            for (const asked of [query, shifted(query, startBy, endBy), query]) {
              expect(text(memo.json(index, asked))).toBe(JSON.stringify(index.select(asked)));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: queries with the same selection key get the same records", () => {
    fc.assert(
      fc.property(
        applicationsArbitrary,
        organizationArbitrary,
        feedParamsArbitrary,
        dayShift,
        dayShift,
        (applications, organization, params, startBy, endBy) => {
          const index = new FeedIndex(applications, organization);
          const query = generatedFeedQuery(params);
          const other = shifted(query, startBy, endBy);
          const same = JSON.stringify(index.select(query)) === JSON.stringify(index.select(other));
          if (index.selectionKey(query) === index.selectionKey(other)) expect(same).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("answers a new index from its own data, though its selection key is an old index's", () => {
    const applications = sampleWithChanges(3);
    const organization = {
      shortName: "firm",
      siteUrl: "https://recruit.example",
      applicationCustomFields: [],
    };
    // The same status changes at the same times, one candidate renamed: equal keys, new bytes.
    const renamed = applications.map((entry, place) =>
      place === 0 ? { ...entry, candidate: { ...entry.candidate, lastName: "Renamed" } } : entry,
    );
    const query = {
      start: new Date(0),
      end: new Date(Date.UTC(2030, 0, 1)),
      status: null,
      bucket: null,
    };
    const before = new FeedIndex(applications, organization);
    const after = new FeedIndex(renamed, organization);
    expect(after.selectionKey(query)).toBe(before.selectionKey(query));
    const memo = new FeedJsonMemo();
    expect(text(memo.json(before, query))).toBe(JSON.stringify(before.select(query)));
    expect(text(memo.json(after, query))).toBe(JSON.stringify(after.select(query)));
    expect(text(memo.json(after, query))).toContain("Renamed");
  });

  it("keeps no answer longer than its limit, and still answers it", () => {
    const index = new FeedIndex(sampleWithChanges(5), {
      shortName: "firm",
      siteUrl: "https://recruit.example",
      applicationCustomFields: [],
    });
    const query = {
      start: new Date(0),
      end: new Date(Date.UTC(2030, 0, 1)),
      status: null,
      bucket: null,
    };
    const memo = new FeedJsonMemo(8, 2);
    expect(memo.json(index, query).byteLength).toBeGreaterThan(2);
    expect(text(memo.json(index, query))).toBe(JSON.stringify(index.select(query)));
  });
});

/** Generated applications of which the first has a status change, so every answer has a record. */
function sampleWithChanges(seed: number): FeedApplication[] {
  const [applications] = fc.sample(
    crowdedApplicationsArbitrary.filter(
      (list) => (list[0]?.application.statusChanges.length ?? 0) > 0,
    ),
    { numRuns: 1, seed },
  );
  return applications as FeedApplication[];
}
