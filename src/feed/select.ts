import type { FeedApplication, StatusChange } from "../domain/feed";
import type { FeedQuery } from "../domain/feed-query";
import {
  type FeedOrganization,
  type JobApplication,
  jobApplicationShaper,
  statusTime,
  type TimedStatusChange,
} from "../domain/feed-record";
import { compareIds } from "../runtime/compare-ids";

/**
 * The feed's exact cut (spec: GET /v1/job-applications, DESIGN.md's ordering): an application is
 * returned when at least one status change lies in the inclusive range and matches the filters
 * (status and bucket together must both match); its `jobApplicationStatuses` are those changes,
 * oldest first. Applications come oldest first by their latest shown change, ties by
 * `applicationId`. Pure; the input may hold applications outside the range (an adapter's coarse
 * pre-selection), which are dropped here.
 */
export function selectJobApplications(
  applications: readonly FeedApplication[],
  query: FeedQuery,
  organization: FeedOrganization,
): JobApplication[] {
  const start = query.start.getTime();
  const end = query.end.getTime();
  const selected: {
    key: number;
    id: string;
    source: FeedApplication;
    shown: TimedStatusChange[];
  }[] = [];
  for (const source of applications) {
    const changes = source.application.statusChanges;
    const shown: TimedStatusChange[] = [];
    for (let index = 0; index < changes.length; index++) {
      const at = statusTime(source, index);
      if (at < start || at > end) continue;
      const change = changes[index] as StatusChange;
      if (query.status !== null && change.statusName.toLowerCase() !== query.status) continue;
      if (query.bucket !== null && change.statusBucketName.toLowerCase() !== query.bucket) continue;
      shown.push({ at, change });
    }
    if (shown.length === 0) continue;
    shown.sort((a, b) => a.at - b.at);
    selected.push({
      key: (shown[shown.length - 1] as TimedStatusChange).at,
      id: source.application.id,
      source,
      shown,
    });
  }
  selected.sort((a, b) => a.key - b.key || compareIds(a.id, b.id));
  const shape = jobApplicationShaper(organization);
  return selected.map((entry) => shape(entry.source, entry.shown));
}

/** Where a page ends: the ordering key of its last record. */
interface FeedPosition {
  at: number;
  id: string;
}

/**
 * A page of feed records and the cursor of the next page, or why the cursor or limit was refused.
 */
export type FeedPage =
  | { ok: true; items: JobApplication[]; nextCursor: string | null }
  | { ok: false; message: string };

/**
 * A page of selected records after `cursor` (opaque; from the previous page's `nextCursor`).
 * Paging through with any limit gives exactly the unpaged result.
 */
export function pageJobApplications(
  records: readonly JobApplication[],
  options: { limit?: number; cursor?: string | null },
): FeedPage {
  let after: FeedPosition | null = null;
  if (options.cursor !== undefined && options.cursor !== null) {
    after = decodeCursor(options.cursor);
    if (after === null) return { ok: false, message: "The cursor is not one this feed issued." };
  }
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (!(limit >= 1)) return { ok: false, message: "The limit must be at least 1." };
  const from = after === null ? 0 : firstAfter(records, after);
  const rest = records.slice(from);
  const items = rest.slice(0, limit);
  const last = items[items.length - 1];
  return {
    ok: true,
    items,
    nextCursor:
      rest.length > items.length && last !== undefined ? encodeCursor(position(last)) : null,
  };
}

function position(record: JobApplication): FeedPosition {
  return { at: Date.parse(keyOf(record)), id: record.applicationId };
}

/** Index of the first record ordered after `after` (records are sorted by position). */
function firstAfter(records: readonly JobApplication[], after: FeedPosition): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const here = position(records[middle] as JobApplication);
    if (here.at < after.at || (here.at === after.at && compareIds(here.id, after.id) <= 0))
      low = middle + 1;
    else high = middle;
  }
  return low;
}

function keyOf(record: JobApplication): string {
  return (
    record.jobApplicationStatuses[record.jobApplicationStatuses.length - 1] as {
      statusUpdatedAt: string;
    }
  ).statusUpdatedAt;
}

function encodeCursor(position: FeedPosition): string {
  const bytes = new TextEncoder().encode(JSON.stringify([position.at, position.id]));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decodeCursor(cursor: string): FeedPosition | null {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (character) => character.charCodeAt(0)),
    );
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isFinite(value[0]) &&
      typeof value[1] === "string"
    ) {
      return { at: value[0] as number, id: value[1] };
    }
  } catch {
    // not a cursor of ours
  }
  return null;
}
