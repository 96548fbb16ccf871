import type { Application, Candidate, FeedApplication, Job } from "../domain/feed";
import {
  type FeedOrganization,
  type JobApplication,
  jobApplicationShaper,
  statusTime,
  type TimedStatusChange,
} from "../domain/feed-record";
import type { LiveDataTx } from "../store/live-data";

/**
 * The current feed records of these applications, by id: every status change, oldest first (as
 * the feed orders a record's statuses). An application with no status change has no record (the
 * feed can never return it), nor one the store no longer has.
 */
export async function currentRecords(
  tx: LiveDataTx,
  organization: FeedOrganization,
  applicationIds: readonly string[],
): Promise<Map<string, JobApplication>> {
  const records = new Map<string, JobApplication>();
  if (applicationIds.length === 0) return records;
  const applications = (await tx.loadApplications(applicationIds)).filter(
    (application) => application.statusChanges.length > 0,
  );
  const candidates = byId(await tx.loadCandidates(distinct(applications, "candidateId")));
  const jobs = byId(await tx.loadJobs(distinct(applications, "jobId")));
  const shape = jobApplicationShaper(organization);
  for (const application of applications) {
    const candidate = candidates.get(application.candidateId);
    const job = jobs.get(application.jobId);
    if (candidate === undefined || job === undefined) continue;
    const source: FeedApplication = { application, candidate, job };
    records.set(application.id, shape(source, everyStatus(source)));
  }
  return records;
}

function everyStatus(source: FeedApplication): TimedStatusChange[] {
  const shown = source.application.statusChanges.map((change, index) => ({
    at: statusTime(source, index),
    change,
  }));
  return shown.sort((a, b) => a.at - b.at);
}

function distinct(applications: readonly Application[], key: "candidateId" | "jobId"): string[] {
  return [...new Set(applications.map((application) => application[key]))];
}

function byId<T extends Candidate | Job>(records: readonly T[]): Map<string, T> {
  return new Map(records.map((record) => [record.id, record]));
}
