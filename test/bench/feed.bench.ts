import { parseFeedQuery } from "../../src/feed/params";
import { queryJobApplications } from "../../src/feed/query";
import { selectJobApplications } from "../../src/feed/select";
import { createMemoryStore } from "../../src/memory/store";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { FEED_NOW, generateFeedSnapshot } from "./feed-data";
import { median, timeSettled } from "./timing";

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
 * selection over every application) of the same data, each from a settled heap.
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
    // Both sides warmed up first, as every benchmark here: the figures are of compiled code.
    for (let warmup = 0; warmup < 3; warmup++) {
      await queryJobApplications(store, { orgId: "bench", params, now: NOW });
      selectJobApplications(everything, parsed.query, snapshot.organization);
    }
    for (let run = 0; run < runs; run++) {
      let outcome: Awaited<ReturnType<typeof queryJobApplications>> | undefined;
      indexed.push(
        await timeSettled(async () => {
          outcome = await queryJobApplications(store, { orgId: "bench", params, now: NOW });
        }),
      );
      if (outcome === undefined || !outcome.ok) throw new Error("the indexed query failed");
      returned = outcome.items.length;
      let full: unknown[] = [];
      scanned.push(
        await timeSettled(() => {
          full = selectJobApplications(everything, parsed.query, snapshot.organization);
        }),
      );
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
