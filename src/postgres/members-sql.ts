import type { Member } from "../domain/member";
import type { MemberWrites } from "../domain/member-writes";
import type { Product } from "../domain/products";
import type { WelcomeEmail } from "../domain/welcome-email";
import {
  type BulkColumns,
  type BulkConnection,
  type ColumnPick,
  copyValue,
  insertRows,
  type Pipeline,
  pickedColumns,
  rowSource,
  runInTurn,
} from "./bulk";
import type { Queryable } from "./client";

/** The columns of `members m` that {@link memberFromRow} reads, one select-list item each. */
export const MEMBER_READ_ITEMS: readonly string[] = [
  "m.id",
  "m.email",
  "m.first_name",
  "m.last_name",
  "m.employee_id",
  "m.job_title",
  "m.level",
  "m.office",
  "m.department",
  "m.practice_area",
  "m.start_date::text AS start_date",
  "m.effective_class_year",
  "m.sso_id",
  "m.use_mfa",
  "m.bio_link",
  "m.work_arrangement",
  "m.flsa_status",
  "m.manager_id",
  "m.password_hash",
  "m.mfa_secret",
  "m.products",
  "m.education",
  "m.mentor_ids",
  "m.session_epoch",
];

/** {@link MEMBER_READ_ITEMS} as a select list. */
export const MEMBER_READ_COLUMNS = MEMBER_READ_ITEMS.join(", ");

/** The columns that rebuild whole members: the row holds their products, education and mentors. */
export function memberSelect(s: string): string {
  return `SELECT ${MEMBER_READ_COLUMNS} FROM ${s}.members m`;
}

/**
 * Whether member `m` holds the product: the predicates of the partial indexes `members_recruit`,
 * `members_perform` and `members_uni` (migration 7), written out so the planner can use them.
 */
export const HOLDS_PRODUCT: Readonly<Record<Product, string>> = {
  RECRUIT: `m.products @> '[{"product": "RECRUIT"}]'`,
  PERFORM: `m.products @> '[{"product": "PERFORM"}]'`,
  UNI: `m.products @> '[{"product": "UNI"}]'`,
};

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
    mentorIds: jsonValue(row.mentor_ids) as string[],
    // jsonb keeps an object's keys in its own order: rebuilt here in the memory store's.
    education: (jsonValue(row.education) as Member["education"]).map((entry) => ({
      lawSchool: entry.lawSchool,
      graduationYear: entry.graduationYear,
    })),
    products: (jsonValue(row.products) as Member["products"]).map((access) => ({
      product: access.product,
      role: access.role,
    })),
    credentials: {
      passwordHash: (row.password_hash as string | null) ?? null,
      mfaSecret: (row.mfa_secret as string | null) ?? null,
      sessionEpoch: Number(row.session_epoch ?? 0),
    },
  };
}

/** JSON columns arrive parsed from `pg` and PGlite alike; text is parsed for other drivers. */
export function jsonValue(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/** The member columns after `org_id`, in table order, with their types. */
const MEMBER_COLUMNS: readonly ColumnPick<Member>[] = [
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
  ["products", "jsonb", (m) => JSON.stringify(m.products)],
  ["education", "jsonb", (m) => JSON.stringify(m.education)],
  ["mentor_ids", "jsonb", (m) => JSON.stringify(m.mentorIds)],
  ["session_epoch", "integer", (m) => m.credentials.sessionEpoch],
];

/**
 * Writes whole members set-based, their products, education and mentors in their rows, and the
 * welcome emails. `creates` are new ids: their rows go straight in (`COPY`, or one
 * `INSERT … SELECT FROM unnest`). `updates` replace stored members, in one `UPDATE` that rewrites
 * only the rows where a value differs, so a re-import of an unchanged directory rewrites nothing.
 * The welcome emails go first (they name no row of `members`), so on a pipeline the updates' rows
 * are made while the server stores them; updates go before creates: a member created with an
 * address an updated member gave up finds it free. Resolves to a reader of the rows actually
 * written (created, and updated where a value differed), settled once the pipeline has drained.
 */
export async function writeMembers(
  connection: BulkConnection,
  s: string,
  orgId: string,
  { creates, updates, welcomeEmails }: Pick<MemberWrites, "creates" | "updates" | "welcomeEmails">,
  pipeline?: Pipeline,
): Promise<() => Promise<number>> {
  const analyze =
    creates.length + updates.length >= ANALYZE_MEMBERS_FROM &&
    (await isSmall(connection, `${s}.members`));
  await writeWelcomeEmails(connection, s, orgId, welcomeEmails, pipeline);
  let changed: Promise<number> = Promise.resolve(0);
  if (updates.length > 0)
    ({ changed } = await updateMembers(connection, s, orgId, updates, pipeline));
  if (creates.length > 0) {
    await insertRows(
      connection,
      `${s}.members`,
      { names: ["org_id"], values: [orgId] },
      memberColumns(creates),
      pipeline,
    );
  }
  // A table that had no statistics worth the name when this write began gets them before the
  // transaction ends: until then the planner guesses from its own rows, and a request right after
  // the commit (before the post-commit ANALYZE) would scan the organization (docs/performance.md).
  // ANALYZE counts this transaction's rows and only waits for another ANALYZE of members, never
  // for writes. Statistics that say members is not small stay usable as it grows: each update
  // invalidates the plans made before it.
  if (analyze) await runInTurn(() => connection.query(`ANALYZE ${s}.members`), pipeline);
  return async () => creates.length + (await changed);
}

/** Members one write must reach before `members` may need analyzing inside the transaction. */
const ANALYZE_MEMBERS_FROM = 1000;

/** Pages below which `members` counts as small: its statistics, if any, describe a tiny table. */
export const SMALL_TABLE_PAGES = 100;

/** Whether the table's statistics (as of its last ANALYZE or VACUUM) say it is small. */
export async function isSmall(connection: Queryable, table: string): Promise<boolean> {
  const { rows } = await connection.query(
    "SELECT relpages FROM pg_class WHERE oid = $1::regclass",
    [table],
  );
  return Number(rows[0]?.relpages ?? 0) < SMALL_TABLE_PAGES;
}

/** The members as bulk columns, each row's COPY text written by {@link memberLine}. */
export function memberColumns(members: readonly Member[]): BulkColumns {
  return pickedColumns(members, MEMBER_COLUMNS, memberLine);
}

const copyJson = (value: unknown) => copyValue(JSON.stringify(value));

const cells: string[] = new Array(24);

/** A member's cells in COPY text, in MEMBER_COLUMNS' order: what `copyValue` makes of each pick. */
function memberLine(m: Member): string {
  cells[0] = copyValue(m.id);
  cells[1] = copyValue(m.email);
  cells[2] = copyValue(m.firstName);
  cells[3] = copyValue(m.lastName);
  cells[4] = copyValue(m.employeeId);
  cells[5] = copyValue(m.jobTitle);
  cells[6] = copyValue(m.level);
  cells[7] = m.office === null ? "\\N" : copyJson(m.office);
  cells[8] = copyValue(m.department);
  cells[9] = copyValue(m.practiceArea);
  cells[10] = copyValue(m.startDate);
  cells[11] = copyValue(m.effectiveClassYear);
  cells[12] = copyValue(m.ssoId);
  cells[13] = m.useMfa ? "t" : "f";
  cells[14] = copyValue(m.bioLink);
  cells[15] = copyValue(m.workArrangement);
  cells[16] = copyValue(m.flsaStatus);
  cells[17] = copyValue(m.managerId);
  cells[18] = copyValue(m.credentials.passwordHash);
  cells[19] = copyValue(m.credentials.mfaSecret);
  cells[20] = copyJson(m.products);
  cells[21] = copyJson(m.education);
  cells[22] = copyJson(m.mentorIds);
  cells[23] = copyValue(m.credentials.sessionEpoch);
  return cells.join("\t");
}

async function updateMembers(
  connection: BulkConnection,
  s: string,
  orgId: string,
  members: readonly Member[],
  pipeline: Pipeline | undefined,
): Promise<{ changed: Promise<number> }> {
  const source = await rowSource(connection, memberColumns(members), 2, pipeline);
  const written = MEMBER_COLUMNS.map(([name]) => name).filter((name) => name !== "id");
  let changed: Promise<number> = Promise.resolve(0);
  const update = () => {
    const statement = connection.query(
      `WITH changed AS (
         UPDATE ${s}.members m SET ${written.map((name) => `${name} = t.${name}`).join(", ")}
         FROM ${source.from}
         WHERE m.org_id = $1 AND m.id = t.id
           AND (${written.map((name) => `m.${name}`).join(", ")}) IS DISTINCT FROM (${written.map((name) => `t.${name}`).join(", ")})
         RETURNING 1)
       SELECT count(*)::integer AS n FROM changed`,
      [orgId, ...source.params],
    );
    changed = statement.then(({ rows }) => Number(rows[0]?.n ?? 0));
    // A failure is reported by the pipeline; this copy of it must not go unhandled meanwhile.
    changed.catch(() => undefined);
    return statement;
  };
  await runInTurn(update, pipeline);
  return { changed };
}

/** The outbox rows of a plan, in one statement. */
async function writeWelcomeEmails(
  connection: BulkConnection,
  s: string,
  orgId: string,
  emails: MemberWrites["welcomeEmails"],
  pipeline?: Pipeline,
): Promise<void> {
  await insertRows(
    connection,
    `${s}.welcome_emails`,
    { names: ["org_id"], values: [orgId] },
    pickedColumns(emails, WELCOME_EMAIL_PICKS),
    pipeline,
  );
}

type WelcomeEmailRow = MemberWrites["welcomeEmails"][number];

const WELCOME_EMAIL_PICKS: readonly ColumnPick<WelcomeEmailRow>[] = [
  ["id", "text", (e) => e.id],
  ["member_id", "text", (e) => e.memberId],
  ["email", "text", (e) => e.email],
  ["first_name", "text", (e) => e.firstName],
  ["last_name", "text", (e) => e.lastName],
  ["product", "text", (e) => e.product],
  ["reason", "text", (e) => e.reason],
  ["created_at", "text", (e) => e.createdAt],
  ["token", "text", (e) => e.token],
  ["token_expires_at", "text", (e) => e.tokenExpiresAt],
];

/** The outbox columns, in the order `welcomeEmailFromRow` reads them. */
export const WELCOME_EMAIL_COLUMNS =
  "id, member_id, email, first_name, last_name, product, reason, created_at, token, token_expires_at";

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
    token: (row.token as string | null) ?? null,
    tokenExpiresAt: (row.token_expires_at as string | null) ?? null,
  };
}
