import type { Application, Candidate, FeedApplication, FeedJob, Job } from "../domain/feed";
import { FeedIndex } from "../domain/feed-index";
import type { FeedOrganization } from "../domain/feed-record";
import { deepFreeze } from "../runtime/deep-freeze";
import type { ReadableTable } from "./overlay-map";

/**
 * The memory store's feed: applications joined with their candidate and job, frozen, with their
 * status-change times parsed once, indexed for `organization`'s feed.
 */
export function buildFeedIndex(
  applications: readonly Application[],
  candidates: readonly Candidate[],
  jobs: readonly Job[],
  organization: FeedOrganization,
): FeedIndex {
  const candidatesById = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const jobsById = new Map(jobs.map((job) => [job.id, job]));
  return new FeedIndex(
    applications.map((application) => joined(application, candidatesById, jobsById)),
    organization,
  );
}

/** An application with its candidate and job, frozen, its times parsed. */
export function joined(
  application: Application,
  candidates: Pick<ReadableTable<string, Candidate>, "get">,
  jobs: Pick<ReadableTable<string, FeedJob>, "get">,
): FeedApplication {
  const candidate = candidates.get(application.candidateId);
  const job = jobs.get(application.jobId);
  if (candidate === undefined)
    throw new Error(
      `application ${application.id} names unknown candidate ${application.candidateId}`,
    );
  if (job === undefined)
    throw new Error(`application ${application.id} names unknown job ${application.jobId}`);
  const statusTimes = application.statusChanges.map((change) => Date.parse(change.at));
  return deepFreeze({ application, candidate, job, statusTimes });
}
