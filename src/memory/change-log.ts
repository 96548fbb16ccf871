import type { ChangeLogEntry, ChangeLogPage } from "../domain/change-log";
import { compareIds } from "../runtime/compare-ids";

/** An entry as the log keeps it: gone for the states published from `removedIn` on. */
interface KeptEntry {
  readonly position: number;
  readonly applicationId: string;
  readonly changedAt: number;
  readonly deleted: boolean;
  removedIn: number;
}

/** What a commit changed: each application once, erased or not. */
export interface LoggedChange {
  applicationId: string;
  deleted: boolean;
}

/**
 * An organization's change log as one published state reads it. The entries are shared by every
 * state of the epoch and only ever appended to; an entry superseded or pruned is marked with the
 * version that removed it, so a state published before still reads it. When removed entries
 * outnumber the live ones, the next version gets a compacted array and earlier ones keep theirs:
 * a page costs its entries plus at most as many removed ones on average, however long the log.
 */
export class ChangeLogVersion {
  readonly epoch: string;
  readonly head: number;
  readonly prunedThrough: number;
  readonly #version: number;
  readonly #entries: KeptEntry[];
  readonly #latest: Map<string, KeptEntry>;
  // The live tombstones, oldest first: pruning stops at the first one too young.
  readonly #tombstones: Map<string, KeptEntry>;
  readonly #removed: number;

  private constructor(
    epoch: string,
    parts: {
      head: number;
      prunedThrough: number;
      version: number;
      entries: KeptEntry[];
      latest: Map<string, KeptEntry>;
      tombstones: Map<string, KeptEntry>;
      removed: number;
    },
  ) {
    this.epoch = epoch;
    this.head = parts.head;
    this.prunedThrough = parts.prunedThrough;
    this.#version = parts.version;
    this.#entries = parts.entries;
    this.#latest = parts.latest;
    this.#tombstones = parts.tombstones;
    this.#removed = parts.removed;
  }

  /** A new epoch's log: one entry per application id, in id order, changed at `at`. */
  static start(epoch: string, applicationIds: Iterable<string>, at: Date): ChangeLogVersion {
    const ids = [...applicationIds].sort(compareIds);
    const entries: KeptEntry[] = [];
    const latest = new Map<string, KeptEntry>();
    const changedAt = at.getTime();
    for (const applicationId of ids) {
      const entry = {
        position: entries.length + 1,
        applicationId,
        changedAt,
        deleted: false,
        removedIn: Number.POSITIVE_INFINITY,
      };
      entries.push(entry);
      latest.set(applicationId, entry);
    }
    return new ChangeLogVersion(epoch, {
      head: entries.length,
      prunedThrough: 0,
      version: 0,
      entries,
      latest,
      tombstones: new Map(),
      removed: 0,
    });
  }

  /** Up to `limit` entries after `after`, as this version reads them. */
  read(after: number, limit: number): ChangeLogPage {
    const entries: ChangeLogEntry[] = [];
    const kept = this.#entries;
    for (let index = firstAfter(kept, after); index < kept.length; index++) {
      const entry = kept[index] as KeptEntry;
      if (entry.position > this.head || entries.length >= limit) break;
      if (entry.removedIn <= this.#version) continue;
      entries.push({
        position: entry.position,
        applicationId: entry.applicationId,
        changedAt: new Date(entry.changedAt),
        deleted: entry.deleted,
      });
    }
    return { epoch: this.epoch, head: this.head, prunedThrough: this.prunedThrough, entries };
  }

  /** The entries after `after` now live (tombstones too), by position. */
  liveAfter(after: number): ChangeLogEntry[] {
    return this.read(after, Number.POSITIVE_INFINITY).entries;
  }

  /**
   * The next version, with `changes` appended at new positions in application-id order (each
   * supersedes its application's earlier entry), changed at `at`. Only a writer that holds the
   * organization's turn calls it, on the latest version.
   */
  append(
    changes: readonly LoggedChange[],
    at: Date,
  ): { next: ChangeLogVersion; added: ChangeLogEntry[] } {
    if (changes.length === 0) return { next: this, added: [] };
    const version = this.#version + 1;
    const sorted = [...changes].sort((a, b) => compareIds(a.applicationId, b.applicationId));
    const changedAt = at.getTime();
    let head = this.head;
    let removed = this.#removed;
    const added: ChangeLogEntry[] = [];
    for (const change of sorted) {
      const before = this.#latest.get(change.applicationId);
      if (before !== undefined) {
        before.removedIn = version;
        removed++;
        this.#tombstones.delete(change.applicationId);
      }
      head++;
      // Written out in the shape `start` gives its entries, so every entry has one shape.
      const { applicationId, deleted } = change;
      const entry: KeptEntry = {
        position: head,
        applicationId,
        changedAt,
        deleted,
        removedIn: Number.POSITIVE_INFINITY,
      };
      this.#entries.push(entry);
      this.#latest.set(applicationId, entry);
      if (deleted) this.#tombstones.set(applicationId, entry);
      added.push({ position: head, applicationId, changedAt: new Date(changedAt), deleted });
    }
    return {
      next: this.#successor({ head, prunedThrough: this.prunedThrough, version, removed }),
      added,
    };
  }

  /** How many tombstones changed before `before` {@link ChangeLogVersion.prune} would delete. */
  countPrunable(before: Date): number {
    return this.#prunable(before.getTime()).length;
  }

  /** The next version without the tombstones changed before `before`; and how many went. */
  prune(before: Date): { next: ChangeLogVersion; pruned: number } {
    const prunable = this.#prunable(before.getTime());
    if (prunable.length === 0) return { next: this, pruned: 0 };
    const version = this.#version + 1;
    let prunedThrough = this.prunedThrough;
    for (const entry of prunable) {
      entry.removedIn = version;
      this.#latest.delete(entry.applicationId);
      this.#tombstones.delete(entry.applicationId);
      prunedThrough = Math.max(prunedThrough, entry.position);
    }
    const removed = this.#removed + prunable.length;
    return {
      next: this.#successor({ head: this.head, prunedThrough, version, removed }),
      pruned: prunable.length,
    };
  }

  #prunable(cutoff: number): KeptEntry[] {
    const prunable: KeptEntry[] = [];
    for (const entry of this.#tombstones.values()) {
      if (entry.changedAt >= cutoff) break;
      prunable.push(entry);
    }
    return prunable;
  }

  #successor(parts: {
    head: number;
    prunedThrough: number;
    version: number;
    removed: number;
  }): ChangeLogVersion {
    let entries = this.#entries;
    let removed = parts.removed;
    if (removed > this.#latest.size) {
      // A new array for the versions from here on; the ones before keep reading the old one.
      entries = entries.filter((entry) => entry.removedIn > parts.version);
      removed = 0;
    }
    return new ChangeLogVersion(this.epoch, {
      ...parts,
      entries,
      latest: this.#latest,
      tombstones: this.#tombstones,
      removed,
    });
  }
}

/** The index of the first entry with a position greater than `after` (entries are by position). */
function firstAfter(entries: readonly KeptEntry[], after: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as KeptEntry).position <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}
