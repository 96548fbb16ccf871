import type { ClaimedWelcomeEmail, WelcomeEmailClaim } from "../store/port";
import type { Queryable } from "./client";
import { WELCOME_EMAIL_COLUMNS, welcomeEmailFromRow } from "./members-sql";

/** What a lease claim statement takes, for both outboxes: $1 now, $2 limit, $3 token, $4 worker, $5 lease end. */
export interface LeaseClaim {
  worker: string;
  limit: number;
  now: Date;
  expiresAt: Date;
  token: string;
}

/** A claim's statement parameters, in the order both claim statements number them. */
export function claimParameters(request: LeaseClaim): unknown[] {
  return [
    request.now.toISOString(),
    request.limit,
    request.token,
    request.worker,
    request.expiresAt.toISOString(),
  ];
}

/**
 * Leases up to `limit` free welcome emails, oldest first across organizations, in one statement.
 * `FOR UPDATE SKIP LOCKED` passes over rows another claim is taking right now, and a row leased
 * since this statement's snapshot is re-checked against the lease condition once locked, so two
 * claims never hold one email. The walk follows `welcome_emails_claim_order` and stops at the
 * batch: it passes only the rows leased now.
 */
export async function claimWelcomeEmailRows(
  connection: Queryable,
  s: string,
  request: LeaseClaim,
): Promise<ClaimedWelcomeEmail[]> {
  const { rows } = await connection.query(claimStatement(s), claimParameters(request));
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((row) => {
      const orgId = row.org_id as string;
      const email = welcomeEmailFromRow(row);
      return {
        orgId,
        email,
        claim: { orgId, emailId: email.id, token: request.token },
        leaseExpiresAt: new Date(request.expiresAt.getTime()),
      };
    });
}

/**
 * The claim: $1 now, $2 limit, $3 token, $4 worker, $5 lease end. Exported for the test that
 * reads its plan.
 */
export function claimStatement(s: string): string {
  const columns = WELCOME_EMAIL_COLUMNS.split(", ")
    .map((column) => `w.${column}`)
    .join(", ");
  // The update finds the locked rows by their tuple ids (a TID scan): joined on the key, the
  // planner hashes the whole outbox for a batch of 100 until the table is large.
  return `UPDATE ${s}.welcome_emails w
     SET lease_token = $3, leased_by = $4, lease_expires_at = $5::timestamptz
     WHERE w.ctid = ANY(ARRAY(
       SELECT ctid FROM ${s}.welcome_emails
       WHERE lease_expires_at IS NULL OR lease_expires_at <= $1::timestamptz
       ORDER BY seq
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ))
     RETURNING w.org_id, w.seq, ${columns}`;
}

/**
 * Deletes the emails still leased under these claims' tokens (by primary key), in one statement;
 * answers how many. An email claimed again since carries another token and stays.
 */
export async function deleteClaimedWelcomeEmails(
  connection: Queryable,
  s: string,
  claims: readonly WelcomeEmailClaim[],
): Promise<number> {
  if (claims.length === 0) return 0;
  const { rows } = await connection.query(
    `WITH gone AS (
       DELETE FROM ${s}.welcome_emails w
       USING unnest($1::text[], $2::text[], $3::text[]) AS c(org_id, id, token)
       WHERE w.org_id = c.org_id AND w.id = c.id AND w.lease_token = c.token
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [claims.map((c) => c.orgId), claims.map((c) => c.emailId), claims.map((c) => c.token)],
  );
  return Number(rows[0]?.deleted ?? 0);
}
