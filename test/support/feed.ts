import fc from "fast-check";
import type { Job } from "../../src/feed/model";
import { type FeedQuery, parseFeedQuery } from "../../src/feed/params";
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
