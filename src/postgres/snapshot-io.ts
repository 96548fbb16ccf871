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
import { upsertJobs, writeRecruiting } from "./live-data-sql";
import { readCycleMatters, writeMatters } from "./matters-sql";
import {
  jsonValue,
  memberFromRow,
  memberSelect,
  WELCOME_EMAIL_COLUMNS,
  welcomeEmailFromRow,
  writeMembers,
} from "./members-sql";
import { writeCustomFields, writePipelines } from "./profile-sql";

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
  await writeMembers(
    connection,
    s,
    orgId,
    { creates: snapshot.members, updates: [], welcomeEmails: snapshot.welcomeEmails },
    pipeline,
  );
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
  // The recruiting data by the writers live data uses: one writer of each table.
  await upsertJobs(connection, s, orgId, snapshot.jobs);
  await writeRecruiting(connection, s, orgId, {
    candidates: snapshot.candidates,
    applications: snapshot.applications,
  });
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
  opening = "",
): Promise<{ profile: OrganizationSnapshot["organization"]; externalUserEmails: string[] } | null> {
  const { rows } = await connection.query(
    `SELECT ${opening}${profileColumns(s)} FROM ${s}.organizations o WHERE o.id = $1`,
    [orgId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return { profile: profileFromRow(row), externalUserEmails: row.external_user_emails as string[] };
}
