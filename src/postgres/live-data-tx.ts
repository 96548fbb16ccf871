import type { Application, Candidate, FeedApplication } from "../domain/feed";
import type { FeedOrganization } from "../domain/feed-record";
import type { LIVE_DATA_OPERATIONS, StoreTx } from "../store/port";
import type { ChangeLogWrites } from "./change-log-writes";
import { readJobsById } from "./feed-sql";
import type { FeedWrites } from "./feed-writes";
import {
  deleteApplications,
  deleteCandidates,
  type Erased,
  endAllSessions,
  insertReviewCycle,
  readApplications,
  readCandidates,
  readFeedApplicationsWhere,
  readJobs,
  replaceProfile,
  upsertJobs,
  writeRecruiting,
} from "./live-data-sql";
import type { TxScope } from "./session";
import { readProfile } from "./snapshot-io";
import type { BulkWrites } from "./statistics";

type LiveDataOperation = (typeof LIVE_DATA_OPERATIONS)[number];

/**
 * The transaction's live data: the profile, sessions, jobs and review cycles changed in place,
 * candidates and applications recorded and erased. Every write of the feed's data goes through
 * `feed`, which draws the organization's next feed version and, when this instance keeps the
 * feed's index, collects what changed for it; and names the applications whose records it changed
 * to `log`, which gives each an entry of the change log before the transaction commits.
 */
export function liveDataOperations(
  scope: TxScope,
  bulk: BulkWrites,
  feed: FeedWrites,
  log: ChangeLogWrites,
): Required<Pick<StoreTx, LiveDataOperation>> {
  const { connection, s, orgId } = scope;
  const erased = async (done: Erased) => {
    if (done.applicationIds.length > 0 || done.candidates > 0) {
      await feed.changing();
      feed.remove(done.applicationIds);
      log.applications(done.applicationIds);
    }
    return { candidates: done.candidates, applications: done.applicationIds.length };
  };
  return {
    async saveOrganizationProfile(profile) {
      // Most profile changes (offices, lists, SSO) leave the feed as it is: every instance then
      // keeps its index rather than build it again.
      const stored = await readProfile(connection, s, orgId);
      await replaceProfile(connection, s, orgId, profile);
      if (stored === null || !sameFeedOrganization(stored.profile, profile)) {
        await feed.changing();
        feed.organization(profile);
        log.everyApplication();
      }
    },

    endOrganizationSessions: () => endAllSessions(connection, s, orgId),

    loadJobs: (ids) => readJobs(connection, s, orgId, ids),

    async saveJobs(given) {
      const jobs = lastById(given);
      if (jobs.length === 0) return;
      const following = await feed.changing();
      await upsertJobs(connection, s, orgId, jobs);
      bulk.note(["jobs"], jobs.length);
      log.jobs(jobs.map((job) => job.id));
      // Every application of a changed job shows the job's new fields.
      if (following)
        feed.upsert(
          await readFeedApplicationsWhere(connection, s, orgId, "a.job_id = ANY($2::text[])", [
            jobs.map((job) => job.id),
          ]),
        );
    },

    createReviewCycle: (cycle) => insertReviewCycle(connection, s, orgId, cycle),

    loadCandidates: (ids) => readCandidates(connection, s, orgId, ids),

    loadApplications: (ids) => readApplications(connection, s, orgId, ids),

    async saveRecruitingWrites(writes) {
      const candidates = lastById(writes.candidates);
      const applications = lastById(writes.applications);
      if (candidates.length === 0 && applications.length === 0) return;
      const following = await feed.changing();
      await writeRecruiting(connection, s, orgId, { candidates, applications });
      log.applications(applications.map((application) => application.id));
      log.candidates(candidates.map((candidate) => candidate.id));
      bulk.note(["candidates"], candidates.length);
      bulk.note(
        ["applications", "status_changes", "custom_field_answers", "application_education"],
        applications.length,
      );
      if (following) feed.upsert(await changedFeedApplications(scope, candidates, applications));
    },

    async eraseCandidates(ids) {
      return erased(await deleteCandidates(connection, s, orgId, ids));
    },

    async eraseApplications(ids) {
      return erased(await deleteApplications(connection, s, orgId, ids));
    },
  };
}

/** Whether two profiles give the feed the same records: its short name, site and custom fields. */
function sameFeedOrganization(a: FeedOrganization, b: FeedOrganization): boolean {
  return (
    a.shortName === b.shortName &&
    a.siteUrl === b.siteUrl &&
    a.applicationCustomFields.length === b.applicationCustomFields.length &&
    a.applicationCustomFields.every((field, index) => {
      const other = b.applicationCustomFields[index];
      return (
        other !== undefined &&
        field.id === other.id &&
        field.title === other.title &&
        field.type === other.type &&
        field.showOnJobApplication === other.showOnJobApplication
      );
    })
  );
}

/**
 * The feed applications a recruiting write changed, as now stored: each written application with
 * its candidate and job (read set-based for those not written), and every other application of a
 * written candidate (read whole: its record shows the candidate's new name).
 */
async function changedFeedApplications(
  { connection, s, orgId }: TxScope,
  candidates: readonly Candidate[],
  applications: readonly Application[],
): Promise<FeedApplication[]> {
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const unread = new Set<string>();
  for (const application of applications)
    if (!byId.has(application.candidateId)) unread.add(application.candidateId);
  for (const candidate of await readCandidates(connection, s, orgId, [...unread]))
    byId.set(candidate.id, candidate);
  const jobs = await readJobsById(connection, s, orgId, [
    ...new Set(applications.map((application) => application.jobId)),
  ]);
  const changed: FeedApplication[] = applications.map((application) => {
    const candidate = byId.get(application.candidateId);
    const job = jobs.get(application.jobId);
    if (candidate === undefined || job === undefined)
      throw new Error(`application ${application.id} names a candidate or job not stored`);
    return { application: storedApplication(application), candidate: { ...candidate }, job };
  });
  if (candidates.length > 0) {
    // Ids first, the written ones left out by a hashed anti-join (`<> ALL` compares each row
    // with every written id): a batch of new candidates has no other application, and reading
    // the written ones back whole was a third of a 10,000-application recording.
    const { rows } = await connection.query(
      `SELECT a.id FROM ${s}.applications a WHERE a.org_id = $1 AND a.candidate_id = ANY($2::text[]) AND a.id NOT IN (SELECT unnest($3::text[]))`,
      [
        orgId,
        candidates.map((candidate) => candidate.id),
        applications.map((application) => application.id),
      ],
    );
    const others = rows.map((row) => row.id as string);
    if (others.length > 0)
      for (const other of await readFeedApplicationsWhere(
        connection,
        s,
        orgId,
        "a.id = ANY($2::text[])",
        [others],
      ))
        changed.push(other);
  }
  return changed;
}

/**
 * A copy of a written application as the database reads it back: times in UTC to the
 * millisecond, a status change's `id` only when it has one. The index keeps and freezes it, so it
 * shares nothing with the caller's object.
 */
function storedApplication(application: Application): Application {
  return {
    id: application.id,
    candidateId: application.candidateId,
    jobId: application.jobId,
    offer: { startDate: application.offer.startDate, salary: application.offer.salary },
    address: { ...application.address },
    statusChanges: application.statusChanges.map((change) => {
      const rest = {
        statusName: change.statusName,
        statusBucketName: change.statusBucketName,
        at: new Date(Date.parse(change.at)).toISOString(),
      };
      return change.id === undefined ? rest : { id: change.id, ...rest };
    }),
    customFieldAnswers: application.customFieldAnswers.map((answer) => ({
      customFieldId: answer.customFieldId,
      value: Array.isArray(answer.value) ? answer.value.slice() : answer.value,
    })),
    education: application.education.map((entry) => ({ ...entry })),
  };
}

/** The records with distinct ids, the last given of each id winning, in order of first mention. */
function lastById<T extends { id: string }>(records: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const record of records) byId.set(record.id, record);
  return byId.size === records.length ? records.slice() : [...byId.values()];
}
