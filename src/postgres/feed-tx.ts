import type { StoreTx } from "../store/port";
import type { FeedIndexCache } from "./feed-cache";
import {
  readFeedApplicationHeads,
  readFeedApplications,
  readFeedVersion,
  readStatusChangesInRange,
} from "./feed-sql";
import { readPublicJobs } from "./jobs-sql";
import type { TxScope } from "./session";

/** The transaction's reads of the job-application feed and the job board. */
export function feedReads(
  { connection, s, orgId }: TxScope,
  feedIndexes: FeedIndexCache,
): Pick<
  StoreTx,
  | "loadFeedIndex"
  | "loadFeedApplications"
  | "loadStatusChangesInRange"
  | "loadFeedApplicationHeads"
  | "listPublicJobs"
> {
  return {
    async loadFeedIndex() {
      const version = await readFeedVersion(connection, s, orgId);
      return version === null ? null : feedIndexes.lookup(orgId, version);
    },

    loadFeedApplications: (range) =>
      readFeedApplications(connection, s, orgId, range.start, range.end),

    loadStatusChangesInRange: (range) =>
      readStatusChangesInRange(connection, s, orgId, range.start, range.end),

    loadFeedApplicationHeads: (ids, options) =>
      readFeedApplicationHeads(connection, s, orgId, ids, options),

    listPublicJobs: () => readPublicJobs(connection, s, orgId),
  };
}
