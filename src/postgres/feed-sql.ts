import type { FeedApplication } from "../feed/model";
import type { Queryable } from "./client";
import { jsonValue } from "./members-sql";

const INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Applications with their candidate, job, status history, answers and education, in one
 * statement. `where` narrows by application; `driver`, a relation of `application_id`s joined
 * first, lets the planner start from a small set instead of scanning every application.
 */
export function applicationSelect(s: string, where: string, driver?: string): string {
  return `SELECT a.id, a.offer_start_date::text AS offer_start_date, a.offer_salary, a.address,
      c.id AS candidate_id, c.first_name, c.last_name, c.email, c.phone,
      j.id AS job_id, j.title, j.department, j.office_location, j.employment_type, j.hiring_type, j.position_type, j.requisition_id,
      (SELECT json_agg(json_build_object('statusName', x.status_name, 'statusBucketName', x.bucket_name,
          'at', to_char(x.at AT TIME ZONE 'UTC', ${INSTANT})) ORDER BY x.position)
        FROM ${s}.status_changes x WHERE x.org_id = a.org_id AND x.application_id = a.id) AS status_changes,
      COALESCE((SELECT json_agg(json_build_object('customFieldId', q.custom_field_id, 'value', q.value) ORDER BY q.position)
        FROM ${s}.custom_field_answers q WHERE q.org_id = a.org_id AND q.application_id = a.id), '[]'::json) AS answers,
      COALESCE((SELECT json_agg(json_build_object('university', d.university, 'degree', d.degree,
          'startDate', d.start_date::text, 'endDate', d.end_date::text) ORDER BY d.position)
        FROM ${s}.application_education d WHERE d.org_id = a.org_id AND d.application_id = a.id), '[]'::json) AS education
    FROM ${driver === undefined ? "" : `(${driver}) r JOIN `}${s}.applications a${driver === undefined ? "" : " ON a.org_id = $1 AND a.id = r.application_id"}
    JOIN ${s}.candidates c ON c.org_id = a.org_id AND c.id = a.candidate_id
    JOIN ${s}.jobs j ON j.org_id = a.org_id AND j.id = a.job_id
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
  const address = jsonValue(row.address) as FeedApplication["application"]["address"];
  return {
    application: {
      id: row.id as string,
      candidateId: row.candidate_id as string,
      jobId: row.job_id as string,
      offer: {
        startDate: (row.offer_start_date as string | null) ?? null,
        salary: (row.offer_salary as number | null) ?? null,
      },
      address,
      statusChanges:
        (jsonValue(row.status_changes) as FeedApplication["application"]["statusChanges"] | null) ??
        [],
      customFieldAnswers: jsonValue(
        row.answers,
      ) as FeedApplication["application"]["customFieldAnswers"],
      education: jsonValue(row.education) as FeedApplication["application"]["education"],
    },
    candidate: candidateFromRow(row, "candidate_id"),
    job: jobFromRow(row, "job_id"),
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
export function jobFromRow(row: Record<string, unknown>, idColumn = "id"): FeedApplication["job"] {
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
