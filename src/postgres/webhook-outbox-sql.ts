import type { WebhookEventType } from "../domain/webhooks";
import { compareIds } from "../runtime/compare-ids";
import type { ClaimedWebhookEvent, WebhookSettlement } from "../store/port";
import type { Queryable } from "./client";
import { claimParameters, type LeaseClaim } from "./outbox-sql";
import { ENDPOINT_COLUMNS, endpointFromRow, instantOf } from "./webhook-sql";

/**
 * Leases up to `limit` due events, in one statement, across organizations. The walk follows
 * `webhook_events_due` (due first) and passes over events leased now, events of disabled
 * endpoints, and events behind an earlier position of their endpoint and application (found by
 * `webhook_events_line`): an application's events reach an endpoint in order. `FOR UPDATE SKIP
 * LOCKED` passes over rows another claim is taking, and a row leased since this statement's
 * snapshot is checked again once locked, so two claims never hold one event.
 */
export async function claimWebhookEventRows(
  connection: Queryable,
  s: string,
  request: LeaseClaim,
): Promise<ClaimedWebhookEvent[]> {
  const { rows } = await connection.query(webhookClaimStatement(s), claimParameters(request));
  return rows
    .map((row) => claimedFromRow(row, request.token, request.expiresAt))
    .sort(
      (a, b) =>
        a.event.position - b.event.position ||
        compareIds(a.orgId, b.orgId) ||
        compareIds(a.event.endpointId, b.event.endpointId),
    );
}

function claimedFromRow(
  row: Record<string, unknown>,
  token: string,
  expiresAt: Date,
): ClaimedWebhookEvent {
  const orgId = row.org_id as string;
  const eventId = row.id as string;
  return {
    orgId,
    endpoint: endpointFromRow(row),
    event: {
      id: eventId,
      endpointId: row.endpoint_id as string,
      type: row.type as WebhookEventType,
      applicationId: row.application_id as string,
      position: Number(row.position),
      occurredAt: instantOf(row.occurred_at),
    },
    attempts: Number(row.attempts),
    claim: { orgId, eventId, token },
    leaseExpiresAt: new Date(expiresAt.getTime()),
  };
}

/**
 * The claim: $1 now, $2 limit, $3 token, $4 worker, $5 lease end. An event waits while any other
 * of its line is leased (a replay's older copy must not overtake the one being sent) and behind
 * an equal position's smaller id (a replay's duplicate). Exported for the test that
 * reads its plan. The update finds the locked rows by their tuple ids, as the welcome-email claim
 * does, and reads each one's endpoint as it is now. The endpoint's `enabled` is a look-up per
 * event walked, not a join: an organization has a few endpoints, too few rows for autovacuum ever
 * to analyze them, and on the default estimate the join made the planner sort every due event
 * instead of walking the due index to its batch.
 */
export function webhookClaimStatement(s: string): string {
  return `UPDATE ${s}.webhook_events e
     SET lease_token = $3, lease_worker = $4, lease_expires_at = $5::timestamptz
     FROM ${s}.webhook_endpoints p
     WHERE e.ctid = ANY(ARRAY(
       SELECT c.ctid FROM ${s}.webhook_events c
       WHERE c.next_attempt_at <= $1::timestamptz
         AND (c.lease_expires_at IS NULL OR c.lease_expires_at <= $1::timestamptz)
         AND (SELECT q.enabled FROM ${s}.webhook_endpoints q
              WHERE q.org_id = c.org_id AND q.id = c.endpoint_id)
         AND NOT EXISTS (SELECT 1 FROM ${s}.webhook_events o
                         WHERE o.org_id = c.org_id AND o.endpoint_id = c.endpoint_id
                           AND o.application_id = c.application_id
                           AND (o.position < c.position
                                OR (o.position = c.position AND o.id < c.id)
                                OR (o.id <> c.id AND o.lease_expires_at > $1::timestamptz)))
       ORDER BY c.next_attempt_at, c.position
       LIMIT $2
       FOR UPDATE OF c SKIP LOCKED
     ))
       AND p.org_id = e.org_id AND p.id = e.endpoint_id
     RETURNING e.org_id, e.id, e.type, e.application_id, e.position, e.occurred_at, e.attempts,
       ${ENDPOINT_COLUMNS}`;
}

/**
 * The settlements to apply, each event's first one only (a second finds the event settled, as it
 * would one after another), as the parameters of {@link settleStatement}.
 */
function settlementParams(settlements: readonly WebhookSettlement[]): unknown[] {
  const seen = new Set<string>();
  const first = settlements.filter(({ claim }) => {
    const key = `${claim.orgId}\u0000${claim.eventId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [
    first.map(({ claim }) => claim.orgId),
    first.map(({ claim }) => claim.eventId),
    first.map(({ claim }) => claim.token),
    first.map((settlement) => settlement.outcome),
    first.map((settlement) =>
      settlement.outcome === "retry" ? settlement.retryAt.toISOString() : null,
    ),
    first.map((settlement) => (settlement.outcome === "disable" ? settlement.reason : null)),
  ];
}

/**
 * Applies the settlements whose claim still holds its event, in one statement; answers how many.
 * As if applied one after another: a `disable` deletes its endpoint's events, so a later
 * settlement of one of them finds nothing, and an earlier one's retry is moot.
 */
export async function settleWebhookEventRows(
  connection: Queryable,
  s: string,
  settlements: readonly WebhookSettlement[],
): Promise<number> {
  if (settlements.length === 0) return 0;
  const { rows } = await connection.query(settleStatement(s), settlementParams(settlements));
  return Number(rows[0]?.applied ?? 0);
}

/** $1..$6: each settlement's organization, event, token, outcome, retry time and reason. */
function settleStatement(s: string): string {
  return `WITH given AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[])
         WITH ORDINALITY AS g(org_id, id, token, outcome, retry_at, reason, n)
     ),
     held AS (
       SELECT g.*, e.endpoint_id FROM given g
       JOIN ${s}.webhook_events e ON e.org_id = g.org_id AND e.id = g.id AND e.lease_token = g.token
     ),
     disabling AS (
       SELECT DISTINCT ON (org_id, endpoint_id) org_id, endpoint_id, reason, n FROM held
       WHERE outcome = 'disable' ORDER BY org_id, endpoint_id, n
     ),
     applied AS MATERIALIZED (
       SELECT h.* FROM held h WHERE NOT EXISTS (
         SELECT 1 FROM disabling d
         WHERE d.org_id = h.org_id AND d.endpoint_id = h.endpoint_id AND d.n < h.n)
     ),
     delivered AS (
       DELETE FROM ${s}.webhook_events e USING applied a
       WHERE a.outcome = 'delivered' AND e.org_id = a.org_id AND e.id = a.id
     ),
     retried AS (
       UPDATE ${s}.webhook_events e
       SET attempts = e.attempts + 1, next_attempt_at = a.retry_at,
         lease_token = NULL, lease_worker = NULL, lease_expires_at = NULL
       FROM applied a
       WHERE a.outcome = 'retry' AND e.org_id = a.org_id AND e.id = a.id
         AND NOT EXISTS (SELECT 1 FROM disabling d
                         WHERE d.org_id = a.org_id AND d.endpoint_id = a.endpoint_id)
     ),
     disabled AS (
       UPDATE ${s}.webhook_endpoints p SET enabled = false, disabled_reason = d.reason
       FROM disabling d WHERE p.org_id = d.org_id AND p.id = d.endpoint_id
     ),
     dropped AS (
       DELETE FROM ${s}.webhook_events e USING disabling d
       WHERE e.org_id = d.org_id AND e.endpoint_id = d.endpoint_id
     )
     SELECT count(*)::int AS applied FROM applied`;
}
