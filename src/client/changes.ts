import {
  changesCursorExpiredSchema,
  isTombstone,
  type JobApplicationChange,
  type JobApplicationChanges,
  jobApplicationChangesSchema,
} from "../changes/change-schemas";
import type { JobApplication } from "../domain/feed-record";
import { errorBodySchema } from "../http/error-body";
import type { Addresses } from "./addresses";
import { RpdiCursorExpiredError } from "./errors";
import type { CallOptions } from "./members";
import type { Transport } from "./transport";

/** One page of `feed.changes()`. */
export interface ChangesPage {
  /** By position: each application's current record (every status), or a tombstone. */
  changes: JobApplicationChange[];
  /** Store it once the page is applied: the next read resumes from it. */
  nextCursor: string;
  /** More changes were waiting when the page was read; the iteration reads them next. */
  hasMore: boolean;
  /**
   * The cursor had expired (410) and the read started again from the beginning: drop the copy
   * before applying this page, which is the first of every application's current record.
   */
  reset: boolean;
}

/** Options of `feed.changes()`. */
export interface FeedChangesOptions extends CallOptions {
  /**
   * Where to start: a `nextCursor` stored before; `"now"` for the present (only later changes);
   * absent or `null` for the beginning (every application's current record, then the changes).
   */
  cursor?: string | null;
  /** Changes per page, 1 to 1000; the service's default (100) when absent. */
  limit?: number;
}

/** What {@link applyJobApplicationChanges} did to the copy. */
export interface AppliedChanges {
  /** Records set (new to the copy or replacing its record). */
  changed: number;
  /** Records removed by tombstones (a tombstone of a record the copy never held removes none). */
  deleted: number;
}

const CHANGES_PATH = "/v1/job-applications/changes";

/**
 * Applies a page of changes to a copy of the feed keyed by `applicationId`: a record replaces the
 * copy's, a tombstone removes it, and a `reset` page clears the copy first. Applying the pages of
 * `feed.changes()` in order keeps the copy equal to the feed's records; applying a page twice
 * changes nothing more, so a crash between applying and storing the cursor is harmless.
 */
export function applyJobApplicationChanges(
  copy: Map<string, JobApplication>,
  page: { changes: readonly JobApplicationChange[]; reset?: boolean },
): AppliedChanges {
  if (page.reset === true) copy.clear();
  const applied = { changed: 0, deleted: 0 };
  for (const change of page.changes) {
    if (!isTombstone(change)) {
      copy.set(change.applicationId, change);
      applied.changed += 1;
    } else if (copy.delete(change.id)) applied.deleted += 1;
  }
  return applied;
}

type PageReader = (cursor: string | null) => Promise<JobApplicationChanges>;

/** `feed.changes()`: pages from the options' cursor until caught up. */
export function changesMethod(
  transport: Transport,
  addresses: Addresses,
): (options?: FeedChangesOptions) => AsyncIterable<ChangesPage> {
  return (options = {}) => {
    const read: PageReader = (cursor) => {
      const query: Record<string, string> = {};
      if (cursor !== null) query.cursor = cursor;
      if (options.limit !== undefined) query.limit = String(options.limit);
      return transport.call({
        method: "GET",
        url: addresses.feed(CHANGES_PATH, query),
        badRequest: errorBodySchema,
        gone: changesCursorExpiredSchema,
        read: (response, check) => check.json(response, jobApplicationChangesSchema),
        retries: true,
        signal: options.signal,
      });
    };
    const start = options.cursor ?? null;
    return { [Symbol.asyncIterator]: () => pagesFrom(read, start) };
  };
}

/**
 * The pages from `start` until one says nothing more is waiting. A 410 restarts from the beginning
 * once per iteration (the next page says `reset`); a second one, or one answering a read from the
 * beginning, is thrown: starting over again would not help.
 */
async function* pagesFrom(read: PageReader, start: string | null): AsyncGenerator<ChangesPage> {
  let cursor = start;
  let reset = false;
  let restarted = false;
  for (;;) {
    let page: JobApplicationChanges;
    try {
      page = await read(cursor);
    } catch (error) {
      if (!(error instanceof RpdiCursorExpiredError) || restarted || cursor === null) throw error;
      restarted = true;
      reset = true;
      cursor = null;
      continue;
    }
    yield { ...page, reset };
    reset = false;
    if (!page.hasMore) return;
    cursor = page.nextCursor;
  }
}
