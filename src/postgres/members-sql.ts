import type { MemberPlan } from "../members/plan";
import type { WelcomeEmail } from "../members/welcome-email";
import type { Member } from "../store/snapshot";
import type { Queryable } from "./client";

/** The columns that rebuild whole members: the row, its products, education and mentors. */
export function memberSelect(s: string): string {
  return `SELECT m.id, m.email, m.first_name, m.last_name, m.employee_id, m.job_title, m.level, m.office,
      m.department, m.practice_area, m.start_date::text AS start_date, m.effective_class_year, m.sso_id,
      m.use_mfa, m.bio_link, m.work_arrangement, m.flsa_status, m.manager_id, m.password_hash, m.mfa_secret,
      COALESCE((SELECT json_agg(json_build_object('product', p.product, 'role', p.role) ORDER BY p.position)
        FROM ${s}.member_products p WHERE p.org_id = m.org_id AND p.member_id = m.id), '[]'::json) AS products,
      COALESCE((SELECT json_agg(json_build_object('lawSchool', e.law_school, 'graduationYear', e.graduation_year) ORDER BY e.position)
        FROM ${s}.member_education e WHERE e.org_id = m.org_id AND e.member_id = m.id), '[]'::json) AS education,
      COALESCE((SELECT json_agg(t.mentor_id ORDER BY t.position)
        FROM ${s}.member_mentors t WHERE t.org_id = m.org_id AND t.member_id = m.id), '[]'::json) AS mentors
    FROM ${s}.members m`;
}

export function memberFromRow(row: Record<string, unknown>): Member {
  return {
    id: row.id as string,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    employeeId: (row.employee_id as string | null) ?? null,
    jobTitle: (row.job_title as string | null) ?? null,
    level: (row.level as string | null) ?? null,
    office: (jsonValue(row.office) as Member["office"]) ?? null,
    department: (row.department as string | null) ?? null,
    practiceArea: (row.practice_area as string | null) ?? null,
    startDate: (row.start_date as string | null) ?? null,
    effectiveClassYear: (row.effective_class_year as number | null) ?? null,
    ssoId: (row.sso_id as string | null) ?? null,
    useMfa: row.use_mfa === true,
    bioLink: (row.bio_link as string | null) ?? null,
    workArrangement: (row.work_arrangement as Member["workArrangement"]) ?? null,
    flsaStatus: (row.flsa_status as Member["flsaStatus"]) ?? null,
    managerId: (row.manager_id as string | null) ?? null,
    mentorIds: jsonValue(row.mentors) as string[],
    education: jsonValue(row.education) as Member["education"],
    products: jsonValue(row.products) as Member["products"],
    credentials: {
      passwordHash: (row.password_hash as string | null) ?? null,
      mfaSecret: (row.mfa_secret as string | null) ?? null,
    },
  };
}

/** JSON columns arrive parsed from `pg` and PGlite alike; text is parsed for other drivers. */
export function jsonValue(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/**
 * Writes whole members set-based: one statement for the rows (insert or replace by id) and one
 * delete plus one insert each for products, education and mentors, whatever the number of rows.
 */
/** Members one write must reach before `members` is analyzed inside the transaction. */
const ANALYZE_MEMBERS_FROM = 1000;

export async function writeMembers(
  connection: Queryable,
  s: string,
  orgId: string,
  members: readonly Member[],
): Promise<void> {
  if (members.length === 0) return;
  const column = <T>(pick: (member: Member) => T) => members.map(pick);
  await connection.query(
    `INSERT INTO ${s}.members (org_id, id, email, first_name, last_name, employee_id, job_title, level, office,
        department, practice_area, start_date, effective_class_year, sso_id, use_mfa, bio_link, work_arrangement,
        flsa_status, manager_id, password_hash, mfa_secret)
     SELECT $1, t.id, t.email, t.first_name, t.last_name, t.employee_id, t.job_title, t.level, t.office::jsonb,
        t.department, t.practice_area, t.start_date::date, t.effective_class_year, t.sso_id, t.use_mfa, t.bio_link,
        t.work_arrangement, t.flsa_status, t.manager_id, t.password_hash, t.mfa_secret
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
        $10::text[], $11::text[], $12::text[], $13::int[], $14::text[], $15::bool[], $16::text[], $17::text[],
        $18::text[], $19::text[], $20::text[], $21::text[])
       AS t(id, email, first_name, last_name, employee_id, job_title, level, office, department, practice_area,
        start_date, effective_class_year, sso_id, use_mfa, bio_link, work_arrangement, flsa_status, manager_id,
        password_hash, mfa_secret)
     ON CONFLICT (org_id, id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name,
        last_name = excluded.last_name, employee_id = excluded.employee_id, job_title = excluded.job_title,
        level = excluded.level, office = excluded.office, department = excluded.department,
        practice_area = excluded.practice_area, start_date = excluded.start_date,
        effective_class_year = excluded.effective_class_year, sso_id = excluded.sso_id, use_mfa = excluded.use_mfa,
        bio_link = excluded.bio_link, work_arrangement = excluded.work_arrangement, flsa_status = excluded.flsa_status,
        manager_id = excluded.manager_id, password_hash = excluded.password_hash, mfa_secret = excluded.mfa_secret`,
    [
      orgId,
      column((m) => m.id),
      column((m) => m.email),
      column((m) => m.firstName),
      column((m) => m.lastName),
      column((m) => m.employeeId),
      column((m) => m.jobTitle),
      column((m) => m.level),
      column((m) => (m.office === null ? null : JSON.stringify(m.office))),
      column((m) => m.department),
      column((m) => m.practiceArea),
      column((m) => m.startDate),
      column((m) => m.effectiveClassYear),
      column((m) => m.ssoId),
      column((m) => m.useMfa),
      column((m) => m.bioLink),
      column((m) => m.workArrangement),
      column((m) => m.flsaStatus),
      column((m) => m.managerId),
      column((m) => m.credentials.passwordHash),
      column((m) => m.credentials.mfaSecret),
    ],
  );
  // The foreign-key checks of the rows written next (roles, mentors, managers at commit) run plans
  // a pooled connection cached when members was small: a sequential scan per row, quadratic in a
  // large first import. Fresh statistics invalidate them. ANALYZE counts this transaction's rows;
  // it only waits for another organization's ANALYZE of members, never for its writes.
  if (members.length >= ANALYZE_MEMBERS_FROM) await connection.query(`ANALYZE ${s}.members`);
  const ids = column((m) => m.id);
  for (const table of ["member_products", "member_education", "member_mentors"]) {
    await connection.query(
      `DELETE FROM ${s}.${table} WHERE org_id = $1 AND member_id = ANY($2::text[])`,
      [orgId, ids],
    );
  }
  const products = members.flatMap((m) =>
    m.products.map((access, position) => ({ id: m.id, position, ...access })),
  );
  if (products.length > 0) {
    await connection.query(
      `INSERT INTO ${s}.member_products (org_id, member_id, position, product, role)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[])`,
      [
        orgId,
        products.map((p) => p.id),
        products.map((p) => p.position),
        products.map((p) => p.product),
        products.map((p) => p.role),
      ],
    );
  }
  const education = members.flatMap((m) =>
    m.education.map((entry, position) => ({ id: m.id, position, ...entry })),
  );
  if (education.length > 0) {
    await connection.query(
      `INSERT INTO ${s}.member_education (org_id, member_id, position, law_school, graduation_year)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::int[])`,
      [
        orgId,
        education.map((e) => e.id),
        education.map((e) => e.position),
        education.map((e) => e.lawSchool),
        education.map((e) => e.graduationYear),
      ],
    );
  }
  const mentors = members.flatMap((m) =>
    m.mentorIds.map((mentor, position) => ({ id: m.id, position, mentor })),
  );
  if (mentors.length > 0) {
    await connection.query(
      `INSERT INTO ${s}.member_mentors (org_id, member_id, position, mentor_id)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[])`,
      [
        orgId,
        mentors.map((t) => t.id),
        mentors.map((t) => t.position),
        mentors.map((t) => t.mentor),
      ],
    );
  }
}

/** The outbox rows of a plan, in one statement. */
export async function writeWelcomeEmails(
  connection: Queryable,
  s: string,
  orgId: string,
  emails: MemberPlan["welcomeEmails"],
): Promise<void> {
  if (emails.length === 0) return;
  const column = <T>(pick: (email: (typeof emails)[number]) => T) => emails.map(pick);
  await connection.query(
    `INSERT INTO ${s}.welcome_emails (org_id, id, member_id, email, first_name, last_name, product, reason, created_at)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])`,
    [
      orgId,
      column((e) => e.id),
      column((e) => e.memberId),
      column((e) => e.email),
      column((e) => e.firstName),
      column((e) => e.lastName),
      column((e) => e.product),
      column((e) => e.reason),
      column((e) => e.createdAt),
    ],
  );
}

/** The outbox columns, in the order `welcomeEmailFromRow` reads them. */
export const WELCOME_EMAIL_COLUMNS =
  "id, member_id, email, first_name, last_name, product, reason, created_at";

export function welcomeEmailFromRow(row: Record<string, unknown>): WelcomeEmail {
  return {
    id: row.id as string,
    memberId: row.member_id as string,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    product: row.product as WelcomeEmail["product"],
    reason: row.reason as WelcomeEmail["reason"],
    createdAt: row.created_at as string,
  };
}
