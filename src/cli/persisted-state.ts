import type { OrganizationSnapshot } from "../store/snapshot";
import { writeFileAtomically } from "./atomic-file";
import { coalesce } from "./coalesce";
import { describe } from "./snapshot-file";

/** `rpdi serve --persist`: the file that holds the memory store's state. */
export interface PersistedState {
  /** Resolves once the state as it is now, or a later one, is on disk. */
  write(): Promise<void>;
  /** Resolves once every change asked for is on disk, writing it if the last write failed. */
  flush(): Promise<void>;
}

/**
 * Writes `exportState()` to `path` atomically, one write at a time; changes made while a write is
 * under way share the next one.
 */
export function persistedState(
  path: string,
  exportState: () => Promise<readonly OrganizationSnapshot[]>,
): PersistedState {
  let asked = 0;
  let written = 0;
  const run = coalesce(async () => {
    const covers = asked;
    try {
      await writeFileAtomically(path, formatState(await exportState()));
    } catch (error) {
      throw new Error(`cannot write the state to ${path}: ${describe(error)}`);
    }
    written = Math.max(written, covers);
  });
  const write = () => {
    asked += 1;
    return run.request();
  };
  return {
    write,
    async flush() {
      await run.settled();
      if (written < asked) await write();
    },
  };
}

/** The text of a state file: one snapshot, or a list of them, as `--seed` reads it. */
export function formatState(snapshots: readonly OrganizationSnapshot[]): string {
  return `${JSON.stringify(snapshots.length === 1 ? snapshots[0] : snapshots, null, 2)}\n`;
}
