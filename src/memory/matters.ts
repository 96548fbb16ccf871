import { applyMatterWrites } from "../domain/matter-writes";
import type { CycleMatters } from "../domain/matters";
import type { StoreTx } from "../store/port";
import type { MemoryTxContext } from "./tx-context";

type MatterOperations = Pick<StoreTx, "findReviewCycle" | "loadCycleMatters" | "applyMatterWrites">;

/** The port's review cycles and matters, over `context`'s state. */
export function matterOperations({ read, write }: MemoryTxContext): MatterOperations {
  return {
    async findReviewCycle(reviewCycleId) {
      const cycle = read().reviewCycles.get(reviewCycleId);
      return cycle === undefined ? null : { id: cycle.id, name: cycle.name };
    },

    async loadCycleMatters(reviewCycleId) {
      const cycle = read().reviewCycles.get(reviewCycleId);
      return cycle === undefined
        ? { clientMatters: [], entries: [] }
        : copyCycleMatters(cycle.matters);
    },

    async applyMatterWrites(reviewCycleId, writes) {
      const state = write();
      const cycle = state.reviewCycles.get(reviewCycleId);
      if (cycle === undefined)
        throw new Error(`applyMatterWrites: no review cycle ${reviewCycleId}`);
      // Stored records are never handed out, so only the written ones need copying.
      const owned = {
        createClientMatters: writes.createClientMatters.map(copyRecord),
        updateClientMatters: writes.updateClientMatters.map(copyRecord),
        createEntries: writes.createEntries.map(copyRecord),
        updateEntries: (writes.updateEntries ?? []).map(copyRecord),
      };
      state.reviewCycles.set(reviewCycleId, {
        ...cycle,
        matters: applyMatterWrites(cycle.matters, owned),
      });
    },
  };
}

/** A copy of a record whose fields are all primitives (client matters and matter entries). */
function copyRecord<T extends object>(record: T): T {
  return { ...record };
}

function copyCycleMatters(matters: CycleMatters): CycleMatters {
  return {
    clientMatters: matters.clientMatters.map(copyRecord),
    entries: matters.entries.map(copyRecord),
  };
}
