import { type JobApplication, jobApplicationListSchema } from "../domain/feed-record";
import { isKnownDegree } from "../feed/degrees";
import { FEED_PARAMETERS, parseFeedInstant } from "../feed/params";
import { errorBodySchema } from "../http/error-body";
import type { Addresses } from "./addresses";
import { type ChangesPage, changesMethod, type FeedChangesOptions } from "./changes";
import type { CallOptions } from "./members";
import type { RateLimitBudget } from "./rate-limit";
import type { Transport } from "./transport";
import { mergeWindowRecords, type PullWindows } from "./window-merge";

/** An instant: a `Date`, or text in one of the feed's formats (no zone means UTC). */
export type FeedInstant = Date | string;

/** The feed's parameters (spec: GET /v1/job-applications). */
export interface FeedQuery {
  /** `job_application_status_start`; the service's default is 30 days before now. */
  start?: FeedInstant;
  /** `job_application_status_end`. */
  end?: FeedInstant;
  /** `job_application_status`: a step of an active pipeline (case-insensitive). */
  status?: string;
  /** `job_application_status_bucket`: a bucket of the pipelines in use (case-insensitive). */
  bucket?: string;
}

/** Options of {@link FeedMethods.pull}. */
export interface FeedPullOptions extends CallOptions {
  since: FeedInstant;
  until: FeedInstant;
  /** The length of each request's range. Default 7 days; at least one minute. */
  windowMs?: number;
  status?: string;
  bucket?: string;
  /**
   * The degree written in place of a value the spec's list does not hold (the spec: consumers
   * route unknown values to a default), e.g. `"Other"`. Unset, unknown values are kept as they
   * came; either way they are counted in `stats.unknownDegrees`.
   */
  unknownDegree?: string;
}

/** What a pull has seen so far. */
export interface FeedPullStats {
  /** Requests made, one per window (retries of a window not counted). */
  windows: number;
  /** Applications yielded, each once. */
  applications: number;
  /** Degree values outside the spec's list, with how many education entries held each. */
  unknownDegrees: Map<string, number>;
  /**
   * Applications that came back in a later window after they were yielded, which only a status
   * change made during the pull can cause; they are not yielded again.
   */
  lateRepeats: number;
}

/** An iteration over a long period, iterated once; `stats` fills in as it goes. */
export interface FeedPull extends AsyncIterable<JobApplication> {
  readonly stats: FeedPullStats;
}

/** GET {api_url}/v1/job-applications. */
export interface FeedMethods {
  /**
   * One request. A 429 is retried after its `Retry-After` (with jitter), a 500 after a backoff,
   * within the client's retry bounds.
   */
  jobApplications(query?: FeedQuery, options?: CallOptions): Promise<JobApplication[]>;
  /**
   * Every application with a status change between `since` and `until`, fetched window by window
   * (the feed has no paging). Each application is yielded once, with its status changes of every
   * window merged (adjacent windows overlap by one second, so a change on a boundary is neither
   * lost nor repeated). An application is yielded as soon as no later window can hold it (its
   * `jobApplicationLastStatusUpdate` is before the next window), so memory holds only those
   * changed later than the window reached; the order is not the service's.
   */
  pull(options: FeedPullOptions): FeedPull;
  /**
   * GET {api_url}/v1/job-applications/changes, page after page from `cursor` (absent: the
   * beginning, every application's current record; `"now"`: only later changes) until caught up.
   * Apply each page in order (`applyJobApplicationChanges`), then store its `nextCursor`; the next
   * run resumes from it. A 429 waits as the feed's calls do (the two share one quota). A 410 (the
   * cursor is past the retention) restarts from the beginning once, and that page says `reset`:
   * drop the copy first; a second 410 throws `RpdiCursorExpiredError`. Each iteration starts
   * again from `cursor`.
   */
  changes(options?: FeedChangesOptions): AsyncIterable<ChangesPage>;
  /**
   * What the feed's last answer said of its quota (`RateLimit`, `RateLimit-Policy`): requests
   * left and when more come; `undefined` before any answer stated it. With none left, the next
   * feed call waits until then instead of drawing a 429.
   */
  rateLimit(): RateLimitBudget | undefined;
}

/** Adjacent windows share this much, whatever the service's bounds (inclusive or not). */
export const WINDOW_OVERLAP_MS = 1000;
const MIN_WINDOW_MS = 60_000;
/** A pull's window when none is given: 7 days. */
export const DEFAULT_PULL_WINDOW_MS = 7 * 86_400_000;

/**
 * The feed's `yyyy-MM-ddTHH:mm:ssZ`, which has no fractions: a start is rounded down and an end up
 * to the second, so the range sent covers the one asked for.
 */
function wireInstant(at: Date, round: "down" | "up"): string {
  const seconds = (round === "down" ? Math.floor : Math.ceil)(at.getTime() / 1000);
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function instantOf(name: string, value: FeedInstant): Date {
  const at = typeof value === "string" ? parseFeedInstant(value) : value;
  if (at === null || !(at instanceof Date) || Number.isNaN(at.getTime()))
    throw new TypeError(
      `${name} must be a Date or yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ssZ`,
    );
  return at;
}

/** Windows of whole seconds from `since` to `until`, each overlapping the previous by a second. */
export function pullWindows(since: Date, until: Date, windowMs: number): PullWindows {
  const first = Math.floor(since.getTime() / 1000) * 1000;
  const last = Math.ceil(until.getTime() / 1000) * 1000;
  const length = Math.floor(windowMs / 1000) * 1000;
  const stride = length - WINDOW_OVERLAP_MS;
  const count = last - first <= length ? 1 : Math.ceil((last - first - length) / stride) + 1;
  return {
    count,
    first,
    stride,
    at: (index) => {
      const start = first + index * stride;
      return { start: new Date(start), end: new Date(Math.min(start + length, last)) };
    },
  };
}

export function feedMethods(transport: Transport, addresses: Addresses): FeedMethods {
  const jobApplications = async (query: FeedQuery = {}, options: CallOptions = {}) => {
    const params: Record<string, string> = {};
    if (query.start !== undefined)
      params[FEED_PARAMETERS.start] =
        typeof query.start === "string"
          ? query.start
          : wireInstant(instantOf("start", query.start), "down");
    if (query.end !== undefined)
      params[FEED_PARAMETERS.end] =
        typeof query.end === "string" ? query.end : wireInstant(instantOf("end", query.end), "up");
    if (query.status !== undefined) params[FEED_PARAMETERS.status] = query.status;
    if (query.bucket !== undefined) params[FEED_PARAMETERS.bucket] = query.bucket;
    return transport.call({
      method: "GET",
      url: addresses.feed("/v1/job-applications", params),
      badRequest: errorBodySchema,
      read: (response, check) => check.json(response, jobApplicationListSchema),
      retries: true,
      signal: options.signal,
    });
  };

  return {
    jobApplications,
    changes: changesMethod(transport, addresses),
    rateLimit: () => transport.rateLimit,
    pull(options) {
      const since = instantOf("since", options.since);
      const until = instantOf("until", options.until);
      const windowMs = options.windowMs ?? DEFAULT_PULL_WINDOW_MS;
      if (since.getTime() > until.getTime()) throw new TypeError("since is after until");
      if (!Number.isFinite(windowMs) || windowMs < MIN_WINDOW_MS)
        throw new TypeError("windowMs must be at least one minute");
      const stats: FeedPullStats = {
        windows: 0,
        applications: 0,
        unknownDegrees: new Map(),
        lateRepeats: 0,
      };
      const routeDegrees = (application: JobApplication): JobApplication => {
        if (application.educationHistory === null) return application;
        let routed = false;
        const educationHistory = application.educationHistory.map((entry) => {
          if (entry.degree === null || isKnownDegree(entry.degree)) return entry;
          stats.unknownDegrees.set(entry.degree, (stats.unknownDegrees.get(entry.degree) ?? 0) + 1);
          if (options.unknownDegree === undefined) return entry;
          routed = true;
          return { ...entry, degree: options.unknownDegree };
        });
        return routed ? { ...application, educationHistory } : application;
      };
      const windows = pullWindows(since, until, windowMs);
      async function* run(): AsyncGenerator<JobApplication> {
        const merge = mergeWindowRecords(windows);
        for (let index = 0; index < windows.count; index += 1) {
          const window = windows.at(index);
          const records = await jobApplications(
            {
              start: window.start,
              end: window.end,
              ...(options.status === undefined ? {} : { status: options.status }),
              ...(options.bucket === undefined ? {} : { bucket: options.bucket }),
            },
            options,
          );
          stats.windows += 1;
          for (const record of records) if (!merge.add(record, index)) stats.lateRepeats += 1;
          for (const application of merge.release(index)) {
            stats.applications += 1;
            yield routeDegrees(application);
          }
        }
      }
      let started = false;
      return {
        stats,
        [Symbol.asyncIterator]: () => {
          // A second loop over the same pull would silently see nothing: the windows are spent.
          if (started) throw new TypeError("a pull is iterated once; call feed.pull() again");
          started = true;
          return run();
        },
      };
    },
  };
}
