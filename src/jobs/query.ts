import { Feature } from "../domain/features";
import { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";
import { holdsNul } from "../values/nul";
import { type BoardJob, findBoardJob, type JobBoardFilters, selectBoardJobs } from "./board";

/** What {@link readJobBoard} reads: whose board, when, and the careers page's filters. */
export interface ReadJobBoardInput {
  /** The organization's short name (the board's address, as the login address's `{org_name}`). */
  shortName: string;
  now: Date;
  filters?: JobBoardFilters;
}

/**
 * The board, or `NOT_FOUND` for an unknown organization and for one without the `job-board`
 * feature alike: the answer does not tell which organizations exist.
 */
export type ReadJobBoardOutcome =
  | { ok: true; jobs: BoardJob[] }
  | { ok: false; error: "NOT_FOUND" };

/** One job of the board, or `NOT_FOUND` (also for a job not on the board now). */
export type ReadJobBoardJobOutcome =
  | { ok: true; job: BoardJob }
  | { ok: false; error: "NOT_FOUND" };

const NOT_FOUND = { ok: false, error: "NOT_FOUND" } as const;

/**
 * `GET /v1/job-board/{shortName}/jobs` as a library call: the organization's public jobs open at
 * `now`, filtered, read in one read-only transaction.
 */
export async function readJobBoard(
  store: Store,
  input: ReadJobBoardInput,
): Promise<ReadJobBoardOutcome> {
  const jobs = await readPublicJobs(store, input.shortName);
  return jobs === null
    ? NOT_FOUND
    : { ok: true, jobs: selectBoardJobs(jobs, input.now, input.filters) };
}

/** `GET /v1/job-board/{shortName}/jobs/{jobId}` as a library call. */
export async function readJobBoardJob(
  store: Store,
  input: { shortName: string; jobId: string; now: Date },
): Promise<ReadJobBoardJobOutcome> {
  const jobs = await readPublicJobs(store, input.shortName);
  const job = jobs === null ? null : findBoardJob(jobs, input.jobId, input.now);
  return job === null ? NOT_FOUND : { ok: true, job };
}

/** The public jobs of the organization when its board is on, else `null`. */
async function readPublicJobs(store: Store, shortName: string) {
  // No organization's short name holds NUL (a database would fail on it): found as unknown.
  const orgId = holdsNul(shortName) ? null : await store.findOrganizationId(shortName);
  if (orgId === null) return null;
  try {
    return await runReadOnly(store, orgId, async (tx) => {
      const organization = await tx.loadOrganization();
      return organization.features.includes(Feature.JOB_BOARD) ? tx.listPublicJobs() : null;
    });
  } catch (error) {
    // Removed between the look-up and the transaction: answered like any unknown organization.
    if (error instanceof OrganizationNotFoundError) return null;
    throw error;
  }
}
