/**
 * One entry of an organization's change log: the latest change of one job application. A later
 * change of the same application supersedes it (the log is compacted by application), so an
 * application has at most one entry.
 */
export interface ChangeLogEntry {
  /**
   * Orders the organization's changes: every commit's entries come after every earlier commit's,
   * and a position is never given twice within an epoch.
   */
  position: number;
  applicationId: string;
  /** When the change was committed, by the store's clock. */
  changedAt: Date;
  /** The application was erased: the entry is a tombstone. */
  deleted: boolean;
}

/** Entries of a change log after a position, and where the log stands. */
export interface ChangeLogPage {
  /**
   * The log's identity: a new one when the organization is replaced by a snapshot, which makes
   * every earlier position meaningless.
   */
  epoch: string;
  /** The greatest position given in this epoch (0 before the first change). */
  head: number;
  /** Tombstones at or below this position may have been pruned (0 when none was). */
  prunedThrough: number;
  /** The entries after the asked position, by position, at most the asked number. */
  entries: ChangeLogEntry[];
}
