import type { FeedIndex } from "../domain/feed-index";

/**
 * How much of the feed a PostgreSQL store keeps indexed in its process. Every write of the feed's
 * data (applications, candidates, jobs, the organization's profile; a snapshot that replaces the
 * organization) gives it a new feed version in the database; an index is kept per (organization,
 * version) and used only by a transaction that reads that same version, so every instance answers
 * from the database's current state, never a stale one. The instance that made a live write moves
 * its index to the new version with the write's changes; the others rebuild on their next miss.
 */
export interface FeedIndexCacheOptions {
  /**
   * The most status changes kept indexed across all organizations (least recently used evicted
   * first; an organization larger than this is never indexed and is answered in SQL). Roughly
   * 250 bytes of heap each. Default 1,000,000; 0 turns the index off.
   */
  maxStatusChanges?: number;
}

/** The default of {@link FeedIndexCacheOptions.maxStatusChanges}. */
export const DEFAULT_FEED_INDEX_STATUS_CHANGES = 1_000_000;

/** What building an organization's index found: its version and size, and the index if it fit. */
export interface BuiltFeedIndex {
  version: string;
  statusChanges: number;
  index: FeedIndex | null;
}

interface Entry {
  version: string;
  statusChanges: number;
  index: FeedIndex;
}

/** The indexes of one store, by organization; builds are coalesced and never throw. */
export class FeedIndexCache {
  readonly #limit: number;
  readonly #warmOnMiss: boolean;
  readonly #build: (orgId: string, limit: number) => Promise<BuiltFeedIndex | null>;
  /** In least-recently-used order (a Map keeps insertion order; a hit re-inserts). */
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, Promise<boolean>>();
  /** Organizations found too large at a version, so a miss does not rebuild them every query. */
  readonly #tooLarge = new Map<string, string>();
  #total = 0;

  /**
   * `warmOnMiss` starts a build in the background on a miss: only on a pool, since on a single
   * connection a background transaction would interleave with the host's own use of it.
   */
  constructor(
    limit: number,
    build: (orgId: string, limit: number) => Promise<BuiltFeedIndex | null>,
    options: { warmOnMiss: boolean } = { warmOnMiss: true },
  ) {
    this.#limit = limit;
    this.#build = build;
    this.#warmOnMiss = options.warmOnMiss;
  }

  /** The index of `orgId` at `version`, or `null`; a miss may start a build in the background. */
  lookup(orgId: string, version: string): FeedIndex | null {
    if (this.#limit <= 0) return null;
    const entry = this.#entries.get(orgId);
    if (entry !== undefined && entry.version === version) {
      this.#entries.delete(orgId);
      this.#entries.set(orgId, entry);
      return entry.index;
    }
    if (this.#warmOnMiss && this.#tooLarge.get(orgId) !== version) void this.warm(orgId);
    return null;
  }

  /** Whether the index of `orgId` at `version` is kept (without counting as a use). */
  holds(orgId: string, version: string): boolean {
    return this.#entries.get(orgId)?.version === version;
  }

  /**
   * Moves the index of `orgId` from version `from` to `to` by `change` (a committed write's
   * changes): `true` when the changed index is kept. Nothing happens unless the index kept is the
   * one at `from`; one that `change` fails on, or that grows past the limit, is dropped, and the
   * next miss rebuilds it.
   */
  advance(
    orgId: string,
    from: string,
    to: string,
    change: (index: FeedIndex) => FeedIndex,
  ): boolean {
    const entry = this.#entries.get(orgId);
    if (entry === undefined || entry.version !== from) return false;
    this.#entries.delete(orgId);
    this.#total -= entry.statusChanges;
    let index: FeedIndex;
    try {
      index = change(entry.index);
    } catch {
      return false;
    }
    return this.#keep(orgId, { version: to, statusChanges: index.statusChangeCount, index });
  }

  /**
   * Builds (or waits for the build of) the index of the organization's current version: `true`
   * when it is now kept. A failed build is dropped; the next query tries again.
   */
  warm(orgId: string): Promise<boolean> {
    if (this.#limit <= 0) return Promise.resolve(false);
    let building = this.#building.get(orgId);
    if (building === undefined) {
      building = this.#build(orgId, this.#limit)
        .then((built) => this.#keep(orgId, built))
        .catch(() => false)
        .finally(() => this.#building.delete(orgId));
      this.#building.set(orgId, building);
    }
    return building;
  }

  #keep(orgId: string, built: BuiltFeedIndex | null): boolean {
    const previous = this.#entries.get(orgId);
    // A build that read the data before a write committed can finish after the write advanced the
    // index: versions come from one sequence, so the later one is kept.
    if (
      previous !== undefined &&
      built !== null &&
      BigInt(built.version) < BigInt(previous.version)
    )
      return true;
    if (previous !== undefined) {
      this.#entries.delete(orgId);
      this.#total -= previous.statusChanges;
    }
    if (built === null) return false;
    if (built.index === null || built.statusChanges > this.#limit) {
      this.#tooLarge.set(orgId, built.version);
      return false;
    }
    this.#tooLarge.delete(orgId);
    this.#entries.set(orgId, {
      version: built.version,
      statusChanges: built.statusChanges,
      index: built.index,
    });
    this.#total += built.statusChanges;
    for (const [other, entry] of this.#entries) {
      if (this.#total <= this.#limit || other === orgId) break;
      this.#entries.delete(other);
      this.#total -= entry.statusChanges;
    }
    return true;
  }
}
