import type { ChangeLogEntry, ChangeLogPage } from "../domain/change-log";
import { supportsChangeLog } from "../store/change-log";
import { supportsLiveData } from "../store/live-data";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";
import { currentRecords } from "./change-records";
import type { JobApplicationChange, JobApplicationChanges } from "./change-schemas";
import {
  type ChangeCursor,
  type CursorSecret,
  decodeChangeCursor,
  encodeChangeCursor,
} from "./cursor";

/** How long a cursor is served after it was handed out, unless the host says otherwise. */
export const DEFAULT_CHANGE_RETENTION_DAYS = 30;
/** Changes per page unless the caller asks for another number. */
export const DEFAULT_CHANGES_LIMIT = 100;
/** The most changes one page holds. */
export const MAX_CHANGES_LIMIT = 1000;

/** What {@link readJobApplicationChanges} needs. */
export interface JobApplicationChangesRequest {
  orgId: string;
  /**
   * Where to start: a `nextCursor` handed out before; `"now"` for the present (an empty page whose
   * cursor reads only later changes); absent or `null` for the beginning (every application's
   * current record, then the later changes).
   */
  cursor?: string | null;
  /** Changes per page: 1 to {@link MAX_CHANGES_LIMIT}, {@link DEFAULT_CHANGES_LIMIT} by default. */
  limit?: number;
  /** The clock: cursors carry the time they were handed out. */
  now: Date;
  /** Signs and checks cursors; the HTTP binding uses its token secret. */
  cursorSecret: CursorSecret;
  /** Days a cursor is served ({@link DEFAULT_CHANGE_RETENTION_DAYS} by default). */
  retentionDays?: number;
}

/** Why the changes were not read. */
export interface ChangesError {
  /**
   * `INVALID_CURSOR` (400: altered, malformed, or another organization's), `INVALID_LIMIT` (400),
   * `CURSOR_EXPIRED` (410: older than the retention, or the log was replaced or pruned past it;
   * read everything again), `NOT_SUPPORTED` (the store keeps no change log).
   */
  code: "INVALID_CURSOR" | "INVALID_LIMIT" | "CURSOR_EXPIRED" | "NOT_SUPPORTED";
  message: string;
  /** The reader must start again from the beginning (no cursor) and rebuild its copy. */
  resync: boolean;
}

/** A page of changes, or why there is none. */
export type JobApplicationChangesOutcome =
  | { ok: true; page: JobApplicationChanges }
  | { ok: false; error: ChangesError };

/**
 * The job-application changes after a cursor: each application changed since (recorded, a status
 * added, its job, candidate or the organization's feed fields changed) once, as its current feed
 * record with every status, and each erased one as a tombstone, by position. Applying the pages
 * in order to a copy keyed by application id keeps the copy equal to what the feed returns.
 */
export async function readJobApplicationChanges(
  store: Store,
  request: JobApplicationChangesRequest,
): Promise<JobApplicationChangesOutcome> {
  const limit = request.limit ?? DEFAULT_CHANGES_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES_LIMIT)
    return refused("INVALID_LIMIT", `limit must be a whole number from 1 to ${MAX_CHANGES_LIMIT}.`);
  const start = startOf(request);
  if (!start.ok) return start;
  return runReadOnly(store, request.orgId, async (tx) => {
    if (!supportsChangeLog(tx) || !supportsLiveData(tx))
      return refused("NOT_SUPPORTED", "This store keeps no change log.");
    const fromNow = start.cursor === "now";
    const after = start.cursor === "now" || start.cursor === null ? 0 : start.cursor.position;
    const log = await tx.readChangeLog({ after, limit: fromNow ? 0 : limit + 1 });
    const stale = staleness(start.cursor, log);
    if (stale !== null) return stale;
    const entries = log.entries.slice(0, limit);
    const last = entries.at(-1)?.position ?? (fromNow ? log.head : Math.max(after, log.head));
    const records = await currentRecords(
      tx,
      await tx.loadOrganization(),
      entries.filter((entry) => !entry.deleted).map((entry) => entry.applicationId),
    );
    const page: JobApplicationChanges = {
      changes: changesOf(entries, records),
      nextCursor: encodeChangeCursor(
        {
          orgId: request.orgId,
          epoch: log.epoch,
          position: last,
          issuedAt: request.now.getTime(),
          prunedThrough: log.prunedThrough,
        },
        request.cursorSecret,
      ),
      hasMore: log.entries.length > limit,
    };
    return { ok: true as const, page };
  });
}

/** Where a read starts: a cursor, the present, or the beginning (`null`). */
type StartCursor = ChangeCursor | "now" | null;

type Start = { ok: true; cursor: StartCursor } | { ok: false; error: ChangesError };

function startOf(request: JobApplicationChangesRequest): Start {
  const text = request.cursor ?? null;
  if (text === null || text === "") return { ok: true, cursor: null };
  if (text === "now") return { ok: true, cursor: "now" };
  const cursor = decodeChangeCursor(text, request.cursorSecret);
  if (cursor === null)
    return refused("INVALID_CURSOR", "The cursor is not one this service handed out.");
  if (cursor.orgId !== request.orgId)
    return refused("INVALID_CURSOR", "The cursor belongs to another organization.");
  const retention = (request.retentionDays ?? DEFAULT_CHANGE_RETENTION_DAYS) * 86_400_000;
  if (request.now.getTime() - cursor.issuedAt > retention)
    return expired("The cursor is older than the changes are kept; read everything again.");
  return { ok: true, cursor };
}

/** The refusal of a cursor the log can no longer serve, or `null`. */
function staleness(
  cursor: StartCursor,
  log: ChangeLogPage,
): { ok: false; error: ChangesError } | null {
  if (cursor === null || cursor === "now") return null;
  if (cursor.epoch !== log.epoch)
    return expired(
      "The organization's data was replaced since this cursor; read everything again.",
    );
  // Neither can be ahead of the log of its own epoch: such a cursor was never handed out here.
  if (cursor.position > log.head || cursor.prunedThrough > log.prunedThrough)
    return refused("INVALID_CURSOR", "The cursor is ahead of the organization's changes.");
  // A cursor misses a tombstone pruned after it was handed out above its position. That pruning
  // raised `prunedThrough` past the position (refused here), or pruned below a tombstone pruned
  // earlier, after the missed one was made: that earlier pruning refused every cursor below it,
  // so no reader that held the erased application reads on. Tombstones pruned before the cursor
  // was handed out were never in its reads; refusing it for them would refuse every page ending
  // below one, a full read's among them.
  if (cursor.position < log.prunedThrough && cursor.prunedThrough < log.prunedThrough)
    return expired("Changes after this cursor were pruned; read everything again.");
  return null;
}

function changesOf(
  entries: readonly ChangeLogEntry[],
  records: ReadonlyMap<string, JobApplicationChange>,
): JobApplicationChange[] {
  const changes: JobApplicationChange[] = [];
  for (const entry of entries) {
    if (entry.deleted)
      changes.push({ id: entry.applicationId, deletedAt: entry.changedAt.toISOString() });
    else {
      const record = records.get(entry.applicationId);
      if (record !== undefined) changes.push(record);
    }
  }
  return changes;
}

function refused(code: ChangesError["code"], message: string): { ok: false; error: ChangesError } {
  return { ok: false, error: { code, message, resync: false } };
}

function expired(message: string): { ok: false; error: ChangesError } {
  return { ok: false, error: { code: "CURSOR_EXPIRED", message, resync: true } };
}
