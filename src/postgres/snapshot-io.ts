import type { Application } from "../domain/feed";
import { flattenCycle, nestCycle } from "../domain/matters";
import type { OrganizationSnapshot } from "../domain/snapshot";
import {
  readAccountTokens,
  readMfaEnrollments,
  writeAccountTokens,
  writeMfaEnrollments,
} from "./accounts-sql";
import { type BulkConnection, Pipeline } from "./bulk";
import type { Queryable } from "./client";
import { readColumnMappings, writeColumnMapping } from "./column-mappings-sql";
import { applicationSelect, candidateFromRow, feedApplicationFromRow } from "./feed-sql";
import { JOB_COLUMNS, wholeJobFromRow } from "./jobs-sql";
import { readCycleMatters, writeMatters } from "./matters-sql";
import {
  jsonValue,
  memberFromRow,
  memberSelect,
  WELCOME_EMAIL_COLUMNS,
  welcomeEmailFromRow,
  writeMembers,
  writeWelcomeEmails,
} from "./members-sql";

/** Replaces the organization with the snapshot's content, set-based, in the caller's transaction. */
export async function writeSnapshot(
  connection: BulkConnection,
  s: string,
  snapshot: OrganizationSnapshot,
): Promise<void> {
  const { pipelines, applicationCustomFields, ...profile } = snapshot.organization;
  const orgId = profile.id;
  await connection.query(`DELETE FROM ${s}.organizations WHERE id = $1`, [orgId]);
  await connection.query(
    `INSERT INTO ${s}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, $4::text[])`,
    [orgId, profile.shortName, JSON.stringify(profile), snapshot.externalUserEmails],
  );
  for (const kind of ["members", "matters"] as const)
    await writeColumnMapping(connection, s, orgId, kind, snapshot.columnMappings[kind]);
  const pipeline = new Pipeline();
  await writeMembers(connection, s, orgId, snapshot.members, [], pipeline);
  await writeWelcomeEmails(connection, s, orgId, snapshot.welcomeEmails, pipeline);
  await pipeline.drain();
  // Once the members are in: a token or an enrollment names its member.
  await writeAccountTokens(connection, s, orgId, snapshot.accountTokens);
  await writeMfaEnrollments(connection, s, orgId, snapshot.mfaEnrollments);
  for (const cycle of snapshot.reviewCycles) {
    await connection.query(
      `INSERT INTO ${s}.review_cycles (org_id, id, name) VALUES ($1, $2, $3)`,
      [orgId, cycle.id, cycle.name],
    );
    const matters = flattenCycle(cycle);
    await writeMatters(connection, s, orgId, cycle.id, {
      createClientMatters: matters.clientMatters,
      updateClientMatters: [],
      createEntries: matters.entries,
    });
  }
  await writePipelines(connection, s, orgId, pipelines);
  await writeCustomFields(connection, s, orgId, applicationCustomFields);
  await writeJobs(connection, s, orgId, snapshot.jobs);
  await writeCandidates(connection, s, orgId, snapshot.candidates);
  await writeApplications(connection, s, orgId, snapshot.applications);
  await writeStatusChanges(connection, s, orgId, snapshot.applications);
  await writeCustomFieldAnswers(connection, s, orgId, snapshot.applications);
  await writeApplicationEducation(connection, s, orgId, snapshot.applications);
}

type Organization = OrganizationSnapshot["organization"];

/** The organization's pipelines and their steps, in their order. */
export async function writePipelines(
  connection: Queryable,
  s: string,
  orgId: string,
  pipelines: Organization["pipelines"],
): Promise<void> {
  const steps = pipelines.flatMap((pipeline) =>
    pipeline.steps.map((step, position) => ({ pipeline: pipeline.id, position, ...step })),
  );
  await connection.query(
    `INSERT INTO ${s}.pipelines (org_id, id, position, name, active) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::bool[])`,
    [
      orgId,
      pipelines.map((p) => p.id),
      pipelines.map((_, i) => i),
      pipelines.map((p) => p.name),
      pipelines.map((p) => p.active),
    ],
  );
  await connection.query(
    `INSERT INTO ${s}.pipeline_steps (org_id, pipeline_id, position, name, bucket) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[])`,
    [
      orgId,
      steps.map((t) => t.pipeline),
      steps.map((t) => t.position),
      steps.map((t) => t.name),
      steps.map((t) => t.bucket),
    ],
  );
}

/** The organization's custom fields of applications, in their order. */
export async function writeCustomFields(
  connection: Queryable,
  s: string,
  orgId: string,
  fields: Organization["applicationCustomFields"],
): Promise<void> {
  await connection.query(
    `INSERT INTO ${s}.custom_fields (org_id, id, position, title, type, show_on_job_application)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::bool[])`,
    [
      orgId,
      fields.map((f) => f.id),
      fields.map((_, i) => i),
      fields.map((f) => f.title),
      fields.map((f) => f.type),
      fields.map((f) => f.showOnJobApplication),
    ],
  );
}

async function writeJobs(
  connection: Queryable,
  s: string,
  orgId: string,
  jobs: OrganizationSnapshot["jobs"],
): Promise<void> {
  await connection.query(
    `INSERT INTO ${s}.jobs (org_id, id, title, department, office_location, employment_type, hiring_type, position_type, requisition_id,
       public, public_title, description, open_date, close_date)
     SELECT $1, t.id, t.title, t.department, t.office, t.employment, t.hiring, t.position, t.requisition,
       t.public, t.public_title, t.description, t.open_date::date, t.close_date::date
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::bool[], $11::text[], $12::text[], $13::text[], $14::text[])
       AS t(id, title, department, office, employment, hiring, position, requisition,
         public, public_title, description, open_date, close_date)`,
    [
      orgId,
      ...[
        "id",
        "title",
        "department",
        "officeLocation",
        "employmentType",
        "hiringType",
        "position",
        "requisitionId",
        "public",
        "publicTitle",
        "description",
        "openDate",
        "closeDate",
      ].map((key) => jobs.map((job) => job[key as keyof typeof job])),
    ],
  );
}

async function writeCandidates(
  connection: Queryable,
  s: string,
  orgId: string,
  candidates: OrganizationSnapshot["candidates"],
): Promise<void> {
  await connection.query(
    `INSERT INTO ${s}.candidates (org_id, id, first_name, last_name, email, phone) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      orgId,
      ...["id", "firstName", "lastName", "email", "phone"].map((key) =>
        candidates.map((candidate) => candidate[key as keyof typeof candidate]),
      ),
    ],
  );
}

/** The applications' own rows, each with the time of its latest status change. */
async function writeApplications(
  connection: Queryable,
  s: string,
  orgId: string,
  applications: readonly Application[],
): Promise<void> {
  await connection.query(
    `INSERT INTO ${s}.applications (org_id, id, candidate_id, job_id, offer_start_date, offer_salary, address, last_status_at)
     SELECT $1, t.id, t.candidate, t.job, t.start_date::date, t.salary, t.address::jsonb, t.last_status_at::timestamptz
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[]) AS t(id, candidate, job, start_date, salary, address, last_status_at)`,
    [
      orgId,
      applications.map((a) => a.id),
      applications.map((a) => a.candidateId),
      applications.map((a) => a.jobId),
      applications.map((a) => a.offer.startDate),
      applications.map((a) => a.offer.salary),
      applications.map((a) => JSON.stringify(a.address)),
      applications.map((a) => latestStatusChange(a)),
    ],
  );
}

async function writeStatusChanges(
  connection: Queryable,
  s: string,
  orgId: string,
  applications: readonly Application[],
): Promise<void> {
  const changes = applications.flatMap((a) =>
    a.statusChanges.map((change, position) => ({
      applicationId: a.id,
      position,
      changeId: change.id,
      statusName: change.statusName,
      statusBucketName: change.statusBucketName,
      at: change.at,
    })),
  );
  await connection.query(
    `INSERT INTO ${s}.status_changes (org_id, application_id, position, status_name, bucket_name, at, change_id)
     SELECT $1, t.id, t.position, t.name, t.bucket, t.at::timestamptz, t.change_id
     FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(id, position, name, bucket, at, change_id)`,
    [
      orgId,
      changes.map((c) => c.applicationId),
      changes.map((c) => c.position),
      changes.map((c) => c.statusName),
      changes.map((c) => c.statusBucketName),
      changes.map((c) => c.at),
      changes.map((c) => c.changeId ?? null),
    ],
  );
}

async function writeCustomFieldAnswers(
  connection: Queryable,
  s: string,
  orgId: string,
  applications: readonly Application[],
): Promise<void> {
  const answers = applications.flatMap((a) =>
    a.customFieldAnswers.map((answer, position) => ({ id: a.id, position, ...answer })),
  );
  await connection.query(
    `INSERT INTO ${s}.custom_field_answers (org_id, application_id, position, custom_field_id, value)
     SELECT $1, t.id, t.position, t.field, t.value::jsonb FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS t(id, position, field, value)`,
    [
      orgId,
      answers.map((a) => a.id),
      answers.map((a) => a.position),
      answers.map((a) => a.customFieldId),
      answers.map((a) => JSON.stringify(a.value)),
    ],
  );
}

async function writeApplicationEducation(
  connection: Queryable,
  s: string,
  orgId: string,
  applications: readonly Application[],
): Promise<void> {
  const education = applications.flatMap((a) =>
    a.education.map((entry, position) => ({ id: a.id, position, ...entry })),
  );
  await connection.query(
    `INSERT INTO ${s}.application_education (org_id, application_id, position, university, degree, start_date, end_date)
     SELECT $1, t.id, t.position, t.university, t.degree, t.start_date::date, t.end_date::date
     FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(id, position, university, degree, start_date, end_date)`,
    [
      orgId,
      education.map((e) => e.id),
      education.map((e) => e.position),
      education.map((e) => e.university),
      education.map((e) => e.degree),
      education.map((e) => e.startDate),
      education.map((e) => e.endDate),
    ],
  );
}

/** The organization as a snapshot, or `null`, read in the caller's transaction. */
export async function readSnapshot(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<OrganizationSnapshot | null> {
  const organization = await readProfile(connection, s, orgId);
  if (organization === null) return null;
  const members = await connection.query(`${memberSelect(s)} WHERE m.org_id = $1 ORDER BY m.seq`, [
    orgId,
  ]);
  const outbox = await connection.query(
    `SELECT ${WELCOME_EMAIL_COLUMNS} FROM ${s}.welcome_emails WHERE org_id = $1 ORDER BY seq`,
    [orgId],
  );
  const cycles = await connection.query(
    `SELECT id, name FROM ${s}.review_cycles WHERE org_id = $1 ORDER BY seq`,
    [orgId],
  );
  const reviewCycles = [];
  for (const row of cycles.rows) {
    const cycle = { id: row.id as string, name: row.name as string };
    reviewCycles.push(nestCycle(cycle, await readCycleMatters(connection, s, orgId, cycle.id)));
  }
  const jobs = await connection.query(
    `SELECT ${JOB_COLUMNS} FROM ${s}.jobs WHERE org_id = $1 ORDER BY seq`,
    [orgId],
  );
  const candidates = await connection.query(
    `SELECT id, first_name, last_name, email, phone FROM ${s}.candidates WHERE org_id = $1 ORDER BY seq`,
    [orgId],
  );
  const applications = await connection.query(applicationSelect(s, "TRUE"), [orgId]);
  const columnMappings = await readColumnMappings(connection, s, orgId);
  const accountTokens = await readAccountTokens(connection, s, orgId);
  const mfaEnrollments = await readMfaEnrollments(connection, s, orgId);
  return {
    version: 1,
    organization: organization.profile,
    members: members.rows.map(memberFromRow),
    externalUserEmails: organization.externalUserEmails,
    reviewCycles,
    welcomeEmails: outbox.rows.map(welcomeEmailFromRow),
    jobs: jobs.rows.map(wholeJobFromRow),
    candidates: candidates.rows.map((row) => candidateFromRow(row)),
    applications: applications.rows.map((row) => feedApplicationFromRow(row).application),
    columnMappings,
    accountTokens,
    mfaEnrollments,
  };
}

/**
 * The columns of an organization's profile, from `organizations o`: read by {@link profileFromRow}.
 * Pipelines and custom fields come aggregated, so a profile is one row of one statement.
 */
export function profileColumns(s: string): string {
  return `o.profile, o.external_user_emails,
       COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'active', p.active,
           'steps', COALESCE((SELECT json_agg(json_build_object('name', t.name, 'bucket', t.bucket) ORDER BY t.position)
             FROM ${s}.pipeline_steps t WHERE t.org_id = p.org_id AND t.pipeline_id = p.id), '[]'::json)) ORDER BY p.position)
         FROM ${s}.pipelines p WHERE p.org_id = o.id), '[]'::json) AS pipelines,
       COALESCE((SELECT json_agg(json_build_object('id', f.id, 'title', f.title, 'type', f.type,
           'showOnJobApplication', f.show_on_job_application) ORDER BY f.position)
         FROM ${s}.custom_fields f WHERE f.org_id = o.id), '[]'::json) AS fields`;
}

/** The profile in a row selected with {@link profileColumns}. */
export function profileFromRow(row: Record<string, unknown>): OrganizationSnapshot["organization"] {
  return {
    ...(jsonValue(row.profile) as Omit<
      OrganizationSnapshot["organization"],
      "pipelines" | "applicationCustomFields"
    >),
    pipelines: jsonValue(row.pipelines) as OrganizationSnapshot["organization"]["pipelines"],
    applicationCustomFields: jsonValue(
      row.fields,
    ) as OrganizationSnapshot["organization"]["applicationCustomFields"],
  };
}

/** The organization profile (lists, settings, pipelines, custom fields) and its declared outsiders. */
export async function readProfile(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<{ profile: OrganizationSnapshot["organization"]; externalUserEmails: string[] } | null> {
  const { rows } = await connection.query(
    `SELECT ${profileColumns(s)} FROM ${s}.organizations o WHERE o.id = $1`,
    [orgId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return { profile: profileFromRow(row), externalUserEmails: row.external_user_emails as string[] };
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
