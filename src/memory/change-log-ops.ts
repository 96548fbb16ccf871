import type { StoreTx } from "../store/port";
import type { MemoryTxContext } from "./tx-context";

type ChangeLogOperations = Required<
  Pick<
    StoreTx,
    | "readChangeLog"
    | "pruneChangeLog"
    | "loadWebhookEndpoints"
    | "saveWebhookEndpoint"
    | "deleteWebhookEndpoint"
    | "replayWebhookEvents"
  >
>;

/**
 * The port's change-log operations over `context`'s state. A write transaction's entries are made
 * when it commits, so its reads of the log see the log it began from; its prunings and replays
 * take effect then too.
 */
export function changeLogOperations({ read, write }: MemoryTxContext): ChangeLogOperations {
  return {
    async readChangeLog({ after, limit }) {
      return read().changeLog.read(after, limit);
    },

    async pruneChangeLog(before) {
      const state = write();
      const earlier = state.changeLogPrune;
      state.changeLogPrune = earlier !== null && earlier > before ? earlier : before;
      return state.changeLog.countPrunable(state.changeLogPrune);
    },

    async loadWebhookEndpoints() {
      return read().webhookEndpoints.map((endpoint) => structuredClone(endpoint));
    },

    async saveWebhookEndpoint(endpoint) {
      const state = write();
      const saved = Object.freeze(structuredClone(endpoint));
      const others = state.webhookEndpoints.filter((kept) => kept.id !== endpoint.id);
      const index = state.webhookEndpoints.findIndex((kept) => kept.id === endpoint.id);
      state.webhookEndpoints =
        index < 0 ? [...others, saved] : [...others.slice(0, index), saved, ...others.slice(index)];
    },

    async deleteWebhookEndpoint(id) {
      const state = write();
      const kept = state.webhookEndpoints.filter((endpoint) => endpoint.id !== id);
      if (kept.length === state.webhookEndpoints.length) return false;
      state.webhookEndpoints = kept;
      return true;
    },

    async replayWebhookEvents(endpointId, after) {
      const state = write();
      if (!state.webhookEndpoints.some((endpoint) => endpoint.id === endpointId)) return 0;
      state.webhookReplays.push({ endpointId, after });
      return state.changeLog.liveAfter(after).length;
    },
  };
}
