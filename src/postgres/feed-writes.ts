import type { FeedApplication } from "../domain/feed";
import type { FeedIndex } from "../domain/feed-index";
import type { FeedOrganization } from "../domain/feed-record";
import type { OrganizationProfile } from "../domain/organization";
import { deepFreeze } from "../runtime/deep-freeze";
import type { FeedIndexCache } from "./feed-cache";
import { nextFeedVersion } from "./live-data-sql";
import type { CommitHooks, TxScope } from "./session";
import { indexedApplication } from "./whole-feed";

/**
 * A write transaction's changes to the feed. The first write draws the organization's next feed
 * version, so every instance's index of the version before stops being used once it commits. When
 * this instance's cache holds that index, the writes hand over what they changed (whole feed
 * applications, removed ids, the profile), and once the transaction commits the cache moves the
 * index to the new version with them instead of building it again from the database. A transaction
 * that fails commits nothing and runs no hook: the cache stays as it was.
 */
export class FeedWrites {
  readonly #scope: TxScope;
  readonly #cache: FeedIndexCache;
  readonly #commit: CommitHooks;
  #opened: Promise<boolean> | undefined;
  readonly #upserted = new Map<string, FeedApplication>();
  readonly #removed = new Set<string>();
  #organization: FeedOrganization | undefined;

  constructor(scope: TxScope, cache: FeedIndexCache, commit: CommitHooks) {
    this.#scope = scope;
    this.#cache = cache;
    this.#commit = commit;
  }

  /**
   * Called by every write of the feed's data before it answers: draws the new feed version once
   * per transaction, and answers whether the cache follows it (then the write must hand over its
   * changes; otherwise it need not read them).
   */
  changing(): Promise<boolean> {
    this.#opened ??= this.#open();
    return this.#opened;
  }

  /** Applications created or changed, whole; each replaces any earlier one of its id. */
  upsert(sources: readonly FeedApplication[]): void {
    for (const source of sources) {
      const id = source.application.id;
      this.#removed.delete(id);
      this.#upserted.set(id, indexedApplication(source));
    }
  }

  /** Applications deleted. */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      this.#upserted.delete(id);
      this.#removed.add(id);
    }
  }

  /** The organization's new profile (the feed reads its short name, site and custom fields). */
  organization(profile: OrganizationProfile): void {
    this.#organization = deepFreeze(
      structuredClone({
        shortName: profile.shortName,
        siteUrl: profile.siteUrl,
        applicationCustomFields: profile.applicationCustomFields,
      }),
    );
  }

  async #open(): Promise<boolean> {
    const { connection, s, orgId } = this.#scope;
    const { before, after } = await nextFeedVersion(connection, s, orgId);
    if (!this.#cache.holds(orgId, before)) return false;
    this.#commit.add(() => {
      this.#cache.advance(orgId, before, after, (index) => this.#applyTo(index));
    });
    return true;
  }

  #applyTo(index: FeedIndex): FeedIndex {
    let next =
      this.#organization === undefined ? index : index.withOrganization(this.#organization);
    if (this.#upserted.size > 0 || this.#removed.size > 0)
      next = next.withChanges({
        upserted: [...this.#upserted.values()],
        removed: [...this.#removed],
      });
    return next;
  }
}
