import type { StoreTx } from "../store/port";
import type { MemoryTxContext } from "./tx-context";

type FeedOperations = Required<
  Pick<StoreTx, "loadFeedApplications" | "loadFeedIndex" | "listPublicJobs">
>;

/** The port's feed and job board: the state's feed index, built when the state was. */
export function feedOperations({ read }: MemoryTxContext): FeedOperations {
  return {
    async loadFeedApplications(range) {
      return read().feed.applicationsInRange(range.start.getTime(), range.end.getTime());
    },

    async loadFeedIndex() {
      return read().feed;
    },

    async listPublicJobs() {
      return read()
        .jobs.filter((job) => job.public)
        .map((job) => ({ ...job }));
    },
  };
}
