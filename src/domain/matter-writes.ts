import type { ClientMatter, CycleMatters, MatterEntry } from "./matters";

/** The writes of an upsert or legacy plan, without their counts. */
export interface MatterWrites {
  createClientMatters: readonly ClientMatter[];
  updateClientMatters: readonly ClientMatter[];
  createEntries: readonly MatterEntry[];
  updateEntries?: readonly MatterEntry[];
}

/**
 * A review cycle's matters after a plan's writes: updates replace records by id, creates are
 * appended. Pure: the input is not changed.
 */
export function applyMatterWrites(matters: CycleMatters, writes: MatterWrites): CycleMatters {
  const matterUpdates = new Map(writes.updateClientMatters.map((matter) => [matter.id, matter]));
  const entryUpdates = new Map((writes.updateEntries ?? []).map((entry) => [entry.id, entry]));
  return {
    clientMatters: [
      ...matters.clientMatters.map((matter) => matterUpdates.get(matter.id) ?? matter),
      ...writes.createClientMatters,
    ],
    entries: [
      ...matters.entries.map((entry) => entryUpdates.get(entry.id) ?? entry),
      ...writes.createEntries,
    ],
  };
}
