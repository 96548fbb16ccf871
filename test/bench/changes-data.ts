import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../src/domain/snapshot";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";

/**
 * The data of the change-log benchmarks (issue 45): an organization of `count` small applications,
 * each with its own candidate, one of 200 jobs, and one or two status changes. Seeded by position:
 * the same on every run and for every store.
 */
export const CHANGES_ORG = "bench-changes";

const STEPS = FEED_PIPELINES.filter((pipeline) => pipeline.active).flatMap(
  (pipeline) => pipeline.steps,
);
/** Application `i`'s first status change is `i` × 20 s after this; its second a day later. */
const FIRST_STATUS_MS = Date.UTC(2025, 0, 1);
const STATUS_SPACING_MS = 20_000;
const DAY_MS = 86_400_000;
const JOBS = 200;
const ADDRESS = { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" };

/** The status changes application `i` has: one for even numbers, two for odd. */
function statusCount(i: number): number {
  return 1 + (i % 2);
}

/** The organization with its pipelines and 200 jobs, and no candidate or application. */
function baseSnapshot(): OrganizationSnapshot {
  return organizationSnapshotSchema.parse({
    organization: {
      id: CHANGES_ORG,
      shortName: CHANGES_ORG,
      name: "Bench",
      pipelines: FEED_PIPELINES,
    },
    jobs: Array.from({ length: JOBS }, (_, index) => ({
      id: `job-${index}`,
      title: `Job ${index}`,
    })),
  });
}

/** The whole organization of `count` applications, as a snapshot (schema defaults filled in). */
export function changesSnapshot(count: number): OrganizationSnapshot {
  const base = baseSnapshot();
  const candidates = new Array(count);
  const applications = new Array(count);
  for (let i = 0; i < count; i++) {
    candidates[i] = { id: `cand-${i}`, firstName: "C", lastName: `${i}`, email: null, phone: null };
    const statusChanges = [];
    for (let j = 0; j < statusCount(i); j++) {
      const step = STEPS[(i + 3 * j) % STEPS.length] as { name: string; bucket: string };
      statusChanges.push({
        statusName: step.name,
        statusBucketName: step.bucket,
        at: new Date(FIRST_STATUS_MS + i * STATUS_SPACING_MS + j * DAY_MS).toISOString(),
      });
    }
    applications[i] = {
      id: `app-${i}`,
      candidateId: `cand-${i}`,
      jobId: `job-${i % JOBS}`,
      offer: { startDate: null, salary: null },
      address: { ...ADDRESS },
      statusChanges,
      customFieldAnswers: [],
      education: [],
    };
  }
  return { ...base, candidates, applications };
}
