import type { MemoryStore } from "../memory/store";
import { writeFileAtomically } from "./atomic-file";
import { coalesce } from "./coalesce";
import { describe } from "./snapshot-file";

/** `rpdi serve --persist`: the file that holds the memory store's state. */
export interface PersistedState {
  /** Resolves once the state as it is now, or a later one, is on disk; rejects if that write fails. */
  write(): Promise<void>;
  /** Resolves once no write is under way or waiting. */
  settled(): Promise<void>;
}

/**
 * Writes the organizations `orgIds` of `store` to `path` atomically, one write at a time; changes
 * published while a write is under way share the next one. The text is what `--seed` reads: one
 * snapshot, or a list of them.
 */
export function persistedState(
  path: string,
  store: MemoryStore,
  orgIds: readonly string[],
): PersistedState {
  const run = coalesce(async () => {
    try {
      await writeFileAtomically(path, stateText(store, orgIds));
    } catch (error) {
      throw new Error(`cannot write the state to ${path}: ${describe(error)}`);
    }
  });
  return { write: run.request, settled: run.settled };
}

function stateText(store: MemoryStore, orgIds: readonly string[]): string {
  const texts = orgIds.flatMap((orgId) => store.exportSnapshotJson(orgId, 2) ?? []);
  if (texts.length === 1) return `${texts[0]}\n`;
  // As JSON.stringify(list, null, 2) would indent them.
  return `[\n${texts.map((text) => `  ${text.replaceAll("\n", "\n  ")}`).join(",\n")}\n]\n`;
}
