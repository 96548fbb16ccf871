import { z } from "zod";
import type { Job } from "../domain/feed";

/**
 * A job as the public job board shows it: what a careers page needs, and nothing of candidates,
 * applications, requisitions or the internal title. `description` is text (plain or Markdown):
 * a page inserts it as text, never as HTML.
 */
export const boardJobSchema = z.object({
  id: z.string(),
  /** The public title, or the job's title when it has none. */
  title: z.string(),
  department: z.string(),
  officeLocation: z.string(),
  employmentType: z.string(),
  description: z.string(),
  /** `yyyy-MM-dd` or `null`. */
  openDate: z.string().nullable(),
  /** `yyyy-MM-dd` or `null`: the last day the job is listed. */
  closeDate: z.string().nullable(),
});
/** A job on the public job board (see {@link boardJobSchema}). */
export type BoardJob = z.infer<typeof boardJobSchema>;

/** The body of `GET /v1/job-board/{shortName}/jobs`. */
export const boardJobListSchema = z.object({ jobs: z.array(boardJobSchema) });
/** The job board's list (see {@link boardJobListSchema}). */
export type BoardJobList = z.infer<typeof boardJobListSchema>;

/**
 * A careers page's filters: each, when given, keeps the jobs whose field equals one of its values,
 * compared case-insensitively after trimming (as the spec matches list values). Blank values are
 * no filter.
 */
export interface JobBoardFilters {
  department?: string | readonly string[];
  office?: string | readonly string[];
}

/**
 * Whether `job` is on the board at `now`: public, its open date (a UTC calendar day) reached and
 * its close date (the last UTC day listed) not yet passed. A job with no open date has been open
 * always; with no close date it stays open. A close date before the open date never lists it.
 */
export function isOnJobBoard(
  job: Pick<Job, "public" | "openDate" | "closeDate">,
  now: Date,
): boolean {
  const today = utcDay(now);
  if (today === null || job.public !== true) return false;
  return (
    (job.openDate === null || job.openDate <= today) &&
    (job.closeDate === null || today <= job.closeDate)
  );
}

/** The board's view of a job: only the public fields, copied. */
export function boardJobOf(job: Job): BoardJob {
  return {
    id: job.id,
    title: job.publicTitle ?? job.title,
    department: job.department,
    officeLocation: job.officeLocation,
    employmentType: job.employmentType,
    description: job.description,
    openDate: job.openDate,
    closeDate: job.closeDate,
  };
}

/**
 * The job board at `now`: the public jobs open that day that pass `filters`, in the board's
 * order (title, then id, by code unit; the same for every store). Pure: never throws, reads no
 * clock.
 */
export function selectBoardJobs(
  jobs: readonly Job[],
  now: Date,
  filters: JobBoardFilters = {},
): BoardJob[] {
  const department = matcher(filters.department);
  const office = matcher(filters.office);
  const shown: BoardJob[] = [];
  for (const job of jobs) {
    if (!isOnJobBoard(job, now) || !department(job.department) || !office(job.officeLocation))
      continue;
    shown.push(boardJobOf(job));
  }
  return shown.sort(byTitleThenId);
}

/** The job with this id when it is on the board at `now`, else `null`. */
export function findBoardJob(jobs: readonly Job[], jobId: string, now: Date): BoardJob | null {
  const job = jobs.find((candidate) => candidate.id === jobId);
  return job !== undefined && isOnJobBoard(job, now) ? boardJobOf(job) : null;
}

/** `now`'s UTC calendar day as `yyyy-MM-dd`, or `null` for an invalid date or one past year 9999. */
function utcDay(now: Date): string | null {
  const time = now.getTime();
  if (!Number.isFinite(time)) return null;
  const text = now.toISOString();
  return text.length === 24 ? text.slice(0, 10) : null;
}

const fold = (text: string) => text.trim().toLowerCase();

function matcher(values: string | readonly string[] | undefined): (field: string) => boolean {
  const wanted = new Set(
    (typeof values === "string" ? [values] : (values ?? [])).map(fold).filter((v) => v !== ""),
  );
  return wanted.size === 0 ? () => true : (field) => wanted.has(fold(field));
}

function byTitleThenId(a: BoardJob, b: BoardJob): number {
  const left = a.title.toLowerCase();
  const right = b.title.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
