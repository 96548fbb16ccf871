import { type Job, jobSchema } from "../domain/feed";
import { invalidInput, type LiveDataOutcome } from "../domain/live-data-outcome";
import type { Store } from "../store/port";
import { sameJson } from "../values/same-json";
import { parseBatch } from "./batch-records";
import { type JobInput, jobInputSchema } from "./inputs";
import { runLiveData, tooMany } from "./live-data-work";

/** What {@link upsertJobs} needs. */
export interface UpsertJobsInput {
  orgId: string;
  jobs: readonly JobInput[];
}

/** How many records a batch upsert created, changed and found as they were. */
export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Creates or replaces jobs by id, each whole (the feed's fields and the careers board's: a field
 * left out takes its default). The feed's records of a changed job's applications follow at once.
 * At most 10,000 jobs per call; any bad job refuses the batch.
 */
export async function upsertJobs(
  store: Store,
  input: UpsertJobsInput,
): Promise<LiveDataOutcome<UpsertCounts>> {
  const refused = tooMany(input.jobs.length, "jobs");
  if (refused !== null) return refused;
  const { records, problems } = parseBatch(jobInputSchema, input.jobs);
  if (problems.length > 0) return invalidInput(problems);
  const jobs: Job[] = records.map((record) => jobSchema.parse(record));
  return runLiveData(store, input.orgId, async (tx) => {
    const stored = new Map(
      (await tx.loadJobs(jobs.map((job) => job.id))).map((job) => [job.id, job]),
    );
    const changed = jobs.filter((job) => {
      const before = stored.get(job.id);
      return before === undefined || !sameJson(jobSchema.parse(before), job);
    });
    if (changed.length > 0) await tx.saveJobs(changed);
    const created = changed.filter((job) => !stored.has(job.id)).length;
    return {
      ok: true,
      created,
      updated: changed.length - created,
      unchanged: jobs.length - changed.length,
    };
  });
}
