import type { ChangeLogVersion, LoggedChange } from "./change-log";
import type { OrganizationState, WorkingState } from "./state";
import type { WebhookEventQueue } from "./webhook-queue";

/** A commit's change log, and the webhook events it makes once published. */
export interface LoggedCommit {
  changeLog: ChangeLogVersion;
  /** Queues the events of the commit's new entries and replays; drops disabled endpoints' ones. */
  enqueue(queue: WebhookEventQueue, orgId: string): void;
}

/**
 * The change log of the state `working` makes of `committed`: an entry for each application whose
 * feed record it changed (every one when the profile's feed fields changed), a tombstone for each
 * it erased, changed at `now`; then the tombstones it pruned.
 */
export function nextChangeLog(
  committed: OrganizationState,
  working: WorkingState,
  now: Date,
): LoggedCommit {
  const { next, added } = committed.changeLog.append(changesOf(committed, working), now);
  const changeLog =
    working.changeLogPrune === null ? next : next.prune(working.changeLogPrune).next;
  return {
    changeLog,
    enqueue(queue, orgId) {
      const enabled = working.webhookEndpoints.filter((endpoint) => endpoint.enabled);
      queue.retainEndpoints(orgId, new Set(enabled.map((endpoint) => endpoint.id)));
      queue.enqueue(orgId, enabled, added);
      for (const replay of working.webhookReplays) {
        const endpoint = enabled.find((candidate) => candidate.id === replay.endpointId);
        if (endpoint !== undefined)
          queue.enqueue(orgId, [endpoint], changeLog.liveAfter(replay.after));
      }
    },
  };
}

function changesOf(committed: OrganizationState, working: WorkingState): LoggedChange[] {
  const touched: Iterable<string> = working.feedReshaped
    ? new Set([...idsOf(working.applications.values()), ...working.feedTouched])
    : working.feedTouched;
  const changes: LoggedChange[] = [];
  for (const applicationId of touched) {
    if (working.applications.has(applicationId)) changes.push({ applicationId, deleted: false });
    else if (committed.applications.has(applicationId))
      changes.push({ applicationId, deleted: true });
  }
  return changes;
}

function* idsOf(applications: Iterable<{ id: string }>): Generator<string> {
  for (const application of applications) yield application.id;
}
