import type {
  AccountToken,
  AccountTokenPurpose,
  CredentialsChange,
  MfaEnrollment,
} from "../domain/account";
import type { ChangeLogPage } from "../domain/change-log";
import type { ColumnMappingKind, ColumnMappingPair } from "../domain/column-mappings";
import type {
  Application,
  Candidate,
  FeedApplication,
  FeedApplicationHead,
  Job,
  RangedStatusChange,
} from "../domain/feed";
import type { FeedIndex } from "../domain/feed-index";
import type { MatterWrites } from "../domain/matter-writes";
import type { CycleMatters } from "../domain/matters";
import type { Member, ProductMemberName } from "../domain/member";
import type { MemberWrites } from "../domain/member-writes";
import type { OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import type { RecruitingWrites } from "../domain/recruiting-writes";
import type { OrganizationSnapshot } from "../domain/snapshot";
import type { WebhookEndpoint, WebhookEvent } from "../domain/webhooks";
import type { WelcomeEmail } from "../domain/welcome-email";
import type { MemberIdPage } from "./member-page";

/**
 * The storage port: everything rpdi's services need from storage, in domain words. An adapter
 * implements it; the services decide every rule. It never sees CSV text.
 *
 * Contract for adapters:
 * - `transaction` runs `work` against one organization and makes its writes visible only when
 *   `work` resolves. When `work` throws, nothing it wrote may remain, and the error is rethrown
 *   unchanged.
 * - Transactions on one organization behave as if run one after another. An adapter that cannot
 *   guarantee that for a pair throws {@link StoreConflictError} from `transaction` and keeps
 *   nothing of the loser.
 * - Reads inside a transaction see that transaction's own writes.
 * - Records handed out are copies or frozen: callers can never change the store through them.
 */
export interface Store {
  /**
   * Runs `work` as one all-or-nothing transaction on organization `orgId`. With `readOnly`, `work`
   * only reads: it sees one consistent state of the organization and must not wait for the
   * organization's writers (a feed query or a login is never queued behind an import); a write
   * in it may throw.
   */
  transaction<T>(
    orgId: string,
    work: (tx: StoreTx) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** Creates the organization from a snapshot, or replaces it entirely. */
  loadSnapshot(snapshot: OrganizationSnapshot): Promise<void>;
  /** The organization as a snapshot, or `null` when the store does not have it. */
  exportSnapshot(orgId: string): Promise<OrganizationSnapshot | null>;
  /** The id of the organization with this short name (the login address's `{org_name}`). */
  findOrganizationId(shortName: string): Promise<string | null>;
  /**
   * Optional (both shipped adapters have it): creates an organization with `profile` and no data,
   * answering `true`; `false`, writing nothing, when an organization already has its id or short
   * name. Atomic against concurrent calls for the same id or short name.
   */
  createOrganization?(profile: OrganizationProfile): Promise<boolean>;
  /**
   * Optional: resolves when the store can serve requests now (a database answers and its schema
   * is current), rejects with the reason otherwise. Readiness probes (`GET /readyz`) call it; a
   * store without it is ready whenever the process is.
   */
  checkReady?(): Promise<void>;
}

/**
 * The welcome-email outbox as several delivery workers share it, across every organization of the
 * store (a worker serves them all). Separate from {@link Store} so an adapter without it stays a
 * store; both shipped adapters implement it.
 *
 * Contract for adapters:
 * - `claimWelcomeEmails` leases up to `limit` emails that no unexpired lease holds (oldest first
 *   within an organization) until `now + leaseMs`, under a token new to this call, and returns
 *   them. Two claims, from any number of processes, never hold one email at once.
 * - A lease ends only by expiring or by its acknowledgement: once expired, the email is claimable
 *   again (the worker that held it may have died mid-send), under a new token.
 * - `acknowledgeWelcomeEmailClaims` deletes each email whose current lease token is the claim's,
 *   expired or not, and nothing else: an email claimed again since, by another worker, stays for
 *   that worker. It answers how many emails it deleted.
 * - Lease state is delivery state, not organization data: snapshots neither export nor restore
 *   it, and loading a snapshot drops the organization's leases.
 */
export interface WelcomeEmailOutbox {
  /** Leases a batch of welcome emails to `request.worker`; an empty array when none is free. */
  claimWelcomeEmails(request: WelcomeEmailClaimRequest): Promise<ClaimedWelcomeEmail[]>;
  /** Deletes the claimed emails still held by these claims; answers how many it deleted. */
  acknowledgeWelcomeEmailClaims(claims: readonly WelcomeEmailClaim[]): Promise<number>;
}

/** What {@link WelcomeEmailOutbox.claimWelcomeEmails} asks for. */
export interface WelcomeEmailClaimRequest {
  /** Who claims (a host name and process id, say): kept with the lease for operators. */
  worker: string;
  /** At most this many emails (a positive integer). */
  limit: number;
  /** The lease's length in milliseconds, from `now` (a positive integer). */
  leaseMs: number;
  /** The claimer's clock: leases that expire at or before it are free. */
  now: Date;
}

/** The proof that a worker holds an email; acknowledging it deletes the email. */
export interface WelcomeEmailClaim {
  orgId: string;
  /** The welcome email's id (unique within its organization). */
  emailId: string;
  /** New for every claim call: an expired lease claimed again gets another. */
  token: string;
}

/** A welcome email leased to a worker. */
export interface ClaimedWelcomeEmail {
  orgId: string;
  email: WelcomeEmail;
  claim: WelcomeEmailClaim;
  /** When the lease ends unless acknowledged: the email is then claimable again. */
  leaseExpiresAt: Date;
}

/** Whether a store also implements the shared outbox ({@link WelcomeEmailOutbox}). */
export function isWelcomeEmailOutbox(store: object): store is WelcomeEmailOutbox {
  const candidate = store as Partial<WelcomeEmailOutbox>;
  return (
    typeof candidate.claimWelcomeEmails === "function" &&
    typeof candidate.acknowledgeWelcomeEmailClaims === "function"
  );
}

/**
 * Webhook events as several delivery workers share them, across every organization of the store.
 * Separate from {@link Store}, as {@link WelcomeEmailOutbox} is; both shipped adapters implement it.
 *
 * Contract for adapters:
 * - `claimWebhookEvents` leases up to `limit` events until `now + leaseMs`, under a token new to
 *   the call: events of enabled endpoints whose next attempt is due (at or before `now`), that no
 *   unexpired lease holds, and that have no event of the same endpoint and application with a
 *   smaller position still waiting (leased or not): an application's events reach an endpoint in
 *   position order. Two claims never hold one event at once.
 * - `settleWebhookEvents` applies each settlement whose claim still holds its event (the lease
 *   token is the event's current one, expired or not) and skips the others: `delivered` deletes
 *   the event; `retry` ends the lease, counts a failed attempt and makes the event due at
 *   `retryAt`; `disable` disables the endpoint with the reason and deletes its waiting events.
 *   It answers how many settlements it applied.
 */
export interface WebhookOutbox {
  /** Leases a batch of due webhook events; an empty array when none is free. */
  claimWebhookEvents(request: WebhookClaimRequest): Promise<ClaimedWebhookEvent[]>;
  /** Records what became of claimed events; answers how many settlements took effect. */
  settleWebhookEvents(settlements: readonly WebhookSettlement[]): Promise<number>;
}

/** What {@link WebhookOutbox.claimWebhookEvents} asks for (as a welcome-email claim). */
export type WebhookClaimRequest = WelcomeEmailClaimRequest;

/** The proof that a worker holds a webhook event. */
export interface WebhookClaim {
  orgId: string;
  eventId: string;
  /** New for every claim call. */
  token: string;
}

/** A webhook event leased to a worker, with the endpoint it goes to. */
export interface ClaimedWebhookEvent {
  orgId: string;
  endpoint: WebhookEndpoint;
  event: WebhookEvent;
  /** Failed attempts before this one. */
  attempts: number;
  claim: WebhookClaim;
  leaseExpiresAt: Date;
}

/** What became of one claimed webhook event. */
export type WebhookSettlement =
  | { claim: WebhookClaim; outcome: "delivered" }
  | { claim: WebhookClaim; outcome: "retry"; retryAt: Date }
  | { claim: WebhookClaim; outcome: "disable"; reason: string };

/** Whether a store also implements the webhook outbox ({@link WebhookOutbox}). */
export function isWebhookOutbox(store: object): store is WebhookOutbox {
  const candidate = store as Partial<WebhookOutbox>;
  return (
    typeof candidate.claimWebhookEvents === "function" &&
    typeof candidate.settleWebhookEvents === "function"
  );
}

/** How a transaction runs. */
export interface TransactionOptions {
  /** The work only reads: no organization lock, one consistent snapshot. */
  readOnly?: boolean;
  /**
   * With `readOnly`: the work makes one read, a single operation that a database answers in one
   * statement ({@link StoreTx.loadMemberAndOrganization}), which sees one snapshot by itself. An
   * adapter may then run it outside a transaction block: on PostgreSQL one round trip instead of
   * three (BEGIN, the read, COMMIT), which is what every session check costs. An adapter may
   * ignore it. The PostgreSQL store runs other work (a read that does not fold the organization
   * check into its statement, a write) in a read-only transaction block, as without the option,
   * and refuses a statement after a lone read rather than read it in another snapshot.
   */
  singleRead?: boolean;
}

/** One transaction on one organization. */
export interface StoreTx {
  /** The organization's profile; throws {@link OrganizationNotFoundError} when there is none. */
  loadOrganization(): Promise<OrganizationProfile>;
  /** Members whose address equals one of `emails`, compared case-insensitively. */
  loadMembersByEmail(emails: readonly string[]): Promise<Member[]>;
  /** Members with one of these ids (unknown ids are skipped). */
  loadMembersById(ids: readonly string[]): Promise<Member[]>;
  /**
   * Optional: the member with this id (`null` when there is none) and the organization's profile,
   * as {@link StoreTx.loadMembersById} and {@link StoreTx.loadOrganization} answer them, read
   * together: the session check of every request makes one round trip to a database, not two.
   */
  loadMemberAndOrganization?(
    memberId: string,
  ): Promise<{ member: Member | null; organization: OrganizationProfile }>;
  /** Those of `emails` (case-insensitive) that belong to users of other organizations. */
  loadExternalUserEmails(emails: readonly string[]): Promise<string[]>;
  /**
   * Optional: what {@link StoreTx.loadMembersByEmail} and {@link StoreTx.loadExternalUserEmails}
   * answer for the same `emails`, read together: an import's look-ups send a database each batch
   * of addresses once, in one statement, not twice in two.
   */
  loadUsersByEmail?(
    emails: readonly string[],
  ): Promise<{ members: Member[]; externalUserEmails: string[] }>;
  /** Members with any role on `product`. */
  listProductMembers(product: Product): Promise<Member[]>;
  /**
   * Optional: the addresses of the members with any role on `product`, for callers that need
   * nothing else (the matter checks); without it they take {@link StoreTx.listProductMembers}.
   */
  listProductMemberEmails?(product: Product): Promise<string[]>;
  /**
   * Optional: the address, names and access to `product` (at least; other products may come too)
   * of the members with any role on it, in any order, for an import's `absentMembers`; without it
   * imports take {@link StoreTx.listProductMembers}. A database answers a large organization's in
   * pages, so other work on the connection's host runs between them.
   */
  listProductMemberNames?(product: Product): Promise<ProductMemberName[]>;
  /**
   * Optional: the members with the `MEMBER` role on `product` whose address is none of `emails`
   * (compared case-insensitively), in any order: an import's `absentMembers`, found by the store
   * (a database's anti-join against the file's addresses) instead of by listing every name.
   * Without it imports take {@link StoreTx.listProductMemberNames}.
   */
  listAbsentProductMembers?(
    product: Product,
    emails: readonly string[],
  ): Promise<Pick<ProductMemberName, "email" | "firstName" | "lastName">[]>;
  /**
   * Optional: one page of the members with any role on `product`, by id: the first `page.first`
   * whose id is greater than `page.after` (from the start when `null`), and whether more follow.
   * Paged reads (GraphQL's `membersByProduct`) then cost their page, not the organization; without
   * it they cut the page from {@link StoreTx.listProductMembers}.
   */
  listProductMemberPage?(
    product: Product,
    page: { after: string | null; first: number },
  ): Promise<MemberIdPage>;
  /** Writes an import: creates, whole-record updates (by id), and its welcome emails. */
  applyMemberPlan(plan: MemberWrites): Promise<void>;
  /** Members whose manager or one of whose mentors is one of `memberIds`. */
  loadMembersLinkedTo(memberIds: readonly string[]): Promise<Member[]>;
  /** Deletes members entirely (their roles, education and mentor rows with them). */
  deleteMembers(memberIds: readonly string[]): Promise<void>;
  /** Removes `product` from each member's roles; the members and their other products stay. */
  revokeProductAccess(product: Product, memberIds: readonly string[]): Promise<void>;
  /** The review cycle with this id, or `null`. */
  findReviewCycle(reviewCycleId: string): Promise<{ id: string; name: string } | null>;
  /** The review cycle's stored matters, by upsert key. */
  loadCycleMatters(reviewCycleId: string): Promise<CycleMatters>;
  /** Writes a planned matter upsert (creates, updates) into the review cycle. */
  applyMatterWrites(reviewCycleId: string, writes: MatterWrites): Promise<void>;
  /**
   * Applications (with candidate and job) for the feed: at least every one with a status change
   * in the inclusive range; others may come too, since rpdi makes the exact cut itself.
   */
  loadFeedApplications(range: { start: Date; end: Date }): Promise<FeedApplication[]>;
  /**
   * Optional, for adapters that keep the whole feed in memory: a {@link FeedIndex} of every
   * application, built from the organization's current profile, or `null` when the adapter has
   * none for the data this transaction reads (the feed then reads the store). With an index, the
   * feed selects from it and calls none of the feed's other operations.
   */
  loadFeedIndex?(): Promise<FeedIndex | null>;
  /**
   * Optional, for adapters that select the feed's range in their own engine (a database's
   * status-change time index); an adapter has both this and
   * {@link StoreTx.loadFeedApplicationHeads} or neither. The status changes at least in the
   * inclusive range, in any order; rpdi makes the exact cut, so changes outside the range may come
   * too. When an adapter has these, the feed
   * reads only the applications it returns, and does not call {@link StoreTx.loadFeedApplications}.
   */
  loadStatusChangesInRange?(range: { start: Date; end: Date }): Promise<RangedStatusChange[]>;
  /**
   * The applications with these ids, without their status history, in any order; their
   * custom-field answers only when `answers` is set (the organization shows custom fields).
   */
  loadFeedApplicationHeads?(
    applicationIds: readonly string[],
    options: { answers: boolean },
  ): Promise<FeedApplicationHead[]>;
  /**
   * The job board's candidates: at least every job marked `public` (others may come too, since
   * rpdi makes the exact cut by dates itself), in any order, with all their fields.
   */
  listPublicJobs(): Promise<Job[]>;
  /** The outbox of welcome emails, oldest first. */
  listWelcomeEmails(limit?: number): Promise<WelcomeEmail[]>;
  /** Removes acknowledged welcome emails from the outbox. */
  deleteWelcomeEmails(ids: readonly string[]): Promise<void>;
  /**
   * Records that a TOTP code of time step `step` was accepted for the member, when `step` is
   * later than every step accepted for them before: `true` then, `false` for a step already used
   * or older (RFC 6238 §5.2: a code is accepted once). Atomic across concurrent logins. An
   * adapter may keep an accepted step even when its transaction fails: that refuses a code, never
   * admits one.
   */
  acceptTotpStep(memberId: string, step: number): Promise<boolean>;
  /**
   * Ends every session of the member made until now, by raising their
   * `credentials.sessionEpoch` by one (session tokens carry a stamp over it): `true`, or `false`
   * when there is no such member (nothing is written). Each call raises it; none resets it.
   */
  endMemberSessions(memberId: string): Promise<boolean>;
  /**
   * Optional, with the other account operations (both shipped adapters have them; without them no
   * invitation token is issued and the account services refuse): changes the member's password
   * hash, MFA secret or MFA setting, leaving the fields `change` omits as stored. Ends the member's
   * sessions as any change to these does (the session epoch rises). `false` when there is no such
   * member (nothing is written).
   */
  updateMemberCredentials?(memberId: string, change: CredentialsChange): Promise<boolean>;
  /**
   * Optional, with {@link StoreTx.updateMemberCredentials}: stores each token, replacing the
   * member's token of the same purpose (a newer invitation voids the older one).
   */
  saveAccountTokens?(tokens: readonly AccountToken[]): Promise<void>;
  /** Optional, with {@link StoreTx.updateMemberCredentials}: the token with this hash and purpose. */
  findAccountToken?(purpose: AccountTokenPurpose, tokenHash: string): Promise<AccountToken | null>;
  /** Optional, with {@link StoreTx.updateMemberCredentials}: deletes the member's token of `purpose`. */
  deleteAccountToken?(memberId: string, purpose: AccountTokenPurpose): Promise<void>;
  /**
   * Optional, with {@link StoreTx.updateMemberCredentials}: stores the member's pending MFA
   * enrollment, replacing the one begun before.
   */
  saveMfaEnrollment?(enrollment: MfaEnrollment): Promise<void>;
  /** Optional, with {@link StoreTx.updateMemberCredentials}: the member's pending enrollment. */
  loadMfaEnrollment?(memberId: string): Promise<MfaEnrollment | null>;
  /** Optional, with {@link StoreTx.updateMemberCredentials}: drops the member's pending enrollment. */
  deleteMfaEnrollment?(memberId: string): Promise<void>;
  /**
   * Optional, with the other live-data operations ({@link LIVE_DATA_OPERATIONS}; both shipped
   * adapters have them): replaces the organization's profile (its id stays). Members are not
   * touched; the feed's records follow the new profile at once.
   */
  saveOrganizationProfile?(profile: OrganizationProfile): Promise<void>;
  /** Optional, live data: ends every member's sessions (each member's session epoch rises). */
  endOrganizationSessions?(): Promise<void>;
  /** Optional, live data: the jobs with these ids, with all their fields (unknown ids skipped). */
  loadJobs?(ids: readonly string[]): Promise<Job[]>;
  /** Optional, live data: creates or replaces each job by id; their applications' records follow. */
  saveJobs?(jobs: readonly Job[]): Promise<void>;
  /**
   * Optional, live data: creates an empty review cycle: `true`, or `false` (nothing written) when
   * the organization has one with this id.
   */
  createReviewCycle?(cycle: { id: string; name: string }): Promise<boolean>;
  /** Optional, live data: the candidates with these ids (unknown ids skipped). */
  loadCandidates?(ids: readonly string[]): Promise<Candidate[]>;
  /**
   * Optional, live data: the applications with these ids, whole: status history (with the ids of
   * recorded status changes), answers and education, in stored order (unknown ids skipped).
   */
  loadApplications?(ids: readonly string[]): Promise<Application[]>;
  /**
   * Optional, live data: creates or replaces each candidate and each application by id, whole
   * (an application's status history, answers and education are replaced by the given ones). The
   * feed answers from them at once. The adapter may keep (and freeze) the records it is given.
   */
  saveRecruitingWrites?(writes: RecruitingWrites): Promise<void>;
  /**
   * Optional, live data: deletes these candidates with every application of theirs (history,
   * answers, education): nothing of them remains in the store or any index it keeps, but for the
   * change log's tombstones (an erased application's id and the time, until pruned). Unknown ids
   * are skipped; answers what was deleted.
   */
  eraseCandidates?(ids: readonly string[]): Promise<ErasedCounts>;
  /**
   * Optional, live data: deletes these applications (history, answers, education), and each of
   * their candidates left with no application. Unknown ids are skipped; answers what was deleted.
   */
  eraseApplications?(ids: readonly string[]): Promise<ErasedCounts>;
  /**
   * Optional, with the other change-log operations ({@link CHANGE_LOG_OPERATIONS}; both shipped
   * adapters have them, and they need the live-data ones). An adapter with them keeps a change
   * log per organization, written by its own writes in the same transaction:
   * - every write that changes an application's feed record (a recording, a job's fields for each
   *   of its applications, the profile's feed fields for every application) gives each such
   *   application an entry at a new position, and an erasure gives each erased application a
   *   tombstone; a write that changes no record adds nothing;
   * - positions follow commit order: a reader that has seen a position never later sees a new
   *   entry at a smaller one;
   * - each new entry makes one event for every enabled webhook endpoint of the organization;
   * - loading a snapshot starts a new epoch, whose log has an entry for every application, and
   *   drops the organization's endpoints and their events.
   *
   * This one reads up to `limit` entries after position `after`, by position.
   */
  readChangeLog?(request: { after: number; limit: number }): Promise<ChangeLogPage>;
  /**
   * Optional, change log: deletes the tombstones committed before `before`, raising the log's
   * `prunedThrough` past them; answers how many it deleted.
   */
  pruneChangeLog?(before: Date): Promise<number>;
  /** Optional, change log: the organization's webhook endpoints, oldest first. */
  loadWebhookEndpoints?(): Promise<WebhookEndpoint[]>;
  /** Optional, change log: creates or replaces the endpoint with this id. */
  saveWebhookEndpoint?(endpoint: WebhookEndpoint): Promise<void>;
  /** Optional, change log: deletes the endpoint and its events; `false` when there is none. */
  deleteWebhookEndpoint?(id: string): Promise<boolean>;
  /**
   * Optional, change log: makes an event for the endpoint of every entry after position `after`
   * now in the log (tombstones too), in position order; answers how many.
   */
  replayWebhookEvents?(endpointId: string, after: number): Promise<number>;
  /**
   * Optional: the organization's saved header mapping for `kind` files, in the order saved;
   * `[]` when none is. Both shipped adapters have it; without it no mapping is saved or reused.
   */
  loadColumnMapping?(kind: ColumnMappingKind): Promise<ColumnMappingPair[]>;
  /**
   * Optional, with {@link StoreTx.loadColumnMapping}: replaces the saved header mapping for
   * `kind` files with `pairs` (already checked: distinct sources and targets, spec columns).
   */
  replaceColumnMapping?(
    kind: ColumnMappingKind,
    pairs: readonly ColumnMappingPair[],
  ): Promise<void>;
}

/** The port's account operations, which an adapter has all together or not at all. */
export const ACCOUNT_OPERATIONS = [
  "updateMemberCredentials",
  "saveAccountTokens",
  "findAccountToken",
  "deleteAccountToken",
  "saveMfaEnrollment",
  "loadMfaEnrollment",
  "deleteMfaEnrollment",
] as const satisfies readonly (keyof StoreTx)[];

/** What an erasure deleted. */
export interface ErasedCounts {
  candidates: number;
  applications: number;
}

/**
 * The port's live-data operations (organizations changed in place, applications recorded), which
 * an adapter has all together or not at all.
 */
export const LIVE_DATA_OPERATIONS = [
  "saveOrganizationProfile",
  "endOrganizationSessions",
  "loadJobs",
  "saveJobs",
  "createReviewCycle",
  "loadCandidates",
  "loadApplications",
  "saveRecruitingWrites",
  "eraseCandidates",
  "eraseApplications",
] as const satisfies readonly (keyof StoreTx)[];

/**
 * The port's change-log operations (the changes feed and webhooks), which an adapter has all
 * together or not at all.
 */
export const CHANGE_LOG_OPERATIONS = [
  "readChangeLog",
  "pruneChangeLog",
  "loadWebhookEndpoints",
  "saveWebhookEndpoint",
  "deleteWebhookEndpoint",
  "replayWebhookEvents",
] as const satisfies readonly (keyof StoreTx)[];

/**
 * The names of the port's transaction operations, for wrappers and the conformance suite. A
 * wrapper leaves out the optional ones its adapter lacks.
 */
export const STORE_TX_OPERATIONS = [
  "loadOrganization",
  "loadMembersByEmail",
  "loadMembersById",
  "loadMemberAndOrganization",
  "loadExternalUserEmails",
  "loadUsersByEmail",
  "listProductMembers",
  "listProductMemberEmails",
  "listProductMemberNames",
  "listAbsentProductMembers",
  "listProductMemberPage",
  "applyMemberPlan",
  "loadMembersLinkedTo",
  "deleteMembers",
  "revokeProductAccess",
  "findReviewCycle",
  "loadCycleMatters",
  "applyMatterWrites",
  "loadFeedApplications",
  "loadFeedIndex",
  "loadStatusChangesInRange",
  "loadFeedApplicationHeads",
  "listPublicJobs",
  "listWelcomeEmails",
  "deleteWelcomeEmails",
  "acceptTotpStep",
  "endMemberSessions",
  ...ACCOUNT_OPERATIONS,
  ...LIVE_DATA_OPERATIONS,
  ...CHANGE_LOG_OPERATIONS,
  "loadColumnMapping",
  "replaceColumnMapping",
] as const satisfies readonly (keyof StoreTx)[];
