import { parseFeedQuery } from "../../src/feed/params";
import { queryJobApplications } from "../../src/feed/query";
import { selectJobApplications } from "../../src/feed/select";
import { createMemoryStore } from "../../src/store/memory";
import { organizationSnapshotSchema } from "../../src/store/snapshot";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { pickFrom, seededRandom } from "./random";
import { median } from "./timing";

const YEAR = 365 * 86_400_000;
const NOW = new Date(Date.UTC(2026, 5, 15));

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
  const random = seededRandom(11);
  const steps = FEED_PIPELINES.filter((pipeline) => pipeline.active).flatMap(
    (pipeline) => pipeline.steps,
  );
  const jobs = Array.from({ length: 200 }, (_, index) => ({
    id: `job-${index}`,
    title: `Job ${index}`,
  }));
  const candidates = Array.from({ length: applicationCount }, (_, index) => ({
    id: `cand-${index}`,
    firstName: "C",
    lastName: `${index}`,
  }));
  const applications = candidates.map((candidate, index) => {
    // Histories run forward from a start spread evenly over the year; later ones may pass now.
    let at = NOW.getTime() - YEAR + Math.floor(random() * YEAR);
    return {
      id: `app-${index}`,
      candidateId: candidate.id,
      jobId: pickFrom(random, jobs).id,
      statusChanges: Array.from({ length: changesEach }, () => {
        const { name, bucket } = pickFrom(random, steps);
        at += Math.floor(random() * 7 * 86_400_000);
        return { statusName: name, statusBucketName: bucket, at: new Date(at).toISOString() };
      }),
    };
  });
  const snapshot = organizationSnapshotSchema.parse({
    organization: { id: "bench", shortName: "bench", name: "Bench", pipelines: FEED_PIPELINES },
    jobs,
    candidates,
    applications,
  });
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
