import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../src/domain/snapshot";
import type { Queryable } from "../../src/postgres/client";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";

/**
 * The data of the change-log benchmarks (issue 45): an organization of `count` small applications,
 * each with its own candidate, one of 200 jobs, and one or two status changes. Every value is a
 * function of the application's number, so the same organization can be written by a snapshot
 * (`organizationSnapshot`) and by one set-based SQL fill (`fillRecruitingSql`) that writes the
 * rows the adapter's snapshot writers would.
 */
export const CHANGES_ORG = "bench-changes";

const STEPS = FEED_PIPELINES.filter((pipeline) => pipeline.active).flatMap(
  (pipeline) => pipeline.steps,
);
/** Application `i`'s first status change; each next one a day later. */
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
export function baseSnapshot(): OrganizationSnapshot {
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

/**
 * Writes the candidates, applications and status changes of {@link changesSnapshot}`(count)`
 * into an organization already holding {@link baseSnapshot}, as three `INSERT … SELECT` over
 * `generate_series`, in `connection`'s transaction: the rows the adapter's own writers make of the
 * snapshot (the same columns and values, rows in the same order so `seq` follows it, status
 * positions from 0, no change ids, `last_status_at` the latest change), with the statement
 * triggers that check references firing as they do for the adapter's COPY. The change log is then
 * started by the adapter's own statement (`startChangeLog`), as `loadSnapshot` starts it.
 */
export async function fillRecruitingSql(
  connection: Queryable,
  s: string,
  count: number,
): Promise<void> {
  const org = CHANGES_ORG;
  await connection.query(
    `INSERT INTO ${s}.candidates (org_id, id, first_name, last_name, email, phone)
     SELECT $1, 'cand-' || i, 'C', i::text, NULL, NULL FROM generate_series(0, $2::int - 1) i ORDER BY i`,
    [org, count],
  );
  // The time of change j of application i: FIRST_STATUS_MS + i * STATUS_SPACING_MS + j * DAY_MS.
  const at = (j: string) =>
    `timestamptz 'epoch' + ($3::bigint + i::bigint * $4::bigint + ${j} * $5::bigint) * interval '1 millisecond'`;
  await connection.query(
    `INSERT INTO ${s}.applications (org_id, id, candidate_id, job_id, offer_start_date, offer_salary, address, last_status_at)
     SELECT $1, 'app-' || i, 'cand-' || i, 'job-' || (i % $6::int), NULL, NULL, $7::jsonb, ${at("(i % 2)")}
     FROM generate_series(0, $2::int - 1) i ORDER BY i`,
    [org, count, FIRST_STATUS_MS, STATUS_SPACING_MS, DAY_MS, JOBS, JSON.stringify(ADDRESS)],
  );
  await connection.query(
    `INSERT INTO ${s}.status_changes (org_id, application_id, position, status_name, bucket_name, at, change_id)
     SELECT $1, 'app-' || i, j, ($6::text[])[1 + (i + 3 * j) % $8::int], ($7::text[])[1 + (i + 3 * j) % $8::int], ${at("j")}, NULL
     FROM generate_series(0, $2::int - 1) i CROSS JOIN LATERAL generate_series(0, i % 2) j ORDER BY i, j`,
    [
      org,
      count,
      FIRST_STATUS_MS,
      STATUS_SPACING_MS,
      DAY_MS,
      STEPS.map((step) => step.name),
      STEPS.map((step) => step.bucket),
      STEPS.length,
    ],
  );
}
