import type { FeedApplication } from "../domain/feed";
import type { FeedIndex } from "../domain/feed-index";
import { buildFeedIndex, joined } from "./feed-index";
import type { OrganizationState, StateView, WorkingState } from "./state";

/**
 * The feed of the state `working` makes of `committed`: the committed index carried forward by
 * what the transaction changed (reshaped when the profile's feed fields changed), never rebuilt.
 */
export function nextFeed(committed: OrganizationState, working: WorkingState): FeedIndex {
  let feed = committed.feed;
  if (working.feedReshaped) feed = feed.withOrganization(working.organization);
  if (working.feedTouched.size === 0) return feed;
  const upserted: FeedApplication[] = [];
  const removed: string[] = [];
  for (const id of working.feedTouched) {
    const application = working.applications.get(id);
    if (application === undefined) removed.push(id);
    else upserted.push(joined(application, working.candidates, working.jobs));
  }
  return feed.withChanges({ upserted, removed });
}

/**
 * The feed as `state` reads it inside a write transaction that changed it: built from the
 * transaction's own data, since its index is made only when it commits.
 */
export function workingFeed(state: StateView): FeedIndex {
  return buildFeedIndex(
    [...state.applications.values()],
    [...state.candidates.values()],
    [...state.jobs.values()],
    state.organization,
  );
}
