import type { MemberPlan } from "../members/plan";
import type { WelcomeEmail } from "../members/welcome-email";
import type { Member } from "../store/snapshot";
import { type BulkColumns, type BulkConnection, insertRows, rowCount, rowSource } from "./bulk";
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

/** A child table of members: its rows for the members written, and its key after the member. */
interface ChildRows {
  table: string;
  /** The columns after `org_id` whose values identify a row (with `member_id`). */
  key: readonly string[];
  columns: BulkColumns;
}

/**
 * Writes whole members set-based: one statement for the rows (insert, or replace by id where
 * anything differs; its rows come by COPY into a temporary table, or as `unnest` arrays), then
 * their products, education and mentors. `created` are new ids, whose rows go straight in;
 * `updated` replace stored members, whose stored child rows are kept where identical and
 * replaced where not, so a re-import of an unchanged directory rewrites nothing.
 */
export async function writeMembers(
  connection: BulkConnection,
  s: string,
  orgId: string,
  created: readonly Member[],
  updated: readonly Member[] = [],
): Promise<void> {
  const members = updated.length === 0 ? created : [...updated, ...created];
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
  const written = names.filter((name) => name !== "id");
  await connection.query(
    `INSERT INTO ${s}.members (org_id, ${names.join(", ")})
     SELECT $1, ${names.map((name) => `t.${name}`).join(", ")} FROM ${source.from} ${source.order}
     ON CONFLICT (org_id, id) DO UPDATE SET ${written.map((name) => `${name} = excluded.${name}`).join(", ")}
     WHERE (${written.map((name) => `${s}.members.${name}`).join(", ")}) IS DISTINCT FROM (${written.map((name) => `excluded.${name}`).join(", ")})`,
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
  const createdChildren = childRows(created);
  const updatedChildren = childRows(updated);
  const org = { names: ["org_id"], values: [orgId] };
  const updatedIds = updated.map((member) => member.id);
  for (const [index, child] of updatedChildren.entries()) {
    if (updated.length > 0) await replaceChildRows(connection, s, orgId, updatedIds, child);
    await insertRows(
      connection,
      `${s}.${child.table}`,
      org,
      (createdChildren[index] as ChildRows).columns,
    );
  }
}

/** The products, education and mentors of `members`, one {@link ChildRows} per table. */
function childRows(members: readonly Member[]): ChildRows[] {
  const products = members.flatMap((m) =>
    m.products.map((access, position) => ({ id: m.id, position, ...access })),
  );
  const education = members.flatMap((m) =>
    m.education.map((entry, position) => ({ id: m.id, position, ...entry })),
  );
  const mentors = members.flatMap((m) =>
    m.mentorIds.map((mentor, position) => ({ id: m.id, position, mentor })),
  );
  return [
    {
      table: "member_products",
      key: ["product"],
      columns: {
        names: ["member_id", "position", "product", "role"],
        types: ["text", "integer", "text", "text"],
        values: [
          products.map((p) => p.id),
          products.map((p) => p.position),
          products.map((p) => p.product),
          products.map((p) => p.role),
        ],
      },
    },
    {
      table: "member_education",
      key: ["position"],
      columns: {
        names: ["member_id", "position", "law_school", "graduation_year"],
        types: ["text", "integer", "text", "integer"],
        values: [
          education.map((e) => e.id),
          education.map((e) => e.position),
          education.map((e) => e.lawSchool),
          education.map((e) => e.graduationYear),
        ],
      },
    },
    {
      table: "member_mentors",
      key: ["mentor_id"],
      columns: {
        names: ["member_id", "position", "mentor_id"],
        types: ["text", "integer", "text"],
        values: [
          mentors.map((t) => t.id),
          mentors.map((t) => t.position),
          mentors.map((t) => t.mentor),
        ],
      },
    },
  ];
}

/**
 * Makes the stored child rows of `memberIds` exactly `child`'s: deletes every stored row with no
 * identical new row, then inserts the new rows not already there. Unchanged rows are neither
 * deleted nor re-inserted (no foreign-key check, no index churn).
 */
async function replaceChildRows(
  connection: BulkConnection,
  s: string,
  orgId: string,
  memberIds: readonly string[],
  child: ChildRows,
): Promise<void> {
  const table = `${s}.${child.table}`;
  const names = child.columns.names;
  // Equality on the key (never null) lets the planner hash the anti-join; the other columns may
  // be null.
  const keyed = ["member_id", ...child.key];
  const same = names
    .map((name) =>
      keyed.includes(name) ? `t.${name} = c.${name}` : `t.${name} IS NOT DISTINCT FROM c.${name}`,
    )
    .join(" AND ");
  if (rowCount(child.columns) === 0) {
    await connection.query(
      `DELETE FROM ${table} WHERE org_id = $1 AND member_id = ANY($2::text[])`,
      [orgId, [...memberIds]],
    );
    return;
  }
  // Both statements number their parameters alike: $1 the organization, $2 the members.
  const source = await rowSource(connection, child.columns, 3);
  await connection.query(
    `DELETE FROM ${table} c WHERE c.org_id = $1 AND c.member_id = ANY($2::text[])
       AND NOT EXISTS (SELECT 1 FROM ${source.from} WHERE ${same})`,
    [orgId, [...memberIds], ...source.params],
  );
  await connection.query(
    `INSERT INTO ${table} (org_id, ${names.join(", ")})
     SELECT $1, ${names.map((name) => `t.${name}`).join(", ")} FROM ${source.from}
     WHERE t.member_id = ANY($2::text[])
     ON CONFLICT (org_id, member_id, ${child.key.join(", ")}) DO NOTHING`,
    [orgId, [...memberIds], ...source.params],
  );
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
