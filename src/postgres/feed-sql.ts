import type {
  Application,
  ApplicationEducation,
  CustomFieldAnswer,
  FeedApplication,
  FeedApplicationHead,
  FeedJob,
  RangedStatusChange,
} from "../domain/feed";
import type { Queryable } from "./client";
import { jsonValue } from "./members-sql";

const INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A status change of `status_changes` alias `x` as JSON: with its recorded id (first, as the
 * services write it) when it has one, without an `id` key when not.
 */
function statusChangeObject(x: string): string {
  const rest = `'statusName', ${x}.status_name, 'statusBucketName', ${x}.bucket_name, 'at', to_char(${x}.at AT TIME ZONE 'UTC', ${INSTANT})`;
  return `CASE WHEN ${x}.change_id IS NULL THEN json_build_object(${rest}) ELSE json_build_object('id', ${x}.change_id, ${rest}) END`;
}

/**
 * An application's own columns and its lists (status history, answers, education) over
 * `applications a`, each list by its primary key, in order.
 */
function applicationColumns(s: string): string {
  return `a.id, a.candidate_id, a.job_id, a.offer_start_date::text AS offer_start_date, a.offer_salary, a.address,
      (SELECT json_agg(${statusChangeObject("x")} ORDER BY x.position)
        FROM ${s}.status_changes x WHERE x.org_id = a.org_id AND x.application_id = a.id) AS status_changes,
      COALESCE((SELECT json_agg(json_build_object('customFieldId', q.custom_field_id, 'value', q.value) ORDER BY q.position)
        FROM ${s}.custom_field_answers q WHERE q.org_id = a.org_id AND q.application_id = a.id), '[]'::json) AS answers,
      COALESCE((SELECT json_agg(json_build_object('university', d.university, 'degree', d.degree,
          'startDate', d.start_date::text, 'endDate', d.end_date::text) ORDER BY d.position)
        FROM ${s}.application_education d WHERE d.org_id = a.org_id AND d.application_id = a.id), '[]'::json) AS education`;
}

/**
 * Applications with their candidate, job, status history, answers and education, in one
 * statement. `where` narrows by application; `driver`, a relation of `application_id`s joined
 * first, lets the planner start from a small set instead of scanning every application.
 */
export function applicationSelect(s: string, where: string, driver?: string): string {
  return `SELECT ${applicationColumns(s)},
      c.first_name, c.last_name, c.email, c.phone,
      j.title, j.department, j.office_location, j.employment_type, j.hiring_type, j.position_type, j.requisition_id
    FROM ${driver === undefined ? "" : `(${driver}) r JOIN `}${s}.applications a${driver === undefined ? "" : " ON a.org_id = $1 AND a.id = r.application_id"}
    JOIN ${s}.candidates c ON c.org_id = a.org_id AND c.id = a.candidate_id
    JOIN ${s}.jobs j ON j.org_id = a.org_id AND j.id = a.job_id
    WHERE a.org_id = $1 AND ${where}
    ORDER BY a.seq`;
}

/**
 * Applications alone (status history, answers and education, no candidate or job joined), chosen
 * by `where` over `applications a`, in stored order: a read by id needs nothing else, and without
 * the joins no estimate of the organization's jobs can turn the read into one pass over the asked
 * ids per job (an unanalyzed `jobs` table, estimated at one row, made a page of 1,000 changes in
 * 1,000,000 applications read 200,000 index entries: docs/performance.md).
 */
export function applicationOnlySelect(s: string, where: string): string {
  return `SELECT ${applicationColumns(s)}
    FROM ${s}.applications a
    WHERE a.org_id = $1 AND ${where}
    ORDER BY a.seq`;
}

/** The exact pre-selection: applications with a status change in the inclusive range (index scan). */
export async function readFeedApplications(
  connection: Queryable,
  s: string,
  orgId: string,
  start: Date,
  end: Date,
): Promise<FeedApplication[]> {
  const { rows } = await connection.query(
    applicationSelect(
      s,
      "TRUE",
      `SELECT DISTINCT application_id FROM ${s}.status_changes WHERE org_id = $1 AND at BETWEEN $2::timestamptz AND $3::timestamptz`,
    ),
    [orgId, start.toISOString(), end.toISOString()],
  );
  return rows.map(feedApplicationFromRow);
}

export function feedApplicationFromRow(row: Record<string, unknown>): FeedApplication {
  return {
    application: applicationFromRow(row),
    candidate: candidateFromRow(row, "candidate_id"),
    job: jobFromRow(row, "job_id"),
  };
}

/** An application from a row of {@link applicationSelect} or {@link applicationOnlySelect}. */
export function applicationFromRow(row: Record<string, unknown>): Application {
  return {
    id: row.id as string,
    candidateId: row.candidate_id as string,
    jobId: row.job_id as string,
    offer: {
      startDate: (row.offer_start_date as string | null) ?? null,
      salary: (row.offer_salary as number | null) ?? null,
    },
    address: jsonValue(row.address) as Application["address"],
    statusChanges: (jsonValue(row.status_changes) as Application["statusChanges"] | null) ?? [],
    customFieldAnswers: jsonValue(row.answers) as Application["customFieldAnswers"],
    education: jsonValue(row.education) as Application["education"],
  };
}

/** A candidate from a row; `idColumn` names its id (aliased when joined). */
export function candidateFromRow(
  row: Record<string, unknown>,
  idColumn = "id",
): FeedApplication["candidate"] {
  return {
    id: row[idColumn] as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
  };
}

/** A job from a row; `idColumn` names its id (aliased when joined). */
export function jobFromRow(row: Record<string, unknown>, idColumn = "id"): FeedJob {
  return {
    id: row[idColumn] as string,
    title: row.title as string,
    department: row.department as string,
    officeLocation: row.office_location as string,
    employmentType: row.employment_type as string,
    hiringType: row.hiring_type as string,
    position: row.position_type as string,
    requisitionId: (row.requisition_id as string | null) ?? null,
  };
}

/**
 * Status changes in the inclusive range, through the status-change time index: times truncated
 * to the millisecond (as `Date.parse` reads them), so the range ends a millisecond after `end`.
 */
export async function readStatusChangesInRange(
  connection: Queryable,
  s: string,
  orgId: string,
  start: Date,
  end: Date,
): Promise<RangedStatusChange[]> {
  const { rows } = await connection.query(statusChangesInRangeSql(s), [
    orgId,
    start.toISOString(),
    end.toISOString(),
  ]);
  return rows.map((row) => ({
    applicationId: row.application_id as string,
    position: row.position as number,
    statusName: row.status_name as string,
    statusBucketName: row.bucket_name as string,
    at: row.at as number,
  }));
}

/**
 * The applications with these ids, each with candidate, job, education, latest status time and,
 * when `answers` is set, custom-field answers. Four index-driven statements rather than one with
 * a correlated subquery per application: each answers many applications at once.
 */
export async function readFeedApplicationHeads(
  connection: Queryable,
  s: string,
  orgId: string,
  applicationIds: readonly string[],
  options: { answers: boolean },
): Promise<FeedApplicationHead[]> {
  if (applicationIds.length === 0) return [];
  // In key order, the probes walk the primary-key index forwards, faster than at random.
  const ids = [...applicationIds].sort();
  const { rows } = await connection.query(applicationHeadsSql(s), [orgId, ids]);
  const jobs = await readJobsById(connection, s, orgId, [
    ...new Set(rows.map((row) => row.job_id as string)),
  ]);
  const education = await readEducation(connection, s, orgId, ids);
  const answers = options.answers
    ? await readAnswers(connection, s, orgId, ids)
    : new Map<string, CustomFieldAnswer[]>();
  return rows.map((row) => {
    const id = row.id as string;
    const job = jobs.get(row.job_id as string);
    if (job === undefined) throw new Error(`application ${id} names a job that was not found`);
    return {
      application: {
        id,
        candidateId: row.candidate_id as string,
        jobId: job.id,
        offer: {
          startDate: (row.offer_start_date as string | null) ?? null,
          salary: (row.offer_salary as number | null) ?? null,
        },
        address: jsonValue(row.address) as FeedApplication["application"]["address"],
        customFieldAnswers: answers.get(id) ?? [],
        education: education.get(id) ?? [],
      },
      candidate: candidateFromRow(row, "candidate_id"),
      job,
      latestStatusAt: row.last_status_at as number,
    };
  });
}

/** The jobs with these ids (their feed fields), by id. */
export async function readJobsById(
  connection: Queryable,
  s: string,
  orgId: string,
  jobIds: readonly string[],
): Promise<Map<string, FeedJob>> {
  return new Map(
    (
      await connection.query(
        `SELECT id, title, department, office_location, employment_type, hiring_type, position_type, requisition_id
         FROM ${s}.jobs WHERE org_id = $1 AND id = ANY($2::text[])`,
        [orgId, jobIds],
      )
    ).rows.map((row) => [row.id as string, jobFromRow(row)]),
  );
}

/** The education of the applications with these ids, by application. */
function readEducation(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: string[],
): Promise<Map<string, ApplicationEducation[]>> {
  return readByApplication(
    connection,
    `SELECT application_id, university, degree, start_date::text AS start_date, end_date::text AS end_date
     FROM ${s}.application_education WHERE org_id = $1 AND application_id = ANY($2::text[])
     ORDER BY application_id, position`,
    [orgId, ids],
    (row): ApplicationEducation => ({
      university: row.university as string,
      degree: (row.degree as string | null) ?? null,
      startDate: (row.start_date as string | null) ?? null,
      endDate: (row.end_date as string | null) ?? null,
    }),
  );
}

/** The custom-field answers of the applications with these ids, by application. */
function readAnswers(
  connection: Queryable,
  s: string,
  orgId: string,
  ids: string[],
): Promise<Map<string, CustomFieldAnswer[]>> {
  return readByApplication(
    connection,
    `SELECT application_id, custom_field_id, value::text AS value FROM ${s}.custom_field_answers
         WHERE org_id = $1 AND application_id = ANY($2::text[]) ORDER BY application_id, position`,
    [orgId, ids],
    (row): CustomFieldAnswer => ({
      customFieldId: row.custom_field_id as string,
      // As text: a JSON string answer would be taken for unparsed JSON otherwise.
      value:
        row.value === null ? null : (JSON.parse(row.value as string) as CustomFieldAnswer["value"]),
    }),
  );
}

/** Rows of a child table grouped by `application_id`, each group in the statement's order. */
async function readByApplication<T>(
  connection: Queryable,
  sql: string,
  params: unknown[],
  read: (row: Record<string, unknown>) => T,
): Promise<Map<string, T[]>> {
  const grouped = new Map<string, T[]>();
  for (const row of (await connection.query(sql, params)).rows) {
    const id = row.application_id as string;
    let group = grouped.get(id);
    if (group === undefined) {
      group = [];
      grouped.set(id, group);
    }
    group.push(read(row));
  }
  return grouped;
}

/** The organization's feed version (a new one with every snapshot that replaces it), or `null`. */
export async function readFeedVersion(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<string | null> {
  const { rows } = await connection.query(
    `SELECT feed_version::text AS version FROM ${s}.organizations WHERE id = $1`,
    [orgId],
  );
  return (rows[0]?.version as string | undefined) ?? null;
}

/** The statement of {@link readStatusChangesInRange} (`$1` organization, `$2`–`$3` the range). */
export function statusChangesInRangeSql(s: string): string {
  return `SELECT application_id, position, status_name, bucket_name, floor(extract(epoch FROM at) * 1000)::float8 AS at
     FROM ${s}.status_changes
     WHERE org_id = $1 AND at >= $2::timestamptz AND at < $3::timestamptz + interval '1 millisecond'`;
}

/** The statement of {@link readFeedApplicationHeads} (`$1` organization, `$2` the ids). */
export function applicationHeadsSql(s: string): string {
  // One primary-key probe per id, never a scan of every application: the lateral subquery (kept
  // apart by OFFSET 0) cannot be turned into a hash join.
  return `SELECT h.* FROM unnest($2::text[]) AS r(id)
     CROSS JOIN LATERAL (
       SELECT a.id, a.job_id, a.offer_start_date::text AS offer_start_date, a.offer_salary, a.address,
         floor(extract(epoch FROM a.last_status_at) * 1000)::float8 AS last_status_at,
         c.id AS candidate_id, c.first_name, c.last_name, c.email, c.phone
       FROM ${s}.applications a
       JOIN ${s}.candidates c ON c.org_id = a.org_id AND c.id = a.candidate_id
       WHERE a.org_id = $1 AND a.id = r.id
       OFFSET 0) h`;
}
