import type {
  Application,
  ApplicationEducation,
  Candidate,
  CustomFieldAnswer,
  FeedApplication,
  Job,
  StatusChange,
} from "../domain/feed";
import type { OrganizationProfile } from "../domain/organization";
import type { RecruitingWrites } from "../domain/recruiting-writes";
import {
  type BulkColumns,
  type BulkConnection,
  type ColumnPick,
  insertRows,
  Pipeline,
  pickedColumns,
  rowCount,
  rowSource,
} from "./bulk";
import type { Queryable } from "./client";
import {
  applicationFromRow,
  applicationOnlySelect,
  applicationSelect,
  candidateFromRow,
  feedApplicationFromRow,
} from "./feed-sql";
import { JOB_COLUMNS, wholeJobFromRow } from "./jobs-sql";
import { writeCustomFields, writePipelines } from "./profile-sql";

/** The organization row's `profile`: the profile but its pipelines and fields, which have tables. */
function profileDocument(profile: OrganizationProfile): string {
  const { pipelines: _pipelines, applicationCustomFields: _fields, ...rest } = profile;
  return JSON.stringify(rest);
}

/**
 * Creates the organization with `profile` and no data, as a snapshot of it alone would: `false`,
 * writing nothing, when its id or short name is taken (by a committed organization, or by one
 * whose creation commits meanwhile: the insert waits for it).
 */
export async function insertOrganization(
  connection: Queryable,
  s: string,
  profile: OrganizationProfile,
): Promise<boolean> {
  const { rows } = await connection.query(
    `INSERT INTO ${s}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')
     ON CONFLICT DO NOTHING RETURNING id`,
    [profile.id, profile.shortName, profileDocument(profile)],
  );
  if (rows.length === 0) return false;
  await writePipelines(connection, s, profile.id, profile.pipelines);
  await writeCustomFields(connection, s, profile.id, profile.applicationCustomFields);
  return true;
}

/** Replaces the organization's profile, pipelines and custom fields; members stay as they are. */
export async function replaceProfile(
  connection: Queryable,
  s: string,
  orgId: string,
  profile: OrganizationProfile,
): Promise<void> {
  const kept = { ...profile, id: orgId };
  await connection.query(
    `UPDATE ${s}.organizations SET short_name = $2, profile = $3::jsonb WHERE id = $1`,
    [orgId, kept.shortName, profileDocument(kept)],
  );
  // A pipeline's steps go with it (their foreign key cascades).
  await connection.query(
    `WITH pipelines AS (DELETE FROM ${s}.pipelines WHERE org_id = $1)
     DELETE FROM ${s}.custom_fields WHERE org_id = $1`,
    [orgId],
  );
  await writePipelines(connection, s, orgId, kept.pipelines);
  await writeCustomFields(connection, s, orgId, kept.applicationCustomFields);
}

/**
 * Draws the organization's next feed version: the version before (what an index built from the
 * committed data has) and after (what this transaction's data will have once committed).
 */
export async function nextFeedVersion(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<{ before: string; after: string }> {
  const { rows } = await connection.query(
    `WITH before AS (SELECT feed_version FROM ${s}.organizations WHERE id = $1)
     UPDATE ${s}.organizations SET feed_version = nextval('${s}.feed_versions') WHERE id = $1
     RETURNING (SELECT feed_version::text FROM before) AS before, feed_version::text AS after`,
    [orgId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`organization ${orgId} vanished inside its own write`);
  return { before: row.before as string, after: row.after as string };
}

/** The jobs with these ids, whole, in stored order. */
export async function readJobs(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: readonly string[],
): Promise<Job[]> {
  if (ids.length === 0) return [];
  const { rows } = await connection.query(
    `SELECT ${JOB_COLUMNS} FROM ${s}.jobs WHERE org_id = $1 AND id = ANY($2::text[]) ORDER BY seq`,
    [orgId, ids],
  );
  return rows.map(wholeJobFromRow);
}

const JOB_PICKS: readonly ColumnPick<Job>[] = [
  ["id", "text", (job) => job.id],
  ["title", "text", (job) => job.title],
  ["department", "text", (job) => job.department],
  ["office_location", "text", (job) => job.officeLocation],
  ["employment_type", "text", (job) => job.employmentType],
  ["hiring_type", "text", (job) => job.hiringType],
  ["position_type", "text", (job) => job.position],
  ["requisition_id", "text", (job) => job.requisitionId],
  ["public", "bool", (job) => job.public],
  ["public_title", "text", (job) => job.publicTitle],
  ["description", "text", (job) => job.description],
  ["open_date", "date", (job) => job.openDate],
  ["close_date", "date", (job) => job.closeDate],
];

/** Creates or replaces each job by id, whole: the feed's fields and the job board's. */
export async function upsertJobs(
  connection: BulkConnection,
  s: string,
  orgId: string,
  jobs: readonly Job[],
): Promise<void> {
  await upsert(connection, s, "jobs", orgId, pickedColumns(jobs, JOB_PICKS));
}

/** The review cycle, when the organization has none with its id: `true` then. */
export async function insertReviewCycle(
  connection: Queryable,
  s: string,
  orgId: string,
  cycle: { id: string; name: string },
): Promise<boolean> {
  const { rows } = await connection.query(
    `INSERT INTO ${s}.review_cycles (org_id, id, name) VALUES ($1, $2, $3) ON CONFLICT (org_id, id) DO NOTHING RETURNING id`,
    [orgId, cycle.id, cycle.name],
  );
  return rows.length === 1;
}

/** The candidates with these ids, in stored order. */
export async function readCandidates(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: readonly string[],
): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const { rows } = await connection.query(
    `SELECT id, first_name, last_name, email, phone FROM ${s}.candidates WHERE org_id = $1 AND id = ANY($2::text[]) ORDER BY seq`,
    [orgId, ids],
  );
  return rows.map((row) => candidateFromRow(row));
}

/**
 * Applications (with candidate and job) chosen by `where` over `applications a`, whose `$2` is
 * `ids`: each whole, its history with the ids of recorded changes, all in stored order.
 */
export async function readFeedApplicationsWhere(
  connection: Queryable,
  s: string,
  orgId: string,
  where: string,
  params: readonly unknown[],
): Promise<FeedApplication[]> {
  const { rows } = await connection.query(applicationSelect(s, where), [orgId, ...params]);
  return rows.map(feedApplicationFromRow);
}

/** The applications with these ids, whole, in stored order (without their candidates and jobs). */
export async function readApplications(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: readonly string[],
): Promise<Application[]> {
  if (ids.length === 0) return [];
  const { rows } = await connection.query(applicationOnlySelect(s, "a.id = ANY($2::text[])"), [
    orgId,
    ids,
  ]);
  return rows.map(applicationFromRow);
}

const CANDIDATE_PICKS: readonly ColumnPick<Candidate>[] = [
  ["id", "text", (candidate) => candidate.id],
  ["first_name", "text", (candidate) => candidate.firstName],
  ["last_name", "text", (candidate) => candidate.lastName],
  ["email", "text", (candidate) => candidate.email],
  ["phone", "text", (candidate) => candidate.phone],
];

const APPLICATION_PICKS: readonly ColumnPick<Application>[] = [
  ["id", "text", (application) => application.id],
  ["candidate_id", "text", (application) => application.candidateId],
  ["job_id", "text", (application) => application.jobId],
  ["offer_start_date", "date", (application) => application.offer.startDate],
  ["offer_salary", "int", (application) => application.offer.salary],
  ["address", "jsonb", (application) => JSON.stringify(application.address)],
  ["last_status_at", "timestamptz", (application) => latestStatusChange(application)],
];

interface Child<T> {
  applicationId: string;
  position: number;
  value: T;
}

const STATUS_CHANGE_PICKS: readonly ColumnPick<Child<StatusChange>>[] = [
  ["application_id", "text", (row) => row.applicationId],
  ["position", "int", (row) => row.position],
  ["status_name", "text", (row) => row.value.statusName],
  ["bucket_name", "text", (row) => row.value.statusBucketName],
  ["at", "timestamptz", (row) => row.value.at],
  ["change_id", "text", (row) => row.value.id],
];

const ANSWER_PICKS: readonly ColumnPick<Child<CustomFieldAnswer>>[] = [
  ["application_id", "text", (row) => row.applicationId],
  ["position", "int", (row) => row.position],
  ["custom_field_id", "text", (row) => row.value.customFieldId],
  ["value", "jsonb", (row) => JSON.stringify(row.value.value)],
];

const EDUCATION_PICKS: readonly ColumnPick<Child<ApplicationEducation>>[] = [
  ["application_id", "text", (row) => row.applicationId],
  ["position", "int", (row) => row.position],
  ["university", "text", (row) => row.value.university],
  ["degree", "text", (row) => row.value.degree],
  ["start_date", "date", (row) => row.value.startDate],
  ["end_date", "date", (row) => row.value.endDate],
];

/** Each application's entries of one list, with their places in it. */
function children<T>(
  applications: readonly Application[],
  list: (application: Application) => readonly T[],
): Child<T>[] {
  const rows: Child<T>[] = [];
  for (const application of applications) {
    const values = list(application);
    for (let position = 0; position < values.length; position++)
      rows.push({ applicationId: application.id, position, value: values[position] as T });
  }
  return rows;
}

/**
 * Creates or replaces candidates and applications, whole, set-based: one upsert of each (by COPY
 * into a temporary table from 1,000 rows), one statement that deletes the written applications'
 * histories, answers and education, and one insert (COPY) of each of those lists. The statement
 * count does not grow with the rows.
 */
export async function writeRecruiting(
  connection: BulkConnection,
  s: string,
  orgId: string,
  writes: RecruitingWrites,
): Promise<void> {
  const { candidates, applications } = writes;
  const pipeline = new Pipeline();
  await upsert(
    connection,
    s,
    "candidates",
    orgId,
    pickedColumns(candidates, CANDIDATE_PICKS),
    pipeline,
  );
  if (applications.length > 0) {
    const ids = applications.map((application) => application.id);
    await pipeline.send(() =>
      connection.query(
        `WITH changes AS (DELETE FROM ${s}.status_changes WHERE org_id = $1 AND application_id = ANY($2::text[])),
           answers AS (DELETE FROM ${s}.custom_field_answers WHERE org_id = $1 AND application_id = ANY($2::text[]))
         DELETE FROM ${s}.application_education WHERE org_id = $1 AND application_id = ANY($2::text[])`,
        [orgId, ids],
      ),
    );
    await upsert(
      connection,
      s,
      "applications",
      orgId,
      pickedColumns(applications, APPLICATION_PICKS),
      pipeline,
    );
  }
  const writeList = <T>(
    table: string,
    list: (application: Application) => readonly T[],
    picks: readonly ColumnPick<Child<T>>[],
  ) =>
    insertRows(
      connection,
      `${s}.${table}`,
      { names: ["org_id"], values: [orgId] },
      pickedColumns(children(applications, list), picks),
      pipeline,
    );
  await writeList(
    "status_changes",
    (application) => application.statusChanges,
    STATUS_CHANGE_PICKS,
  );
  await writeList(
    "custom_field_answers",
    (application) => application.customFieldAnswers,
    ANSWER_PICKS,
  );
  await writeList("application_education", (application) => application.education, EDUCATION_PICKS);
  await pipeline.drain();
}

/**
 * One `INSERT … ON CONFLICT (org_id, id) DO UPDATE` of every column of `columns` but the id: the
 * rows whole, created or replaced.
 */
async function upsert(
  connection: BulkConnection,
  s: string,
  table: string,
  orgId: string,
  columns: BulkColumns,
  pipeline?: Pipeline,
): Promise<void> {
  if (rowCount(columns) === 0) return;
  const own = pipeline ?? new Pipeline();
  const source = await rowSource(connection, columns, 2, own);
  const names = columns.names;
  const updates = names
    .filter((name) => name !== "id")
    .map((name) => `${name} = excluded.${name}`)
    .join(", ");
  await own.send(() =>
    connection.query(
      `INSERT INTO ${s}.${table} (org_id, ${names.join(", ")})
       SELECT $1, ${names.map((name) => `t.${name}`).join(", ")} FROM ${source.from} ${source.order}
       ON CONFLICT (org_id, id) DO UPDATE SET ${updates}`,
      [orgId, ...source.params],
    ),
  );
  if (pipeline === undefined) await own.drain();
}

/** What an erasure removed: the applications' ids, and how many candidates. */
export interface Erased {
  applicationIds: string[];
  candidates: number;
}

/**
 * Deletes these candidates and every application of theirs; the applications' histories, answers
 * and education go with them (their foreign keys cascade).
 */
export async function deleteCandidates(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: readonly string[],
): Promise<Erased> {
  if (ids.length === 0) return { applicationIds: [], candidates: 0 };
  const applications = await connection.query(
    `DELETE FROM ${s}.applications WHERE org_id = $1 AND candidate_id = ANY($2::text[]) RETURNING id`,
    [orgId, ids],
  );
  const candidates = await connection.query(
    `DELETE FROM ${s}.candidates WHERE org_id = $1 AND id = ANY($2::text[]) RETURNING id`,
    [orgId, ids],
  );
  return {
    applicationIds: applications.rows.map((row) => row.id as string),
    candidates: candidates.rows.length,
  };
}

/**
 * Deletes these applications (their histories, answers and education go with them), then each of
 * their candidates left with no application.
 */
export async function deleteApplications(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: readonly string[],
): Promise<Erased> {
  if (ids.length === 0) return { applicationIds: [], candidates: 0 };
  const applications = await connection.query(
    `DELETE FROM ${s}.applications WHERE org_id = $1 AND id = ANY($2::text[]) RETURNING id, candidate_id`,
    [orgId, ids],
  );
  if (applications.rows.length === 0) return { applicationIds: [], candidates: 0 };
  const candidates = await connection.query(
    `DELETE FROM ${s}.candidates c WHERE c.org_id = $1 AND c.id = ANY($2::text[])
       AND NOT EXISTS (SELECT 1 FROM ${s}.applications a WHERE a.org_id = c.org_id AND a.candidate_id = c.id)
     RETURNING c.id`,
    [orgId, [...new Set(applications.rows.map((row) => row.candidate_id as string))]],
  );
  return {
    applicationIds: applications.rows.map((row) => row.id as string),
    candidates: candidates.rows.length,
  };
}

/** Raises every member's session epoch by one. */
export async function endAllSessions(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<void> {
  await connection.query(
    `UPDATE ${s}.members SET session_epoch = session_epoch + 1 WHERE org_id = $1`,
    [orgId],
  );
}

/**
 * The `at` of the application's latest status change as written, or `null`: by milliseconds, as
 * the feed compares them (a finer fraction is truncated there), so any of several changes in the
 * same millisecond will do.
 */
export function latestStatusChange(application: Application): string | null {
  let latest: string | null = null;
  let latestMs = Number.NEGATIVE_INFINITY;
  for (const change of application.statusChanges) {
    const ms = Date.parse(change.at);
    if (ms > latestMs) {
      latest = change.at;
      latestMs = ms;
    }
  }
  return latest;
}
