import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../src/domain/snapshot";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { pickFrom, seededRandom } from "./random";

const YEAR = 365 * 86_400_000;

/** The clock the feed benchmarks query at. */
export const FEED_NOW = new Date(Date.UTC(2026, 5, 15));

/**
 * The feed data: `applicationCount` applications of `changesEach` status changes, whose
 * histories run forward from a start spread evenly over the year before now (later ones may pass
 * now), over 200 jobs. Seeded: the same on every run and for every store.
 */
export function generateFeedSnapshot(
  orgId: string,
  applicationCount: number,
  changesEach: number,
): OrganizationSnapshot {
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
    let at = FEED_NOW.getTime() - YEAR + Math.floor(random() * YEAR);
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
  return organizationSnapshotSchema.parse({
    organization: { id: orgId, shortName: orgId, name: "Bench", pipelines: FEED_PIPELINES },
    jobs,
    candidates,
    applications,
  });
}
