import type { AccountToken, MfaEnrollment } from "../domain/account";
import type { SavedColumnMappings } from "../domain/column-mappings";
import type { Application, Candidate, Job } from "../domain/feed";
import type { FeedIndex } from "../domain/feed-index";
import { type CycleMatters, flattenCycle, nestCycle } from "../domain/matters";
import type { Member } from "../domain/member";
import { NO_EDUCATION, NO_MENTORS, sharedAccess } from "../domain/member-parts";
import type { Office, OrganizationProfile } from "../domain/organization";
import type { OrganizationSnapshot } from "../domain/snapshot";
import type { WebhookEndpoint } from "../domain/webhooks";
import type { WelcomeEmail } from "../domain/welcome-email";
import { deepFreeze } from "../runtime/deep-freeze";
import type { Pace } from "../runtime/steps";
import { emailKey } from "../values/email";
import { ChangeLogVersion } from "./change-log";
import { buildFeedIndex } from "./feed-index";
import { OverlayMap, type ReadableTable } from "./overlay-map";

/** A review cycle as the memory store keeps it: its matters flat, by upsert key. */
export interface CycleState {
  id: string;
  name: string;
  matters: CycleMatters;
}

/** One organization's data as a transaction reads it: published, or with its own changes over. */
export interface StateView {
  organization: OrganizationProfile;
  members: ReadableTable<string, Member>;
  idByEmail: ReadableTable<string, string>;
  externalUserEmails: string[];
  reviewCycles: ReadableTable<string, CycleState>;
  /** Never changed in place: replaced by a new array. */
  outbox: readonly WelcomeEmail[];
  jobs: ReadableTable<string, Job>;
  candidates: ReadableTable<string, Candidate>;
  /** Applications (frozen), by id. */
  applications: ReadableTable<string, Application>;
  /** The ids of each candidate's applications. */
  candidateApplications: ReadableTable<string, readonly string[]>;
  /** The feed: built from a snapshot, then carried to each new state by what its commit wrote. */
  feed: FeedIndex;
  /**
   * The last TOTP step accepted per member id. Shared by a transaction's copy, not copied: a step
   * once accepted stays taken even if its transaction fails, which can only refuse a replay.
   */
  totpSteps: Map<string, number>;
  /** Saved header mappings; never changed in place: replaced by a new, frozen object. */
  columnMappings: SavedColumnMappings;
  /** Invitation tokens (frozen), by member id: one table per purpose, keyed by the id itself. */
  invitationTokens: ReadableTable<string, AccountToken>;
  /** Recovery tokens (frozen), by member id. */
  recoveryTokens: ReadableTable<string, AccountToken>;
  /**
   * The same tokens by their hash (a 256-bit random token's hash is unique over both purposes):
   * keyed by the token's own hash string, so the index makes no string of its own.
   */
  tokenHashes: ReadableTable<string, AccountToken>;
  /** Pending MFA enrollments (frozen), by member id. */
  mfaEnrollments: ReadableTable<string, MfaEnrollment>;
  /** The change log as of this state: entries are appended when a transaction commits. */
  changeLog: ChangeLogVersion;
  /** Webhook endpoints (frozen), oldest first; never changed in place: replaced by a new array. */
  webhookEndpoints: readonly WebhookEndpoint[];
}

/**
 * A published state. Records are replaced, never changed in place. Its maps may be shared with
 * the states published after it: a commit changes them in place unless a read-only transaction
 * still reads them (see `PublishedStates`).
 */
export interface OrganizationState extends StateView {
  members: Map<string, Member>;
  idByEmail: Map<string, string>;
  reviewCycles: Map<string, CycleState>;
  invitationTokens: Map<string, AccountToken>;
  recoveryTokens: Map<string, AccountToken>;
  tokenHashes: Map<string, AccountToken>;
  mfaEnrollments: Map<string, MfaEnrollment>;
  jobs: Map<string, Job>;
  candidates: Map<string, Candidate>;
  applications: Map<string, Application>;
  candidateApplications: Map<string, readonly string[]>;
}

/** A write transaction's state: its changes over the published state it began from. */
export interface WorkingState extends StateView {
  members: OverlayMap<string, Member>;
  idByEmail: OverlayMap<string, string>;
  /** The `idByEmail` keys taken or given up: publishing moves only these in the address index. */
  changedAddresses: Set<string>;
  reviewCycles: OverlayMap<string, CycleState>;
  invitationTokens: OverlayMap<string, AccountToken>;
  recoveryTokens: OverlayMap<string, AccountToken>;
  tokenHashes: OverlayMap<string, AccountToken>;
  mfaEnrollments: OverlayMap<string, MfaEnrollment>;
  jobs: OverlayMap<string, Job>;
  candidates: OverlayMap<string, Candidate>;
  applications: OverlayMap<string, Application>;
  candidateApplications: OverlayMap<string, readonly string[]>;
  /** Applications whose feed record the transaction changed (written, erased, job or candidate). */
  feedTouched: Set<string>;
  /** Whether the transaction changed what the feed reads of the organization's profile. */
  feedReshaped: boolean;
  /** Tombstones changed before this go from the log when the transaction commits. */
  changeLogPrune: Date | null;
  /** Webhook events to make again when the transaction commits: every entry after `after`. */
  webhookReplays: { endpointId: string; after: number }[];
  /**
   * The pace a plan brought (`applyMemberPlan`): the transaction's later large steps (its tokens,
   * the address index at its commit) await it too. `undefined`: they run in one go.
   */
  pace: Pace | undefined;
}

/** A transaction's state before it changes anything: empty overlays over `state`'s maps. */
export function overlay(state: OrganizationState): WorkingState {
  return {
    ...state,
    members: new OverlayMap(state.members),
    idByEmail: new OverlayMap(state.idByEmail),
    changedAddresses: new Set(),
    reviewCycles: new OverlayMap(state.reviewCycles),
    invitationTokens: new OverlayMap(state.invitationTokens),
    recoveryTokens: new OverlayMap(state.recoveryTokens),
    tokenHashes: new OverlayMap(state.tokenHashes),
    mfaEnrollments: new OverlayMap(state.mfaEnrollments),
    jobs: new OverlayMap(state.jobs),
    candidates: new OverlayMap(state.candidates),
    applications: new OverlayMap(state.applications),
    candidateApplications: new OverlayMap(state.candidateApplications),
    feedTouched: new Set(),
    feedReshaped: false,
    changeLogPrune: null,
    webhookReplays: [],
    pace: undefined,
  };
}

/**
 * A published state of a snapshot (parsed), sharing nothing with it; its change log a new epoch
 * with an entry for every application, changed at `now`.
 */
export function stateFromSnapshot(snapshot: OrganizationSnapshot, now: Date): OrganizationState {
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
    jobs: new Map(copy.jobs.map((job) => [job.id, job])),
    candidates: new Map(copy.candidates.map((candidate) => [candidate.id, candidate])),
    applications: new Map(
      copy.applications.map((application) => [application.id, deepFreeze(application)]),
    ),
    candidateApplications: applicationsByCandidate(copy.applications),
    feed: buildFeedIndex(copy.applications, copy.candidates, copy.jobs, copy.organization),
    totpSteps: new Map(),
    columnMappings: deepFreeze(copy.columnMappings),
    invitationTokens: tokensByMember(copy.accountTokens, "INVITATION"),
    recoveryTokens: tokensByMember(copy.accountTokens, "RECOVERY"),
    tokenHashes: new Map(copy.accountTokens.map((token) => [token.tokenHash, token])),
    mfaEnrollments: new Map(
      copy.mfaEnrollments.map((enrollment) => [enrollment.memberId, Object.freeze(enrollment)]),
    ),
    changeLog: ChangeLogVersion.start(
      crypto.randomUUID(),
      copy.applications.map((application) => application.id),
      now,
    ),
    webhookEndpoints: [],
  };
}

/** The ids of each candidate's applications. */
function applicationsByCandidate(
  applications: readonly Application[],
): Map<string, readonly string[]> {
  const byCandidate = new Map<string, string[]>();
  for (const application of applications) {
    const ids = byCandidate.get(application.candidateId);
    if (ids === undefined) byCandidate.set(application.candidateId, [application.id]);
    else ids.push(application.id);
  }
  return byCandidate;
}

/** A snapshot's tokens of `purpose`, frozen, by member id. */
function tokensByMember(
  tokens: readonly AccountToken[],
  purpose: AccountToken["purpose"],
): Map<string, AccountToken> {
  const byMember = new Map<string, AccountToken>();
  for (const token of tokens)
    if (token.purpose === purpose) byMember.set(token.memberId, Object.freeze(token));
  return byMember;
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
export function snapshotView(state: OrganizationState): OrganizationSnapshot {
  return {
    version: 1 as const,
    organization: state.organization,
    members: [...state.members.values()],
    externalUserEmails: state.externalUserEmails,
    reviewCycles: [...state.reviewCycles.values()].map((cycle) => nestCycle(cycle, cycle.matters)),
    welcomeEmails: state.outbox as WelcomeEmail[],
    jobs: [...state.jobs.values()],
    candidates: [...state.candidates.values()],
    applications: [...state.applications.values()],
    columnMappings: state.columnMappings,
    accountTokens: [...state.invitationTokens.values(), ...state.recoveryTokens.values()],
    mfaEnrollments: [...state.mfaEnrollments.values()],
  };
}
