import type { JobApplication, JobApplicationStatus } from "../domain/feed-record";

/** The windows of a pull: `count` ranges of whole seconds, each overlapping the previous. */
export interface PullWindows {
  count: number;
  /** The first window's start, epoch milliseconds. */
  first: number;
  /** From one window's start to the next's. */
  stride: number;
  at(index: number): { start: Date; end: Date };
}

/**
 * Collects the records of a pull's windows: one record per application, its status changes of
 * every window merged, handed out by {@link release} once no later window can hold it.
 */
export interface WindowMerge {
  /** Adds a record of window `index`; `false` when the application was already released. */
  add(record: JobApplication, index: number): boolean;
  /** The applications no window after `index` can hold (after the last window: all left). */
  release(index: number): JobApplication[];
}

const statusKey = (status: JobApplicationStatus) =>
  `${status.statusName}\u0000${status.statusBucketName}\u0000${Date.parse(status.statusUpdatedAt)}`;

/** One record from two answers for the same application: the later fields, every change once. */
export function mergeRecords(earlier: JobApplication, later: JobApplication): JobApplication {
  const seen = new Set<string>();
  const statuses: JobApplicationStatus[] = [];
  for (const status of [...earlier.jobApplicationStatuses, ...later.jobApplicationStatuses]) {
    const key = statusKey(status);
    if (seen.has(key)) continue;
    seen.add(key);
    statuses.push(status);
  }
  statuses.sort((a, b) => Date.parse(a.statusUpdatedAt) - Date.parse(b.statusUpdatedAt));
  const lastUpdate =
    Date.parse(earlier.jobApplicationLastStatusUpdate) >
    Date.parse(later.jobApplicationLastStatusUpdate)
      ? earlier.jobApplicationLastStatusUpdate
      : later.jobApplicationLastStatusUpdate;
  return { ...later, jobApplicationLastStatusUpdate: lastUpdate, jobApplicationStatuses: statuses };
}

export function mergeWindowRecords(windows: PullWindows): WindowMerge {
  const held = new Map<string, { record: JobApplication; releaseAt: number }>();
  const due = new Map<number, string[]>();
  const released = new Set<string>();
  const lastIndex = windows.count - 1;
  /** The first window after which no window starts at or before the application's last change. */
  const releaseIndex = (record: JobApplication, seenIn: number) => {
    const lastChange = Date.parse(record.jobApplicationLastStatusUpdate);
    const after = Number.isNaN(lastChange)
      ? lastIndex
      : Math.floor((lastChange - windows.first) / windows.stride);
    return Math.min(lastIndex, Math.max(seenIn, after));
  };
  return {
    add(record, index) {
      const id = record.applicationId;
      if (released.has(id)) return false;
      const existing = held.get(id);
      const merged = existing === undefined ? record : mergeRecords(existing.record, record);
      const releaseAt = releaseIndex(merged, index);
      if (existing?.releaseAt !== releaseAt) {
        const list = due.get(releaseAt);
        if (list === undefined) due.set(releaseAt, [id]);
        else list.push(id);
      }
      held.set(id, { record: merged, releaseAt });
      return true;
    },
    release(index) {
      const ids = due.get(index) ?? [];
      due.delete(index);
      const out: JobApplication[] = [];
      for (const id of ids) {
        const entry = held.get(id);
        if (entry === undefined || entry.releaseAt !== index) continue;
        held.delete(id);
        released.add(id);
        out.push(entry.record);
      }
      return out;
    },
  };
}
