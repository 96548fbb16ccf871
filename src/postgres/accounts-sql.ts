import type {
  AccountToken,
  AccountTokenPurpose,
  CredentialsChange,
  MfaEnrollment,
} from "../domain/account";
import { DEFAULT_SLICE_MS, yieldingPace } from "../runtime/pace";
import { type BulkConnection, type ColumnPick, insertRows, pickedColumns } from "./bulk";
import type { Queryable } from "./client";
import { textArrayParam } from "./text-array";

/** The columns of `account_tokens` that {@link accountTokenFromRow} reads. */
const ACCOUNT_TOKEN_COLUMNS = "member_id, purpose, token_hash, email, created_at, expires_at";

function accountTokenFromRow(row: Record<string, unknown>): AccountToken {
  return {
    memberId: row.member_id as string,
    purpose: row.purpose as AccountTokenPurpose,
    tokenHash: row.token_hash as string,
    email: row.email as string,
    createdAt: row.created_at as string,
    expiresAt: row.expires_at as string,
  };
}

/** The columns of `mfa_enrollments` that {@link mfaEnrollmentFromRow} reads. */
const MFA_ENROLLMENT_COLUMNS = "member_id, secret, created_at, expires_at";

function mfaEnrollmentFromRow(row: Record<string, unknown>): MfaEnrollment {
  return {
    memberId: row.member_id as string,
    secret: row.secret as string,
    createdAt: row.created_at as string,
    expiresAt: row.expires_at as string,
  };
}

/**
 * The last of `items` for each key, in the order of their last occurrences: one statement's
 * `ON CONFLICT DO UPDATE` may not touch a row twice, and a later item replaces an earlier one.
 * An import's tens of thousands of tokens are gone through in slices, with turns of the host's
 * loop between.
 */
async function lastByKey<T>(items: readonly T[], key: (item: T) => string): Promise<T[]> {
  const pace = items.length >= SLICED_FROM ? yieldingPace(DEFAULT_SLICE_MS) : undefined;
  const last = new Map<string, T>();
  for (let start = 0; start < items.length; start += PER_CHECK) {
    const end = Math.min(items.length, start + PER_CHECK);
    for (let index = start; index < end; index++) {
      const item = items[index] as T;
      const k = key(item);
      last.delete(k);
      last.set(k, item);
    }
    if (pace !== undefined) await pace();
  }
  return [...last.values()];
}

/** Tokens from which {@link lastByKey} goes in slices, and how many between two clock checks. */
const SLICED_FROM = 4096;
const PER_CHECK = 512;

/**
 * Stores the tokens, each replacing its member's token of the same purpose (a later one of the
 * same member and purpose wins): the replaced rows are deleted, then the new ones inserted in one
 * statement, by COPY when there are many (an import invites every member it creates).
 */
export async function writeAccountTokens(
  connection: BulkConnection,
  s: string,
  orgId: string,
  tokens: readonly AccountToken[],
): Promise<void> {
  if (tokens.length === 0) return;
  const rows = await lastByKey(tokens, (token) => `${token.memberId}\u0000${token.purpose}`);
  const memberIds = await textArrayParam(rows.map((t) => t.memberId));
  const purposes = await textArrayParam(rows.map((t) => t.purpose));
  await connection.query(
    `DELETE FROM ${s}.account_tokens WHERE org_id = $1
       AND (member_id, purpose) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [orgId, memberIds, purposes],
  );
  await insertRows(
    connection,
    `${s}.account_tokens`,
    { names: ["org_id"], values: [orgId] },
    pickedColumns(rows, ACCOUNT_TOKEN_PICKS),
  );
}

const ACCOUNT_TOKEN_PICKS: readonly ColumnPick<AccountToken>[] = [
  ["member_id", "text", (t) => t.memberId],
  ["purpose", "text", (t) => t.purpose],
  ["token_hash", "text", (t) => t.tokenHash],
  ["email", "text", (t) => t.email],
  ["created_at", "text", (t) => t.createdAt],
  ["expires_at", "text", (t) => t.expiresAt],
];

/** The organization's token of `purpose` whose hash is `tokenHash`, or `null`. */
export async function readAccountToken(
  connection: Queryable,
  s: string,
  orgId: string,
  purpose: AccountTokenPurpose,
  tokenHash: string,
): Promise<AccountToken | null> {
  const { rows } = await connection.query(
    `SELECT ${ACCOUNT_TOKEN_COLUMNS} FROM ${s}.account_tokens WHERE org_id = $1 AND purpose = $2 AND token_hash = $3`,
    [orgId, purpose, tokenHash],
  );
  return rows[0] === undefined ? null : accountTokenFromRow(rows[0]);
}

/** Every token of the organization, for its snapshot: by member id, then purpose. */
export async function readAccountTokens(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<AccountToken[]> {
  const { rows } = await connection.query(
    `SELECT ${ACCOUNT_TOKEN_COLUMNS} FROM ${s}.account_tokens WHERE org_id = $1
     ORDER BY member_id COLLATE "C", purpose COLLATE "C"`,
    [orgId],
  );
  return rows.map(accountTokenFromRow);
}

/** Stores the enrollments in one statement, each replacing its member's (a later one wins). */
export async function writeMfaEnrollments(
  connection: Queryable,
  s: string,
  orgId: string,
  enrollments: readonly MfaEnrollment[],
): Promise<void> {
  if (enrollments.length === 0) return;
  const rows = await lastByKey(enrollments, (enrollment) => enrollment.memberId);
  await connection.query(
    `INSERT INTO ${s}.mfa_enrollments (org_id, member_id, secret, created_at, expires_at)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (org_id, member_id) DO UPDATE SET secret = EXCLUDED.secret,
       created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [
      orgId,
      rows.map((e) => e.memberId),
      rows.map((e) => e.secret),
      rows.map((e) => e.createdAt),
      rows.map((e) => e.expiresAt),
    ],
  );
}

/** The member's pending MFA enrollment, or `null`. */
export async function readMfaEnrollment(
  connection: Queryable,
  s: string,
  orgId: string,
  memberId: string,
): Promise<MfaEnrollment | null> {
  const { rows } = await connection.query(
    `SELECT ${MFA_ENROLLMENT_COLUMNS} FROM ${s}.mfa_enrollments WHERE org_id = $1 AND member_id = $2`,
    [orgId, memberId],
  );
  return rows[0] === undefined ? null : mfaEnrollmentFromRow(rows[0]);
}

/** Every pending MFA enrollment of the organization, for its snapshot: by member id. */
export async function readMfaEnrollments(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<MfaEnrollment[]> {
  const { rows } = await connection.query(
    `SELECT ${MFA_ENROLLMENT_COLUMNS} FROM ${s}.mfa_enrollments WHERE org_id = $1 ORDER BY member_id COLLATE "C"`,
    [orgId],
  );
  return rows.map(mfaEnrollmentFromRow);
}

/** The members columns a {@link CredentialsChange} field writes, with the column's type. */
const CREDENTIAL_COLUMNS = [
  ["passwordHash", "password_hash", "text"],
  ["mfaSecret", "mfa_secret", "text"],
  ["useMfa", "use_mfa", "boolean"],
] as const;

/**
 * Writes only the fields `change` gives (the session-epoch trigger of migrations 8 and 12 raises
 * the member's epoch when one of them changes); whether the member exists.
 */
export async function updateCredentials(
  connection: Queryable,
  s: string,
  orgId: string,
  memberId: string,
  change: CredentialsChange,
): Promise<boolean> {
  const params: unknown[] = [orgId, memberId];
  const sets: string[] = [];
  for (const [field, column, type] of CREDENTIAL_COLUMNS) {
    if (change[field] === undefined) continue;
    params.push(change[field]);
    sets.push(`${column} = $${params.length}::${type}`);
  }
  const { rows } = await connection.query(
    sets.length === 0
      ? `SELECT 1 FROM ${s}.members WHERE org_id = $1 AND id = $2`
      : `UPDATE ${s}.members SET ${sets.join(", ")} WHERE org_id = $1 AND id = $2 RETURNING 1`,
    params,
  );
  return rows.length === 1;
}
