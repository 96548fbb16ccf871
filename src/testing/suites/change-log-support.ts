import type { TestContext } from "vitest";
import { isTombstone, type JobApplicationChange } from "../../changes/change-schemas";
import {
  type JobApplicationChangesRequest,
  readJobApplicationChanges,
} from "../../changes/read-changes";
import { applyJobApplicationChanges } from "../../client/changes";
import type { JobApplication } from "../../domain/feed-record";
import { compareIds } from "../../runtime/compare-ids";
import { supportsChangeLog } from "../../store/change-log";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID } from "../seed";
import { liveDataStore } from "./live-data-support";

/** The key the suites sign cursors with (a sandbox value). */
export const CURSOR_SECRET = "conformance-cursor-secret-not-for-production";

const NO_CHANGE_LOG =
  "the store's transactions have no change-log operations (supportsChangeLog is false)";

/** A seeded store with live data and a change log; the test is skipped otherwise. */
export async function changeLogStore(h: ConformanceHarness, context: TestContext): Promise<Store> {
  const store = await liveDataStore(h, context);
  const supported = await store.transaction(SEED_ORG_ID, async (tx) => supportsChangeLog(tx), {
    readOnly: true,
  });
  if (!supported) context.skip(NO_CHANGE_LOG);
  return store;
}

/** What a sync after a cursor brought: every page's changes, and where it ended. */
export interface Synced {
  changes: JobApplicationChange[];
  cursor: string;
  pages: number;
}

/** Reads every page after `cursor` (`null`: from the beginning), failing on any refusal. */
export async function syncChanges(
  store: Store,
  request: Omit<JobApplicationChangesRequest, "cursorSecret"> & { cursorSecret?: string },
): Promise<Synced> {
  const changes: JobApplicationChange[] = [];
  let cursor = request.cursor ?? null;
  for (let pages = 1; ; pages++) {
    const outcome = await readJobApplicationChanges(store, {
      cursorSecret: CURSOR_SECRET,
      ...request,
      cursor,
    });
    if (!outcome.ok) throw new Error(`the changes refused: ${JSON.stringify(outcome.error)}`);
    for (const change of outcome.page.changes) changes.push(change);
    cursor = outcome.page.nextCursor;
    if (!outcome.page.hasMore) return { changes, cursor, pages };
  }
}

/** `copy` with `changes` applied in order, as a client keeps its copy. */
export function applyChanges(
  copy: Map<string, JobApplication>,
  changes: readonly JobApplicationChange[],
): Map<string, JobApplication> {
  applyJobApplicationChanges(copy, { changes });
  return copy;
}

/**
 * What the feed answers for an inclusive range, computed from a copy: the records with a status
 * in range, their statuses cut to it, by their latest shown status, then by id.
 */
export function feedFromCopy(
  copy: ReadonlyMap<string, JobApplication>,
  range: { start: Date; end: Date },
): JobApplication[] {
  const start = range.start.getTime();
  const end = range.end.getTime();
  const selected: { key: number; record: JobApplication }[] = [];
  for (const record of copy.values()) {
    const shown = record.jobApplicationStatuses.filter((status) => {
      const at = Date.parse(status.statusUpdatedAt);
      return at >= start && at <= end;
    });
    const last = shown.at(-1);
    if (last === undefined) continue;
    selected.push({
      key: Date.parse(last.statusUpdatedAt),
      record: { ...record, jobApplicationStatuses: shown },
    });
  }
  selected.sort(
    (a, b) => a.key - b.key || compareIds(a.record.applicationId, b.record.applicationId),
  );
  return selected.map((entry) => entry.record);
}

/** The ids a list of changes names, in order (`-id` for a tombstone). */
export function namedIds(changes: readonly JobApplicationChange[]): string[] {
  return changes.map((change) =>
    isTombstone(change) ? `-${change.id}` : (change as JobApplication).applicationId,
  );
}
