import type { FeedApplicationHead, RangedStatusChange } from "../domain/feed";
import type { FeedQuery } from "../domain/feed-query";
import {
  type FeedOrganization,
  feedRecordShaper,
  type JobApplication,
} from "../domain/feed-record";
import { compareIds } from "../runtime/compare-ids";

/** An application the feed shows, with the changes it shows, oldest first. */
export interface FeedCutEntry {
  applicationId: string;
  shown: RangedStatusChange[];
}

/**
 * The feed's exact cut ({@link selectJobApplications}'s rules) over status changes an adapter
 * selected by time: `changes`, in any order, holds at least every change in the inclusive range;
 * others are dropped here. Each application's shown changes come by time, then stored position;
 * applications oldest first by their latest shown change, ties by `applicationId`.
 */
export function cutRangedChanges(
  changes: readonly RangedStatusChange[],
  query: FeedQuery,
): FeedCutEntry[] {
  const start = query.start.getTime();
  const end = query.end.getTime();
  const byApplication = new Map<string, FeedCutEntry>();
  for (const change of changes) {
    if (change.at < start || change.at > end) continue;
    if (query.status !== null && change.statusName.toLowerCase() !== query.status) continue;
    if (query.bucket !== null && change.statusBucketName.toLowerCase() !== query.bucket) continue;
    let entry = byApplication.get(change.applicationId);
    if (entry === undefined) {
      entry = { applicationId: change.applicationId, shown: [] };
      byApplication.set(change.applicationId, entry);
    }
    entry.shown.push(change);
  }
  const entries = [...byApplication.values()];
  for (const entry of entries) entry.shown.sort((a, b) => a.at - b.at || a.position - b.position);
  const latest = (entry: FeedCutEntry) =>
    (entry.shown[entry.shown.length - 1] as RangedStatusChange).at;
  return entries.sort(
    (a, b) => latest(a) - latest(b) || compareIds(a.applicationId, b.applicationId),
  );
}

/**
 * The records of a cut, from its applications' heads (in any order). A head missing for an
 * entry means the store changed under a read that should have been consistent: that throws.
 */
export function shapeCut(
  cut: readonly FeedCutEntry[],
  heads: readonly FeedApplicationHead[],
  organization: FeedOrganization,
): JobApplication[] {
  const headsById = new Map(heads.map((head) => [head.application.id, head]));
  const shaper = feedRecordShaper(organization);
  return cut.map((entry) => {
    const head = headsById.get(entry.applicationId);
    if (head === undefined)
      throw new Error(`application ${entry.applicationId} has status changes but was not found`);
    return shaper.record(
      shaper.baseOfHead(head),
      entry.shown.map((change) => shaper.status(change, change.at)),
    );
  });
}
