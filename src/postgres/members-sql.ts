import type { MemberPlan } from "../members/plan";
import type { WelcomeEmail } from "../members/welcome-email";
import type { Member } from "../store/snapshot";
import { type BulkConnection, insertRows, rowSource } from "./bulk";
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

/** Members one write must reach before `members` may need analyzing inside the transaction. */
const ANALYZE_MEMBERS_FROM = 1000;

/**
 * Pages below which `members` counts as small for the planner: a key look-up there may be planned
 * as a sequential scan, and a pooled connection keeps such a plan for its foreign-key checks. At
 * this size and above, a key look-up is an index scan whatever the table grows to.
 */
export const SMALL_TABLE_PAGES = 100;

/** The member columns after `org_id`, in table order, with their types. */
const MEMBER_COLUMNS: readonly [string, string, (member: Member) => unknown][] = [
  ["id", "text", (m) => m.id],
  ["email", "text", (m) => m.email],
  ["first_name", "text", (m) => m.firstName],
  ["last_name", "text", (m) => m.lastName],
  ["employee_id", "text", (m) => m.employeeId],
  ["job_title", "text", (m) => m.jobTitle],
  ["level", "text", (m) => m.level],
  ["office", "jsonb", (m) => (m.office === null ? null : JSON.stringify(m.office))],
  ["department", "text", (m) => m.department],
  ["practice_area", "text", (m) => m.practiceArea],
  ["start_date", "date", (m) => m.startDate],
  ["effective_class_year", "integer", (m) => m.effectiveClassYear],
  ["sso_id", "text", (m) => m.ssoId],
  ["use_mfa", "boolean", (m) => m.useMfa],
  ["bio_link", "text", (m) => m.bioLink],
  ["work_arrangement", "text", (m) => m.workArrangement],
  ["flsa_status", "text", (m) => m.flsaStatus],
  ["manager_id", "text", (m) => m.managerId],
  ["password_hash", "text", (m) => m.credentials.passwordHash],
  ["mfa_secret", "text", (m) => m.credentials.mfaSecret],
];

/**
 * Writes whole members set-based: one statement for the rows (insert or replace by id; its rows
 * come by COPY into a temporary table, or as `unnest` arrays), one delete each for the products,
 * education and mentors of the members written, and one insert each for their new rows (COPY or
 * `unnest`), whatever the number of rows.
 */
export async function writeMembers(
  connection: BulkConnection,
  s: string,
  orgId: string,
  members: readonly Member[],
): Promise<void> {
  if (members.length === 0) return;
  const names = MEMBER_COLUMNS.map(([name]) => name);
  const source = await rowSource(
    connection,
    {
      names,
      types: MEMBER_COLUMNS.map(([, type]) => type),
      values: MEMBER_COLUMNS.map(([, , pick]) => members.map(pick)),
    },
    2,
  );
  const updates = names
    .filter((name) => name !== "id")
    .map((name) => `${name} = excluded.${name}`)
    .join(", ");
  await connection.query(
    `INSERT INTO ${s}.members (org_id, ${names.join(", ")})
     SELECT $1, ${names.map((name) => `t.${name}`).join(", ")} FROM ${source.from} ${source.order}
     ON CONFLICT (org_id, id) DO UPDATE SET ${updates}`,
    [orgId, ...source.params],
  );
  // The foreign-key checks of the rows written next (roles, mentors, managers at commit) run plans
  // a pooled connection cached when members was small: a sequential scan per row, quadratic in a
  // large first import. Fresh statistics invalidate them. ANALYZE counts this transaction's rows;
  // it only waits for another organization's ANALYZE of members, never for its writes. Once the
  // statistics say members is not small, every cached plan was made on a table at least that
  // large (each statistics update invalidates the plans made before it), so no ANALYZE is needed.
  if (members.length >= ANALYZE_MEMBERS_FROM && (await isSmall(connection, `${s}.members`)))
    await connection.query(`ANALYZE ${s}.members`);
  const ids = members.map((m) => m.id);
  for (const table of ["member_products", "member_education", "member_mentors"]) {
    await connection.query(
      `DELETE FROM ${s}.${table} WHERE org_id = $1 AND member_id = ANY($2::text[])`,
      [orgId, ids],
    );
  }
  const org = { names: ["org_id"], values: [orgId] };
  const products = members.flatMap((m) =>
    m.products.map((access, position) => ({ id: m.id, position, ...access })),
  );
  await insertRows(connection, `${s}.member_products`, org, {
    names: ["member_id", "position", "product", "role"],
    types: ["text", "integer", "text", "text"],
    values: [
      products.map((p) => p.id),
      products.map((p) => p.position),
      products.map((p) => p.product),
      products.map((p) => p.role),
    ],
  });
  const education = members.flatMap((m) =>
    m.education.map((entry, position) => ({ id: m.id, position, ...entry })),
  );
  await insertRows(connection, `${s}.member_education`, org, {
    names: ["member_id", "position", "law_school", "graduation_year"],
    types: ["text", "integer", "text", "integer"],
    values: [
      education.map((e) => e.id),
      education.map((e) => e.position),
      education.map((e) => e.lawSchool),
      education.map((e) => e.graduationYear),
    ],
  });
  const mentors = members.flatMap((m) =>
    m.mentorIds.map((mentor, position) => ({ id: m.id, position, mentor })),
  );
  await insertRows(connection, `${s}.member_mentors`, org, {
    names: ["member_id", "position", "mentor_id"],
    types: ["text", "integer", "text"],
    values: [
      mentors.map((t) => t.id),
      mentors.map((t) => t.position),
      mentors.map((t) => t.mentor),
    ],
  });
}

/** Whether the table's statistics (as of its last ANALYZE or VACUUM) say it is small. */
export async function isSmall(connection: Queryable, table: string): Promise<boolean> {
  const { rows } = await connection.query(
    "SELECT relpages FROM pg_class WHERE oid = $1::regclass",
    [table],
  );
  return Number(rows[0]?.relpages ?? 0) < SMALL_TABLE_PAGES;
}

/** The outbox rows of a plan, in one statement. */
export async function writeWelcomeEmails(
  connection: BulkConnection,
  s: string,
  orgId: string,
  emails: MemberPlan["welcomeEmails"],
): Promise<void> {
  const column = <T>(pick: (email: (typeof emails)[number]) => T) => emails.map(pick);
  await insertRows(
    connection,
    `${s}.welcome_emails`,
    { names: ["org_id"], values: [orgId] },
    {
      names: [
        "id",
        "member_id",
        "email",
        "first_name",
        "last_name",
        "product",
        "reason",
        "created_at",
      ],
      types: ["text", "text", "text", "text", "text", "text", "text", "text"],
      values: [
        column((e) => e.id),
        column((e) => e.memberId),
        column((e) => e.email),
        column((e) => e.firstName),
        column((e) => e.lastName),
        column((e) => e.product),
        column((e) => e.reason),
        column((e) => e.createdAt),
      ],
    },
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
