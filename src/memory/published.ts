import type { Pace } from "../runtime/steps";
import { emailKey } from "../values/email";
import { AddressIndex } from "./address-index";
import { nextChangeLog } from "./change-log-commit";
import { nextFeed } from "./feed-versions";
import { countLinks } from "./links";
import type { OverlayMap } from "./overlay-map";
import type { OrganizationState, StateView, WorkingState } from "./state";
import { WebhookEventQueue } from "./webhook-queue";

/** Changed addresses from which a paced transaction's commit moves the address index over turns. */
const PACED_ADDRESSES_FROM = 4096;

/**
 * Every organization's published state, and what is kept in step with them: the addresses of
 * all organizations (for users of other organizations), the read-only transactions reading each
 * published map, each state's link counts, and each organization's turn for writers.
 */
export class PublishedStates {
  readonly #states = new Map<string, OrganizationState>();
  readonly #turns = new Map<string, Promise<unknown>>();
  readonly #addresses = new AddressIndex();
  // A commit changes a map in place only when no read-only transaction reads it, and otherwise
  // publishes a changed copy, leaving theirs as it was.
  readonly #readers = new Map<object, number>();
  // Carried from one state to the next by the commits that record their changes: deleting a
  // member nobody links to then scans only what its own transaction changed.
  readonly #links = new WeakMap<OrganizationState, Map<string, number>>();
  /** The webhook events waiting for delivery, made by the commits. */
  readonly webhookQueue = new WebhookEventQueue();
  /** The store's clock: it times change-log entries. */
  readonly now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.now = now;
  }

  get(orgId: string): OrganizationState | undefined {
    return this.#states.get(orgId);
  }

  entries(): IterableIterator<[string, OrganizationState]> {
    return this.#states.entries();
  }

  ids(): string[] {
    return [...this.#states.keys()];
  }

  /**
   * Publishes a whole new `state` as `orgId`'s, moving the address index with it; the events
   * waiting for the state before are dropped.
   */
  publish(orgId: string, state: OrganizationState): void {
    this.webhookQueue.drop(orgId);
    const previous = this.#states.get(orgId);
    if (previous !== undefined) this.#addresses.removeAll(previous.idByEmail.keys());
    this.#addresses.addAll(state.idByEmail.keys());
    this.#states.set(orgId, state);
  }

  /** Publishes `next`, which shares `previous`'s maps (so its link counts hold for it too). */
  replace(orgId: string, previous: OrganizationState, next: OrganizationState): void {
    const counts = this.#links.get(previous);
    if (counts !== undefined) this.#links.set(next, counts);
    this.#states.set(orgId, next);
  }

  /**
   * Publishes a transaction's changes over `committed`, the state published when it began. A
   * large change of addresses made at a pace (a large import's) moves the address index over
   * several turns around the publication, which itself is one turn; else all in this turn.
   */
  commit(orgId: string, committed: OrganizationState, working: WorkingState): Promise<void> | void {
    const pace = working.pace;
    if (pace === undefined || working.changedAddresses.size < PACED_ADDRESSES_FROM) {
      // Before the fold, which may change `committed`'s maps in place; after it when the overlay
      // copied its base (a large import), so the index compares two plain maps.
      const addressesCopied = working.idByEmail.changedKeys() === null;
      if (!addressesCopied)
        this.#addresses.republish(committed.idByEmail, working.idByEmail, working.changedAddresses);
      const next = this.#publishChanges(orgId, committed, working);
      if (addressesCopied)
        this.#addresses.republish(committed.idByEmail, next.idByEmail, working.changedAddresses);
      return;
    }
    return this.#commitPaced(orgId, committed, working, pace);
  }

  async #commitPaced(
    orgId: string,
    committed: OrganizationState,
    working: WorkingState,
    pace: Pace,
  ): Promise<void> {
    // `committed` stays as it is meanwhile: the organization's writers wait for this one.
    const addresses = this.#addresses.republishPaced(
      committed.idByEmail,
      working.idByEmail,
      working.changedAddresses,
      pace,
    );
    try {
      await addresses.prepare();
      this.#publishChanges(orgId, committed, working);
    } catch (error) {
      addresses.abandon();
      throw error;
    }
    addresses.published();
    await addresses.settle();
  }

  /** The publication itself, in one turn: every map folded, link counts, feed and change log. */
  #publishChanges(
    orgId: string,
    committed: OrganizationState,
    working: WorkingState,
  ): OrganizationState {
    const counts = this.#links.get(committed);
    const changed = working.members.changedKeys();
    if (counts !== undefined && changed !== null) {
      for (const id of changed) {
        countLinks(counts, committed.members.get(id), -1);
        countLinks(counts, working.members.get(id), 1);
      }
    }
    const logged = nextChangeLog(committed, working, this.now());
    const next: OrganizationState = {
      ...committed,
      members: this.#fold(committed.members, working.members),
      idByEmail: this.#fold(committed.idByEmail, working.idByEmail),
      reviewCycles: this.#fold(committed.reviewCycles, working.reviewCycles),
      invitationTokens: this.#fold(committed.invitationTokens, working.invitationTokens),
      recoveryTokens: this.#fold(committed.recoveryTokens, working.recoveryTokens),
      tokenHashes: this.#fold(committed.tokenHashes, working.tokenHashes),
      mfaEnrollments: this.#fold(committed.mfaEnrollments, working.mfaEnrollments),
      jobs: this.#fold(committed.jobs, working.jobs),
      candidates: this.#fold(committed.candidates, working.candidates),
      applications: this.#fold(committed.applications, working.applications),
      candidateApplications: this.#fold(
        committed.candidateApplications,
        working.candidateApplications,
      ),
      organization: working.organization,
      feed: nextFeed(committed, working),
      outbox: working.outbox,
      columnMappings: working.columnMappings,
      changeLog: logged.changeLog,
      webhookEndpoints: working.webhookEndpoints,
    };
    if (counts !== undefined && changed !== null) this.#links.set(next, counts);
    this.#states.set(orgId, next);
    logged.enqueue(this.webhookQueue, orgId);
    return next;
  }

  #fold<K, V>(base: Map<K, V>, overlay: OverlayMap<K, V>): Map<K, V> {
    return overlay.publish(!this.#readers.has(base));
  }

  /** How many members link to each member in `state`, counted at its first use. */
  linkCounts(state: OrganizationState): Map<string, number> {
    let counts = this.#links.get(state);
    if (counts === undefined) {
      counts = new Map();
      for (const member of state.members.values()) countLinks(counts, member, 1);
      this.#links.set(state, counts);
    }
    return counts;
  }

  /** Keeps `state`'s maps as they are until the returned function is called. */
  pin(state: OrganizationState): () => void {
    const readers = this.#readers;
    const maps: Map<string, unknown>[] = [
      state.members,
      state.idByEmail,
      state.reviewCycles,
      state.invitationTokens,
      state.recoveryTokens,
      state.tokenHashes,
      state.mfaEnrollments,
      state.jobs,
      state.candidates,
      state.applications,
      state.candidateApplications,
    ];
    for (const map of maps) readers.set(map, (readers.get(map) ?? 0) + 1);
    return () => {
      for (const map of maps) {
        const count = readers.get(map) ?? 0;
        if (count <= 1) readers.delete(map);
        else readers.set(map, count - 1);
      }
    };
  }

  /** Runs `task` after every earlier task on the same organization has settled. */
  serialized<T>(orgId: string, task: () => Promise<T>): Promise<T> {
    const turns = this.#turns;
    const previous = turns.get(orgId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    turns.set(orgId, settled);
    void settled.then(() => {
      if (turns.get(orgId) === settled) turns.delete(orgId);
    });
    return next;
  }

  /** Those of `emails` that belong to users of other organizations, as `state` of `orgId` sees. */
  externalUsers(orgId: string, state: StateView, emails: readonly string[]): string[] {
    const declared = new Set(state.externalUserEmails.map(emailKey));
    // The index counts published states, this organization's among them.
    const own = this.#states.get(orgId)?.idByEmail;
    return emails.filter((email) => {
      const key = emailKey(email);
      return declared.has(key) || this.#addresses.holders(key) > (own?.has(key) === true ? 1 : 0);
    });
  }
}
