import type { OrganizationState, StateView, WorkingState } from "./state";

/** What a write transaction knows of links: see `PublishedStates.linkCounts`. */
export interface LinkedView {
  /** How many members link to each member in the state the transaction began from. */
  counts: ReadonlyMap<string, number>;
  /** The transaction's changes, once it wrote. */
  working: WorkingState | null;
}

/** What every part of a memory transaction's port reads and writes through. */
export interface MemoryTxContext {
  /** The state the transaction reads: published, or with its own changes over. */
  read: () => StateView;
  /** The transaction's own changes, begun at the first write; a read-only one throws. */
  write: () => WorkingState;
  /** Those of `emails` that belong to users of other organizations. */
  externalUsers: (emails: readonly string[]) => string[];
  /** The state a read-only transaction reads, pinned for it; `null` for a write transaction. */
  published: OrganizationState | null;
  /** A write transaction's link counts of the state it began from, and its changes over it. */
  linked: () => LinkedView | null;
}
