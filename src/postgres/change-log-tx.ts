import type { CHANGE_LOG_OPERATIONS, StoreTx } from "../store/port";
import { pruneTombstones, readChangeLogPage } from "./change-log-sql";
import type { ChangeLogWrites } from "./change-log-writes";
import type { TxScope } from "./session";
import { countEntriesAfter, deleteEndpoint, readEndpoints, upsertEndpoint } from "./webhook-sql";

type ChangeLogOperation = (typeof CHANGE_LOG_OPERATIONS)[number];

/**
 * The transaction's change log and webhook endpoints. The log's entries are written by the
 * live-data writes themselves through `log`, and replays with them before the COMMIT.
 */
export function changeLogOperations(
  { connection, s, orgId }: TxScope,
  log: ChangeLogWrites,
): Required<Pick<StoreTx, ChangeLogOperation>> {
  return {
    readChangeLog({ after, limit }) {
      if (!Number.isSafeInteger(after))
        return Promise.reject(
          new RangeError(`readChangeLog: after must be an integer, not ${after}`),
        );
      if (!(Number.isSafeInteger(limit) || limit === Number.POSITIVE_INFINITY) || limit < 0)
        return Promise.reject(
          new RangeError(`readChangeLog: limit must be a non-negative integer, not ${limit}`),
        );
      return readChangeLogPage(connection, s, orgId, {
        after,
        limit: limit === Number.POSITIVE_INFINITY ? null : limit,
      });
    },

    pruneChangeLog: (before) => pruneTombstones(connection, s, orgId, before),

    loadWebhookEndpoints: () => readEndpoints(connection, s, orgId),

    saveWebhookEndpoint: (endpoint) => upsertEndpoint(connection, s, orgId, endpoint),

    deleteWebhookEndpoint: (id) => deleteEndpoint(connection, s, orgId, id),

    async replayWebhookEvents(endpointId, after) {
      log.replay(endpointId, after);
      return countEntriesAfter(connection, s, orgId, endpointId, after);
    },
  };
}
