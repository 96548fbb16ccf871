import type { SavedColumnMappings } from "../domain/column-mappings";
import type { Application, Candidate, Job } from "../domain/feed";
import type { FeedIndex } from "../domain/feed-index";
import { applyMatterWrites as applyWrites, type MatterWrites } from "../domain/matter-writes";
import { type CycleMatters, flattenCycle, nestCycle } from "../domain/matters";
import type { Member, ProductMemberName } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import { NO_EDUCATION, NO_MENTORS, sharedAccess } from "../domain/member-parts";
import type { MemberWrites } from "../domain/member-writes";
import type { Office, OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import { withSessionEpoch } from "../domain/session-epoch";
import {
  type OrganizationSnapshot,
  type OrganizationSnapshotInput,
  organizationSnapshotSchema,
} from "../domain/snapshot";
import type { WelcomeEmail } from "../domain/welcome-email";
import { deepFreeze } from "../runtime/deep-freeze";
import { MemberConflictError, OrganizationNotFoundError } from "../store/errors";
import { MemberPageCollector } from "../store/member-page";
import { checkClaimRequest } from "../store/outbox-claims";
import type {
  ClaimedWelcomeEmail,
  Store,
  StoreTx,
  TransactionOptions,
  WelcomeEmailClaim,
  WelcomeEmailClaimRequest,
  WelcomeEmailOutbox,
} from "../store/port";
import { emailKey } from "../values/email";
import { AddressIndex } from "./address-index";
import { buildFeedIndex } from "./feed-index";
import { OverlayMap, type ReadableTable, type WritableTable } from "./overlay-map";

interface CycleState {
  id: string;
  name: string;
  matters: CycleMatters;
}

/** Members written between two awaits of a plan's pace: a slice of a few milliseconds. */
const MEMBERS_PER_SLICE = 4096;

/** One organization's data as a transaction reads it: published, or with its own changes over. */
interface StateView {
  organization: OrganizationProfile;
  members: ReadableTable<string, Member>;
  idByEmail: ReadableTable<string, string>;
  externalUserEmails: string[];
  reviewCycles: ReadableTable<string, CycleState>;
  /** Never changed in place: replaced by a new array. */
  outbox: readonly WelcomeEmail[];
  jobs: Job[];
  candidates: Candidate[];
  applications: Application[];
  /** Built once per snapshot: nothing in the interface writes recruiting data. */
  feed: FeedIndex;
  /**
   * The last TOTP step accepted per member id. Shared by a transaction's copy, not copied: a step
   * once accepted stays taken even if its transaction fails, which can only refuse a replay.
   */
  totpSteps: Map<string, number>;
  /** Saved header mappings; never changed in place: replaced by a new, frozen object. */
  columnMappings: SavedColumnMappings;
}

/**
 * A published state. Records are replaced, never changed in place. Its maps may be shared with
 * the states published after it: a commit changes them in place unless a read-only transaction
 * still reads them (see `readers` in {@link createMemoryStore}).
 */
interface OrganizationState extends StateView {
  members: Map<string, Member>;
  idByEmail: Map<string, string>;
  reviewCycles: Map<string, CycleState>;
}

/** A write transaction's state: its changes over the published state it began from. */
interface WorkingState extends StateView {
  members: OverlayMap<string, Member>;
  idByEmail: OverlayMap<string, string>;
  /** The `idByEmail` keys taken or given up: publishing moves only these in the address index. */
  changedAddresses: Set<string>;
  reviewCycles: OverlayMap<string, CycleState>;
}

/** What a write transaction knows of links: see `links` in {@link createMemoryStore}. */
interface LinkedView {
  /** How many members link to each member in the state the transaction began from. */
  counts: ReadonlyMap<string, number>;
  /** The transaction's changes, once it wrote. */
  working: WorkingState | null;
}

/** Who holds a welcome email, and until when (epoch milliseconds). */
interface Lease {
  token: string;
  worker: string;
  expiresAt: number;
}

/** The in-memory store: the default adapter, for one process. */
export interface MemoryStore extends Store, WelcomeEmailOutbox {
  /** The ids of the organizations the store holds. */
  organizations(): string[];
  /**
   * `JSON.stringify(await exportSnapshot(orgId), null, space)` of the organization as published
   * now, or `null`, without copying the state first: it is written in one synchronous step, so no
   * commit changes it meanwhile, and copying a large one costs more than writing it
   * (`rpdi serve --persist` does this after every change).
   */
  exportSnapshotJson(orgId: string, space?: number): string | null;
}

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Awaited after a change to an organization is published (a transaction that wrote, a loaded
   * snapshot, an acknowledged welcome email) and before the call that made it resolves; a
   * rejection rejects that call, though the change stays published. It runs outside the
   * organization's turn, so the next transaction need not wait for it: `rpdi serve --persist`
   * writes the state to disk here, one write covering every change published meanwhile.
   */
  afterCommit?: (orgId: string) => Promise<void>;
}

/**
 * Creates the in-memory store, seeded from organization snapshots. A transaction records its
 * writes over the published state and publishes them only when the work resolves, so a throw at
 * any point leaves no trace; publishing folds them into the published maps, so a transaction
 * costs what it changes. Transactions on one organization run one after another; a read-only one
 * reads the state published when it began until it settles.
 */
export function createMemoryStore(
  seed: OrganizationSnapshotInput | readonly OrganizationSnapshotInput[] = [],
  options: MemoryStoreOptions = {},
): MemoryStore {
  const afterCommit = options.afterCommit ?? (async () => {});
  const states = new Map<string, OrganizationState>();
  const locks = new Map<string, Promise<unknown>>();
  // Delivery state beside the organizations, like TOTP steps: a claim changes no organization
  // data, so it needs neither the organization's turn nor a copy of its state.
  const leases = new Map<string, Map<string, Lease>>();
  // Every published state's addresses; kept in step with `states` by `publish` and `commit`.
  const addresses = new AddressIndex();
  // How many read-only transactions read each published map now: a commit changes a map in place
  // only when none does, and otherwise publishes a changed copy, leaving theirs as it was.
  const readers = new Map<object, number>();
  // How many members name each member as manager or mentor, per published state, carried from
  // one state to the next by the commits that record their changes: deleting a member nobody
  // links to then scans only what its own transaction changed (issue 30).
  const links = new WeakMap<OrganizationState, Map<string, number>>();
  // A read-only transaction's port over a published state holds nothing of its own (its reads are
  // of that state, its writes refused), so one serves them all: making its ~40 methods anew for
  // each one was about half a microsecond of every authenticated HTTP request.
  const readOnlyTxs = new WeakMap<OrganizationState, StoreTx>();
  for (const snapshot of Array.isArray(seed) ? seed : [seed]) {
    const parsed = organizationSnapshotSchema.parse(snapshot);
    publish(parsed.organization.id, stateFromSnapshot(parsed));
  }

  /** Publishes a whole new `state` as `orgId`'s, moving the address index with it. */
  function publish(orgId: string, state: OrganizationState): void {
    const previous = states.get(orgId);
    if (previous !== undefined) addresses.removeAll(previous.idByEmail.keys());
    addresses.addAll(state.idByEmail.keys());
    states.set(orgId, state);
  }

  /** Publishes a transaction's changes over `committed`, the state published when it began. */
  function commit(orgId: string, committed: OrganizationState, working: WorkingState): void {
    // Before the fold, which may change `committed`'s maps in place; after it when the overlay
    // copied its base (a large import), so the index compares two plain maps.
    const addressesCopied = working.idByEmail.changedKeys() === null;
    if (!addressesCopied)
      addresses.republish(committed.idByEmail, working.idByEmail, working.changedAddresses);
    const counts = links.get(committed);
    const changed = working.members.changedKeys();
    if (counts !== undefined && changed !== null) {
      for (const id of changed) {
        countLinks(counts, committed.members.get(id), -1);
        countLinks(counts, working.members.get(id), 1);
      }
    }
    const next: OrganizationState = {
      ...committed,
      members: fold(committed.members, working.members),
      idByEmail: fold(committed.idByEmail, working.idByEmail),
      reviewCycles: fold(committed.reviewCycles, working.reviewCycles),
      outbox: working.outbox,
      columnMappings: working.columnMappings,
    };
    if (addressesCopied)
      addresses.republish(committed.idByEmail, next.idByEmail, working.changedAddresses);
    if (counts !== undefined && changed !== null) links.set(next, counts);
    states.set(orgId, next);
  }

  /** How many members link to each member in `state`, counted at its first use. */
  function linkCounts(state: OrganizationState): Map<string, number> {
    let counts = links.get(state);
    if (counts === undefined) {
      counts = new Map();
      for (const member of state.members.values()) countLinks(counts, member, 1);
      links.set(state, counts);
    }
    return counts;
  }

  function fold<K, V>(base: Map<K, V>, overlay: OverlayMap<K, V>): Map<K, V> {
    return overlay.publish(!readers.has(base));
  }

  /** Keeps `state`'s maps as they are until the returned function is called. */
  function pin(state: OrganizationState): () => void {
    const maps = [state.members, state.idByEmail, state.reviewCycles];
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
  function serialized<T>(orgId: string, task: () => Promise<T>): Promise<T> {
    const previous = locks.get(orgId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    locks.set(orgId, settled);
    void settled.then(() => {
      if (locks.get(orgId) === settled) locks.delete(orgId);
    });
    return next;
  }

  function externalUsers(orgId: string, state: StateView, emails: readonly string[]): string[] {
    const declared = new Set(state.externalUserEmails.map(emailKey));
    // The index counts published states, this organization's among them.
    const own = states.get(orgId)?.idByEmail;
    return emails.filter((email) => {
      const key = emailKey(email);
      return declared.has(key) || addresses.holders(key) > (own?.has(key) === true ? 1 : 0);
    });
  }

  return {
    organizations: () => [...states.keys()],

    transaction<T>(
      orgId: string,
      work: (tx: StoreTx) => Promise<T>,
      options?: TransactionOptions,
    ): Promise<T> {
      if (options?.readOnly === true) {
        // Pinned, the state current now is a snapshot until the work settles.
        const committed = states.get(orgId);
        if (committed === undefined) return Promise.reject(new OrganizationNotFoundError(orgId));
        let tx = readOnlyTxs.get(committed);
        if (tx === undefined) {
          tx = memoryTx(
            () => committed,
            refuseWrite,
            (emails) => externalUsers(orgId, committed, emails),
            committed,
          );
          readOnlyTxs.set(committed, tx);
        }
        const unpin = pin(committed);
        // Chained, not awaited in an async wrapper: that wrapper's frame was ~350 B of every
        // read-only transaction (each session check opens one).
        let done: Promise<T>;
        try {
          done = Promise.resolve(work(tx));
        } catch (error) {
          unpin();
          return Promise.reject(error);
        }
        return done.then(
          (result) => {
            unpin();
            return result;
          },
          (error: unknown) => {
            unpin();
            throw error;
          },
        );
      }
      const turn = serialized(orgId, async () => {
        const committed = states.get(orgId);
        if (committed === undefined) throw new OrganizationNotFoundError(orgId);
        let working: WorkingState | null = null;
        let ended = false;
        // Once ended, the published maps may have moved on under the overlays: read what is
        // published instead.
        const read = (): StateView =>
          ended ? (states.get(orgId) ?? committed) : (working ?? committed);
        const write = () => {
          if (ended) throw new Error("the transaction has ended");
          working ??= overlay(committed);
          return working;
        };
        try {
          const result = await work(
            memoryTx(
              read,
              write,
              (emails) => externalUsers(orgId, read(), emails),
              null,
              () => (ended ? null : { counts: linkCounts(committed), working }),
            ),
          );
          if (working !== null) commit(orgId, committed, working);
          return { result, wrote: working !== null };
        } finally {
          ended = true;
        }
      });
      return turn.then(async ({ result, wrote }) => {
        if (wrote) await afterCommit(orgId);
        return result;
      });
    },

    // Async, so a snapshot the schema refuses rejects the promise instead of throwing at the call.
    async loadSnapshot(snapshot: OrganizationSnapshot): Promise<void> {
      const parsed = organizationSnapshotSchema.parse(snapshot);
      const orgId = parsed.organization.id;
      await serialized(orgId, async () => {
        publish(orgId, stateFromSnapshot(parsed));
        leases.delete(orgId);
      });
      await afterCommit(orgId);
    },

    async claimWelcomeEmails(request: WelcomeEmailClaimRequest): Promise<ClaimedWelcomeEmail[]> {
      checkClaimRequest(request);
      const now = request.now.getTime();
      const expiresAt = now + request.leaseMs;
      const token = crypto.randomUUID();
      const claimed: ClaimedWelcomeEmail[] = [];
      // Synchronous from here on: no other claim can run between the check and the lease.
      for (const [orgId, state] of states) {
        if (claimed.length >= request.limit) break;
        const held = leases.get(orgId) ?? new Map<string, Lease>();
        const current = new Map<string, Lease>();
        for (const email of state.outbox) {
          const lease = held.get(email.id);
          if (lease !== undefined && lease.expiresAt > now) {
            current.set(email.id, lease);
            continue;
          }
          if (claimed.length >= request.limit) {
            if (lease !== undefined) current.set(email.id, lease);
            continue;
          }
          current.set(email.id, { token, worker: request.worker, expiresAt });
          claimed.push({
            orgId,
            email: { ...email },
            claim: { orgId, emailId: email.id, token },
            leaseExpiresAt: new Date(expiresAt),
          });
        }
        // Leases of emails no longer in the outbox (deleted, drained) go with this rebuild.
        if (current.size === 0) leases.delete(orgId);
        else leases.set(orgId, current);
      }
      return claimed;
    },

    async acknowledgeWelcomeEmailClaims(claims: readonly WelcomeEmailClaim[]): Promise<number> {
      const byOrganization = new Map<string, Map<string, string>>();
      for (const claim of claims) {
        const tokens = byOrganization.get(claim.orgId) ?? new Map<string, string>();
        tokens.set(claim.emailId, claim.token);
        byOrganization.set(claim.orgId, tokens);
      }
      let deleted = 0;
      for (const [orgId, tokens] of byOrganization) {
        const removed = await serialized(orgId, async () => {
          const state = states.get(orgId);
          const held = leases.get(orgId);
          if (state === undefined || held === undefined) return 0;
          const gone = new Set<string>();
          for (const [emailId, token] of tokens) {
            if (held.get(emailId)?.token !== token) continue;
            gone.add(emailId);
            held.delete(emailId);
          }
          if (gone.size === 0) return 0;
          const outbox = state.outbox.filter((email) => !gone.has(email.id));
          // A new state, its maps shared: the link counts still hold for it.
          const next = { ...state, outbox };
          const counts = links.get(state);
          if (counts !== undefined) links.set(next, counts);
          states.set(orgId, next);
          return state.outbox.length - outbox.length;
        });
        if (removed > 0) await afterCommit(orgId);
        deleted += removed;
      }
      return deleted;
    },

    async findOrganizationId(shortName: string): Promise<string | null> {
      for (const [orgId, state] of states)
        if (state.organization.shortName === shortName) return orgId;
      return null;
    },

    exportSnapshot(orgId: string): Promise<OrganizationSnapshot | null> {
      return serialized(orgId, async () => {
        const state = states.get(orgId);
        return state === undefined ? null : structuredClone(snapshotView(state));
      });
    },

    exportSnapshotJson(orgId: string, space?: number): string | null {
      const state = states.get(orgId);
      return state === undefined ? null : JSON.stringify(snapshotView(state), null, space);
    },
  };
}

function refuseWrite(): WorkingState {
  throw new Error("a read-only transaction cannot write");
}

function memoryTx(
  read: () => StateView,
  write: () => WorkingState,
  externalUsers: (emails: readonly string[]) => string[],
  /** The state a read-only transaction reads, pinned for it; `null` for a write transaction. */
  published: OrganizationState | null = null,
  /** A write transaction's link counts of the state it began from, and its changes over it. */
  linked: () => LinkedView | null = () => null,
): StoreTx {
  return {
    async loadOrganization() {
      // Frozen when the state was made, never changed after: no copy per request.
      return read().organization;
    },

    async loadMembersByEmail(emails) {
      const state = read();
      const found = new Map<string, Member>();
      for (const email of emails) {
        const id = state.idByEmail.get(emailKey(email));
        const member = id === undefined ? undefined : state.members.get(id);
        if (member !== undefined) found.set(member.id, member);
      }
      return [...found.values()].map(copyMember);
    },

    async loadMembersById(ids) {
      const members = read().members;
      // The session check asks for one member on every request: no de-duplicating map for that.
      if (ids.length === 1) {
        const member = members.get(ids[0] as string);
        return member === undefined ? [] : [copyMember(member)];
      }
      const found = new Map<string, Member>();
      for (const id of ids) {
        const member = members.get(id);
        if (member !== undefined) found.set(id, member);
      }
      return [...found.values()].map(copyMember);
    },

    async loadExternalUserEmails(emails) {
      return externalUsers(emails);
    },

    async listProductMembers(product: Product) {
      return [...read().members.values()]
        .filter((member) => holdsProduct(member, product))
        .map(copyMember);
    },

    async listProductMemberPage(product: Product, page: { after: string | null; first: number }) {
      if (published !== null) {
        // A state published and pinned does not change: its members by id are sorted once, then
        // each page is a binary search and a slice.
        const sorted = productMembersById(published, product);
        const start = firstAfter(sorted, page.after);
        const members = sorted.slice(start, start + page.first).map(copyMember);
        return { members, hasNextPage: start + page.first < sorted.length };
      }
      // Only the page is copied: a scan of ids costs little beside copying every member.
      const collector = new MemberPageCollector(page.first, page.after);
      for (const member of read().members.values())
        if (holdsProduct(member, product)) collector.offer(member);
      const found = collector.result();
      return { ...found, members: found.members.map(copyMember) };
    },

    async listProductMemberNames(product: Product) {
      const names: ProductMemberName[] = [];
      for (const member of read().members.values()) {
        const access = member.products.find((held) => held.product === product);
        if (access !== undefined)
          names.push({
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
            products: [{ product, role: access.role }],
          });
      }
      return names;
    },

    async listProductMemberEmails(product: Product) {
      const emails: string[] = [];
      for (const member of read().members.values())
        if (holdsProduct(member, product)) emails.push(member.email);
      return emails;
    },

    async applyMemberPlan(plan: MemberWrites) {
      const state = write();
      // Handed-over records are kept as they are; any other is copied, staying the caller's.
      const keep = plan.handOver === true ? (member: Member) => member : copyMember;
      const members = state.members.willChange(plan.updates.length + plan.creates.length);
      const addresses = state.idByEmail.willChange(plan.creates.length);
      const changed = state.changedAddresses;
      let written = 0;
      for (const member of plan.updates) {
        if (plan.pace !== undefined && ++written % MEMBERS_PER_SLICE === 0) await plan.pace();
        const stored = members.get(member.id);
        if (stored === undefined)
          throw new Error(`applyMemberPlan: no member with id ${member.id}`);
        if (emailKey(stored.email) !== emailKey(member.email)) {
          claimAddress(addresses, changed, member);
          dropAddress(addresses, changed, emailKey(stored.email));
        }
        members.set(member.id, withSessionEpoch(stored, keep(member), plan.handOver === true));
      }
      for (const member of plan.creates) {
        if (plan.pace !== undefined && ++written % MEMBERS_PER_SLICE === 0) await plan.pace();
        if (members.has(member.id))
          throw new Error(`applyMemberPlan: member id ${member.id} exists`);
        claimAddress(addresses, changed, member);
        members.set(member.id, keep(member));
      }
      if (plan.welcomeEmails.length > 0) {
        const outbox = [...state.outbox];
        // One at a time: spreading a whole file's emails into push's arguments can overflow the
        // stack. Handed-over emails are kept as they are, frozen: an import queues one per new
        // member, and copying them was a tenth of its peak memory.
        const keepEmail =
          plan.handOver === true
            ? (email: WelcomeEmail) => Object.freeze(email)
            : (email: WelcomeEmail) => ({ ...email });
        for (const email of plan.welcomeEmails) outbox.push(keepEmail(email));
        state.outbox = outbox;
      }
    },

    async loadMembersLinkedTo(memberIds) {
      const targets = new Set(memberIds);
      // When no member linked to a target before this transaction, only the members it changed
      // can link to one now.
      const known = linked();
      const changed =
        known !== null && memberIds.every((id) => (known.counts.get(id) ?? 0) === 0)
          ? known.working === null
            ? []
            : known.working.members.changedKeys()
          : null;
      const members = read().members;
      const found: Member[] = [];
      if (changed === null) {
        // Plain loops, nothing allocated per member.
        for (const member of members.values()) if (linksTo(member, targets)) found.push(member);
      } else {
        for (const id of changed) {
          const member = members.get(id);
          if (member !== undefined && linksTo(member, targets)) found.push(member);
        }
      }
      return found.map(copyMember);
    },

    async deleteMembers(memberIds) {
      const state = write();
      const members = state.members.willChange(memberIds.length);
      const addresses = state.idByEmail.willChange(memberIds.length);
      for (const id of memberIds) {
        const member = members.get(id);
        if (member === undefined) continue;
        members.delete(id);
        dropAddress(addresses, state.changedAddresses, emailKey(member.email));
      }
    },

    async revokeProductAccess(product, memberIds) {
      const state = write();
      state.members.willChange(memberIds.length);
      for (const id of memberIds) {
        const member = state.members.get(id);
        if (member === undefined) continue;
        state.members.set(
          id,
          withSessionEpoch(member, {
            ...copyMember(member),
            products: member.products
              .filter((access) => access.product !== product)
              .map((access) => ({ ...access })),
          }),
        );
      }
    },

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

    async applyMatterWrites(reviewCycleId, writes: MatterWrites) {
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
        matters: applyWrites(cycle.matters, owned),
      });
    },

    async loadFeedApplications(range) {
      return read().feed.applicationsInRange(range.start.getTime(), range.end.getTime());
    },

    async loadFeedIndex() {
      return read().feed;
    },

    async listPublicJobs() {
      return read()
        .jobs.filter((job) => job.public)
        .map((job) => ({ ...job }));
    },

    async listWelcomeEmails(limit) {
      const outbox = read().outbox;
      return (limit === undefined ? outbox : outbox.slice(0, limit)).map((email) => ({ ...email }));
    },

    async deleteWelcomeEmails(ids) {
      const state = write();
      const gone = new Set(ids);
      state.outbox = state.outbox.filter((email) => !gone.has(email.id));
    },

    async acceptTotpStep(memberId, step) {
      const steps = read().totpSteps;
      if ((steps.get(memberId) ?? Number.NEGATIVE_INFINITY) >= step) return false;
      steps.set(memberId, step);
      return true;
    },

    async endMemberSessions(memberId) {
      // Looked up before write(): an unknown member changes nothing, so nothing is published.
      if (!read().members.has(memberId)) return false;
      const members = write().members;
      const member = copyMember(members.get(memberId) as Member);
      member.credentials = {
        ...member.credentials,
        sessionEpoch: member.credentials.sessionEpoch + 1,
      };
      members.set(memberId, member);
      return true;
    },

    async loadColumnMapping(kind) {
      return read().columnMappings[kind].map((pair) => ({ ...pair }));
    },

    async replaceColumnMapping(kind, pairs) {
      const state = write();
      state.columnMappings = deepFreeze({
        ...state.columnMappings,
        [kind]: pairs.map((pair) => ({ source: pair.source, target: pair.target })),
      } as SavedColumnMappings);
    },
  };
}

/** Takes `member`'s address in the index, refusing one another member already has. */
function claimAddress(
  idByEmail: WritableTable<string, string>,
  changed: Set<string>,
  member: Member,
): void {
  const key = emailKey(member.email);
  const holder = idByEmail.get(key);
  if (holder !== undefined && holder !== member.id) {
    throw new MemberConflictError(
      member.email,
      `The address ${member.email} already belongs to another member.`,
    );
  }
  if (holder === undefined) {
    idByEmail.set(key, member.id);
    changed.add(key);
  }
}

function dropAddress(
  idByEmail: WritableTable<string, string>,
  changed: Set<string>,
  key: string,
): void {
  if (idByEmail.delete(key)) changed.add(key);
}

/** A transaction's state before it changes anything: empty overlays over `state`'s maps. */
function overlay(state: OrganizationState): WorkingState {
  return {
    ...state,
    members: new OverlayMap(state.members),
    idByEmail: new OverlayMap(state.idByEmail),
    changedAddresses: new Set(),
    reviewCycles: new OverlayMap(state.reviewCycles),
  };
}

function stateFromSnapshot(snapshot: OrganizationSnapshot): OrganizationState {
  const copy = structuredClone(snapshot);
  deepFreeze(copy.organization);
  shareParts(copy.members, copy.organization.offices);
  return {
    organization: copy.organization,
    members: new Map(copy.members.map((member) => [member.id, member])),
    idByEmail: new Map(copy.members.map((member) => [emailKey(member.email), member.id])),
    externalUserEmails: copy.externalUserEmails,
    reviewCycles: new Map(
      copy.reviewCycles.map((cycle) => [
        cycle.id,
        { id: cycle.id, name: cycle.name, matters: flattenCycle(cycle) },
      ]),
    ),
    outbox: copy.welcomeEmails,
    jobs: copy.jobs,
    candidates: copy.candidates,
    applications: copy.applications,
    feed: buildFeedIndex(copy.applications, copy.candidates, copy.jobs, copy.organization),
    totpSteps: new Map(),
    columnMappings: deepFreeze(copy.columnMappings),
  };
}

/**
 * Gives the members of a snapshot the frozen parts an import gives its members: the
 * organization's own office (frozen) for an office equal to it, the shared empty lists for empty
 * mentors and education. The members then share them rather than holding their own, and copying
 * a member for a transaction copies none of them.
 */
function shareParts(members: Member[], offices: readonly Office[]): void {
  const byKey = new Map<string, Office>();
  const key = (office: Office) => JSON.stringify([office.city, office.state, office.country]);
  for (const office of offices) byKey.set(key(office), office);
  for (const member of members) {
    if (member.office !== null) member.office = byKey.get(key(member.office)) ?? member.office;
    if (member.mentorIds.length === 0) member.mentorIds = NO_MENTORS;
    if (member.education.length === 0) member.education = NO_EDUCATION;
    const only = member.products.length === 1 ? member.products[0] : undefined;
    if (only !== undefined) member.products = sharedAccess(only.product, only.role);
    Object.freeze(member.credentials);
  }
}

/** The state as a snapshot sharing its records: for copying or serializing, never handing out. */
function snapshotView(state: OrganizationState): OrganizationSnapshot {
  return {
    version: 1 as const,
    organization: state.organization,
    members: [...state.members.values()],
    externalUserEmails: state.externalUserEmails,
    reviewCycles: [...state.reviewCycles.values()].map((cycle) => nestCycle(cycle, cycle.matters)),
    welcomeEmails: state.outbox as WelcomeEmail[],
    jobs: state.jobs,
    candidates: state.candidates,
    applications: state.applications,
    columnMappings: state.columnMappings,
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

const membersByIdCache = new WeakMap<OrganizationState, Map<Product, Member[]>>();

/** The members of a published state holding `product`, by id (code-unit order), cached with it. */
function productMembersById(state: OrganizationState, product: Product): Member[] {
  let byProduct = membersByIdCache.get(state);
  if (byProduct === undefined) {
    byProduct = new Map();
    membersByIdCache.set(state, byProduct);
  }
  let sorted = byProduct.get(product);
  if (sorted === undefined) {
    sorted = [...state.members.values()].filter((member) => holdsProduct(member, product));
    sorted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byProduct.set(product, sorted);
  }
  return sorted;
}

/** The index of the first member whose id is greater than `after` (0 for `null`). */
function firstAfter(sorted: readonly Member[], after: string | null): number {
  if (after === null) return 0;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as Member).id <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Adds `step` to the count of each member `member` names as manager or mentor. */
function countLinks(counts: Map<string, number>, member: Member | undefined, step: 1 | -1): void {
  if (member === undefined) return;
  if (member.managerId !== null) bump(counts, member.managerId, step);
  for (const id of member.mentorIds) bump(counts, id, step);
}

function bump(counts: Map<string, number>, id: string, step: 1 | -1): void {
  const count = (counts.get(id) ?? 0) + step;
  if (count === 0) counts.delete(id);
  else counts.set(id, count);
}

function linksTo(member: Member, targets: ReadonlySet<string>): boolean {
  if (member.managerId !== null && targets.has(member.managerId)) return true;
  for (const id of member.mentorIds) if (targets.has(id)) return true;
  return false;
}

function holdsProduct(member: Member, product: Product): boolean {
  return member.products.some((access) => access.product === product);
}
