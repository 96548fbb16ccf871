import type { Application, Candidate, FeedApplication, Job } from "../feed/model";

/**
 * The memory store's feed data: applications joined with their candidate and job, frozen, and
 * every status change's time in one sorted array, so a range query reads only what it returns.
 * Times are parsed once, here, and handed on with each application (`statusTimes`).
 */
export interface FeedIndex {
  applications: readonly FeedApplication[];
  /** Status-change times in milliseconds, ascending. */
  times: Float64Array;
  /** For each entry of `times`, the index of its application. */
  owners: Int32Array;
}

export function buildFeedIndex(
  applications: readonly Application[],
  candidates: readonly Candidate[],
  jobs: readonly Job[],
): FeedIndex {
  const candidatesById = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const jobsById = new Map(jobs.map((job) => [job.id, job]));
  const joined = applications.map((application): FeedApplication => {
    const candidate = candidatesById.get(application.candidateId);
    const job = jobsById.get(application.jobId);
    if (candidate === undefined)
      throw new Error(
        `application ${application.id} names unknown candidate ${application.candidateId}`,
      );
    if (job === undefined)
      throw new Error(`application ${application.id} names unknown job ${application.jobId}`);
    const statusTimes = application.statusChanges.map((change) => Date.parse(change.at));
    return deepFreeze({ application, candidate, job, statusTimes });
  });
  const entries: { time: number; owner: number }[] = [];
  joined.forEach((source, owner) => {
    for (const time of source.statusTimes ?? []) entries.push({ time, owner });
  });
  entries.sort((a, b) => a.time - b.time);
  return {
    applications: joined,
    times: Float64Array.from(entries, (entry) => entry.time),
    owners: Int32Array.from(entries, (entry) => entry.owner),
  };
}

/** The applications with a status change in [start, end], in index order. */
export function applicationsInRange(
  index: FeedIndex,
  start: number,
  end: number,
): FeedApplication[] {
  let low = 0;
  let high = index.times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((index.times[middle] as number) < start) low = middle + 1;
    else high = middle;
  }
  const owners = new Set<number>();
  for (
    let position = low;
    position < index.times.length && (index.times[position] as number) <= end;
    position++
  ) {
    owners.add(index.owners[position] as number);
  }
  return [...owners]
    .sort((a, b) => a - b)
    .map((owner) => index.applications[owner] as FeedApplication);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
