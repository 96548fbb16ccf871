import { parseFeedQuery } from "../../src/feed/params";
import { queryJobApplications } from "../../src/feed/query";
import { selectJobApplications } from "../../src/feed/select";
import { createMemoryStore } from "../../src/store/memory";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { FEED_NOW, generateFeedSnapshot } from "./feed-data";
import { median } from "./timing";

const NOW = FEED_NOW;

export interface FeedFigures {
  applications: number;
  statusChanges: number;
  loadMs: number;
  queries: { label: string; returned: number; indexedMs: number; scanMs: number; ratio: number }[];
}

/**
 * The feed: applications with ten status changes each over the year before now. Times
 * one-week and 30-day queries through the memory store's index against a full scan (the pure
 * selection over every application) of the same data.
 */
export async function benchFeed(
  applicationCount: number,
  changesEach: number,
  runs: number,
): Promise<FeedFigures> {
  const snapshot = generateFeedSnapshot("bench", applicationCount, changesEach);
  const loadStart = performance.now();
  const store = createMemoryStore(snapshot);
  const loadMs = performance.now() - loadStart;
  const everything = snapshot.applications.map((application, index) => ({
    application,
    candidate: snapshot.candidates[index] as (typeof snapshot.candidates)[number],
    job: snapshot.jobs.find(
      (job) => job.id === application.jobId,
    ) as (typeof snapshot.jobs)[number],
  }));
  const queries = [];
  for (const [label, days] of [
    ["one week", 7],
    ["30 days", 30],
  ] as const) {
    const params = {
      job_application_status_start: new Date(NOW.getTime() - days * 86_400_000)
        .toISOString()
        .slice(0, 19),
    };
    const parsed = parseFeedQuery(params, { now: NOW, pipelines: FEED_PIPELINES });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const indexed: number[] = [];
    const scanned: number[] = [];
    let returned = 0;
    for (let run = 0; run < runs; run++) {
      let start = performance.now();
      const outcome = await queryJobApplications(store, { orgId: "bench", params, now: NOW });
      indexed.push(performance.now() - start);
      if (!outcome.ok) throw new Error(outcome.error.message);
      returned = outcome.items.length;
      start = performance.now();
      const full = selectJobApplications(everything, parsed.query, snapshot.organization);
      scanned.push(performance.now() - start);
      if (full.length !== returned)
        throw new Error(`index returned ${returned}, scan ${full.length}`);
    }
    const indexedMs = median(indexed);
    const scanMs = median(scanned);
    queries.push({ label, returned, indexedMs, scanMs, ratio: indexedMs / scanMs });
  }
  return {
    applications: applicationCount,
    statusChanges: applicationCount * changesEach,
    loadMs,
    queries,
  };
}
