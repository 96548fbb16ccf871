import type { FeedIndex } from "../domain/feed-index";
import type { StoreTx } from "../store/port";
import { workingFeed } from "./feed-versions";
import type { StateView, WorkingState } from "./state";
import type { MemoryTxContext } from "./tx-context";

type FeedOperations = Required<
  Pick<StoreTx, "loadFeedApplications" | "loadFeedIndex" | "listPublicJobs">
>;

/** The port's feed and job board: the state's feed index. */
export function feedOperations({ read }: MemoryTxContext): FeedOperations {
  return {
    async loadFeedApplications(range) {
      return feedOf(read()).applicationsInRange(range.start.getTime(), range.end.getTime());
    },

    async loadFeedIndex() {
      return feedOf(read());
    },

    async listPublicJobs() {
      const jobs = [];
      for (const job of read().jobs.values()) if (job.public) jobs.push({ ...job });
      return jobs;
    },
  };
}

/** The state's index; a write transaction that changed the feed reads one of its own data. */
function feedOf(state: StateView): FeedIndex {
  const working = state as Partial<Pick<WorkingState, "feedTouched" | "feedReshaped">>;
  const changed = (working.feedTouched?.size ?? 0) > 0 || working.feedReshaped === true;
  return changed ? workingFeed(state) : state.feed;
}
