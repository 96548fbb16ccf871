import { DateTime } from "luxon";
import type { Pipeline } from "../domain/feed";
import type { FeedQuery } from "../domain/feed-query";

/** The feed's query parameters (spec: GET /v1/job-applications). */
export const FEED_PARAMETERS = {
  status: "job_application_status",
  bucket: "job_application_status_bucket",
  start: "job_application_status_start",
  end: "job_application_status_end",
} as const;

/** The spec's default window start: 30 days before now. */
export const DEFAULT_WINDOW_DAYS = 30;

/** The spec's four causes of a 400 from the feed. */
export type FeedQueryErrorCause =
  | "INVALID_DATE"
  | "START_AFTER_END"
  | "UNKNOWN_STATUS"
  | "UNKNOWN_BUCKET";

/**
 * Why the feed's parameters were refused: the cause, the parameter and a message (the 400 body).
 */
export interface FeedQueryError {
  cause: FeedQueryErrorCause;
  /** The parameter at fault; for START_AFTER_END, the start parameter. */
  parameter: string;
  message: string;
}

/** What {@link parseFeedQuery} answers: the query, or the error. */
export type FeedQueryResult = { ok: true; query: FeedQuery } | { ok: false; error: FeedQueryError };

/** The feed's query parameters, as `URLSearchParams` or a plain record. */
export type FeedSearchParams = URLSearchParams | Readonly<Record<string, string | undefined>>;

const FORMATS =
  "yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ssZ (Z or a UTC offset such as +02:00)";
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:?\d{2})$/;
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;
/** The widest UTC offset accepted, in minutes: ±18:00, the range of java.time's ZoneOffset. */
const MAX_OFFSET_MINUTES = 18 * 60;

/**
 * Parses the feed's query parameters. Exactly three time formats are accepted; values with an
 * offset are converted to UTC, values without a zone are UTC, a date alone is midnight UTC. The
 * start defaults to 30 days before `now`, the end to `now`. Status and bucket must exist in the
 * active pipeline templates, compared case-insensitively. Pure; never throws.
 */
export function parseFeedQuery(
  params: FeedSearchParams,
  context: { now: Date; pipelines: readonly Pipeline[] },
): FeedQueryResult {
  const start = parseInstant(read(params, FEED_PARAMETERS.start), FEED_PARAMETERS.start);
  if (!start.ok) return start;
  const end = parseInstant(read(params, FEED_PARAMETERS.end), FEED_PARAMETERS.end);
  if (!end.ok) return end;
  const endAt = end.value ?? context.now;
  const startAt = start.value ?? new Date(context.now.getTime() - DEFAULT_WINDOW_DAYS * 86_400_000);
  if (startAt.getTime() > endAt.getTime()) {
    return fail(
      "START_AFTER_END",
      FEED_PARAMETERS.start,
      `${FEED_PARAMETERS.start} (${startAt.toISOString()}) is after ${FEED_PARAMETERS.end} (${endAt.toISOString()}).`,
    );
  }
  const status = read(params, FEED_PARAMETERS.status);
  const bucket = read(params, FEED_PARAMETERS.bucket);
  if (status !== null || bucket !== null) {
    const { statuses, buckets } = pipelineNames(context.pipelines);
    if (status !== null && !statuses.some((name) => name.toLowerCase() === status.toLowerCase())) {
      return fail(
        "UNKNOWN_STATUS",
        FEED_PARAMETERS.status,
        `${FEED_PARAMETERS.status} "${status}" is not a status of an active pipeline. Valid statuses: ${statuses.join(", ") || "(none)"}.`,
      );
    }
    if (bucket !== null && !buckets.some((name) => name.toLowerCase() === bucket.toLowerCase())) {
      return fail(
        "UNKNOWN_BUCKET",
        FEED_PARAMETERS.bucket,
        `${FEED_PARAMETERS.bucket} "${bucket}" is not a bucket of the pipelines in use. Valid buckets: ${buckets.join(", ") || "(none)"}.`,
      );
    }
  }
  return {
    ok: true,
    query: {
      start: startAt,
      end: endAt,
      status: status?.toLowerCase() ?? null,
      bucket: bucket?.toLowerCase() ?? null,
    },
  };
}

/** A parameter's trimmed value; `null` when absent or blank. */
function read(params: FeedSearchParams, name: string): string | null {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  return value === undefined || value === null || value.trim() === "" ? null : value.trim();
}

interface PipelineNames {
  statuses: readonly string[];
  buckets: readonly string[];
}

const namesByPipelines = new WeakMap<readonly Pipeline[], PipelineNames>();

/**
 * The distinct step and bucket names of the active pipelines, first spelling kept; made once per
 * frozen pipeline list (a store's profile), since a filtered feed request asks every time.
 */
function pipelineNames(pipelines: readonly Pipeline[]): PipelineNames {
  const known = namesByPipelines.get(pipelines);
  if (known !== undefined) return known;
  const active = pipelines.filter((pipeline) => pipeline.active);
  const names = {
    statuses: unique(active.flatMap((pipeline) => pipeline.steps.map((step) => step.name))),
    buckets: unique(active.flatMap((pipeline) => pipeline.steps.map((step) => step.bucket))),
  };
  if (Object.isFrozen(pipelines) && pipelines.every(frozenDeep))
    namesByPipelines.set(pipelines, names);
  return names;
}

function frozenDeep(pipeline: Pipeline): boolean {
  return (
    Object.isFrozen(pipeline) &&
    Object.isFrozen(pipeline.steps) &&
    pipeline.steps.every((step) => Object.isFrozen(step))
  );
}

/**
 * An instant in one of the feed's three time formats (a date alone is midnight UTC, no zone is
 * UTC), or `null` when the text is none of them.
 */
export function parseFeedInstant(text: string): Date | null {
  const instant = parseInstant(text.trim(), FEED_PARAMETERS.start);
  return instant.ok ? instant.value : null;
}

type Instant = { ok: true; value: Date | null } | { ok: false; error: FeedQueryError };

// Frozen and shared: most feed requests give neither bound.
const NO_INSTANT: Instant = Object.freeze({ ok: true, value: null });

function parseInstant(text: string | null, parameter: string): Instant {
  if (text === null) return NO_INSTANT;
  if (DATE.test(text) || LOCAL.test(text) || (ZONED.test(text) && plausibleOffset(text))) {
    const parsed = DateTime.fromISO(text, { zone: "utc", setZone: true });
    if (parsed.isValid) return { ok: true, value: parsed.toUTC().toJSDate() };
  }
  return fail(
    "INVALID_DATE",
    parameter,
    `${parameter} "${text}" is not a valid date or datetime; use ${FORMATS}.`,
  );
}

/** Luxon reads `+99:99` as an offset of 100 h 39 min; no clock is that far from UTC. */
function plausibleOffset(text: string): boolean {
  const offset = OFFSET.exec(text);
  if (offset === null) return true;
  const minutes = Number(offset[3]);
  return minutes < 60 && Number(offset[2]) * 60 + minutes <= MAX_OFFSET_MINUTES;
}

function fail(
  cause: FeedQueryErrorCause,
  parameter: string,
  message: string,
): { ok: false; error: FeedQueryError } {
  return { ok: false, error: { cause, parameter, message } };
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
