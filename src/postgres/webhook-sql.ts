import type { WebhookEndpoint } from "../domain/webhooks";
import type { Queryable } from "./client";
import { jsonValue } from "./members-sql";

/** The columns an endpoint is read from by {@link endpointFromRow}, from `webhook_endpoints p`. */
export const ENDPOINT_COLUMNS =
  "p.id AS endpoint_id, p.url, p.secrets, p.enabled, p.disabled_reason, p.created_at";

/** A timestamptz as the drivers hand it (a `Date`, or text), as a new `Date`. */
export function instantOf(value: unknown): Date {
  return value instanceof Date ? new Date(value.getTime()) : new Date(String(value));
}

/** The endpoint in a row selected with {@link ENDPOINT_COLUMNS}. */
export function endpointFromRow(row: Record<string, unknown>): WebhookEndpoint {
  const secrets = jsonValue(row.secrets) as { secret: string; expiresAt: string | null }[];
  return {
    id: row.endpoint_id as string,
    url: row.url as string,
    secrets: secrets.map((entry) => ({
      secret: entry.secret,
      expiresAt: entry.expiresAt === null ? null : new Date(entry.expiresAt),
    })),
    enabled: row.enabled as boolean,
    disabledReason: (row.disabled_reason as string | null) ?? null,
    createdAt: instantOf(row.created_at),
  };
}

/**
 * An `INSERT … SELECT` of one event per row of `source`, which names an entry's columns as
 * `c.org_id, c.application_id, c.position, c.changed_at, c.deleted` and the endpoint's id as
 * `p.id`. Each event is due when its change was committed, at once; its id is new (`msg_` and a
 * random uuid's hex), the same on every attempt.
 */
export function insertEvents(s: string, source: string): string {
  return `INSERT INTO ${s}.webhook_events
       (org_id, id, endpoint_id, type, application_id, position, occurred_at, next_attempt_at)
     SELECT c.org_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), p.id,
       CASE WHEN c.deleted THEN 'job_application.deleted' ELSE 'job_application.changed' END,
       c.application_id, c.position, c.changed_at, c.changed_at
     ${source}`;
}

/** The organization's endpoints, oldest first (ties by id, in UTF-16 order). */
export async function readEndpoints(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<WebhookEndpoint[]> {
  const { rows } = await connection.query(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${s}.webhook_endpoints p WHERE p.org_id = $1
     ORDER BY p.created_at, ${s}.member_id_order(p.id) COLLATE "C"`,
    [orgId],
  );
  return rows.map(endpointFromRow);
}

/**
 * Creates or replaces the endpoint with its id, whole. A disabled endpoint's waiting events are
 * deleted with it (as a `disable` settlement deletes them): it gets none until it is replayed.
 */
export async function upsertEndpoint(
  connection: Queryable,
  s: string,
  orgId: string,
  endpoint: WebhookEndpoint,
): Promise<void> {
  const secrets = endpoint.secrets.map((entry) => ({
    secret: entry.secret,
    expiresAt: entry.expiresAt === null ? null : entry.expiresAt.toISOString(),
  }));
  await connection.query(
    `WITH saved AS (
       INSERT INTO ${s}.webhook_endpoints (org_id, id, url, secrets, enabled, disabled_reason, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::timestamptz)
       ON CONFLICT (org_id, id) DO UPDATE SET url = excluded.url, secrets = excluded.secrets,
         enabled = excluded.enabled, disabled_reason = excluded.disabled_reason,
         created_at = excluded.created_at
     )
     DELETE FROM ${s}.webhook_events WHERE org_id = $1 AND endpoint_id = $2 AND NOT $5::boolean`,
    [
      orgId,
      endpoint.id,
      endpoint.url,
      JSON.stringify(secrets),
      endpoint.enabled,
      endpoint.disabledReason,
      endpoint.createdAt.toISOString(),
    ],
  );
}

/** Deletes the endpoint (its events go with it, by migration 18's trigger): `true` when it was. */
export async function deleteEndpoint(
  connection: Queryable,
  s: string,
  orgId: string,
  id: string,
): Promise<boolean> {
  const { rows } = await connection.query(
    `DELETE FROM ${s}.webhook_endpoints WHERE org_id = $1 AND id = $2 RETURNING id`,
    [orgId, id],
  );
  return rows.length > 0;
}

/** How many entries follow position `after` in the log; `0` when there is no such endpoint. */
export async function countEntriesAfter(
  connection: Queryable,
  s: string,
  orgId: string,
  endpointId: string,
  after: number,
): Promise<number> {
  const { rows } = await connection.query(
    `SELECT count(*)::int AS entries FROM ${s}.application_changes c
     WHERE c.org_id = $1 AND c.position > $3
       AND EXISTS (SELECT 1 FROM ${s}.webhook_endpoints p WHERE p.org_id = $1 AND p.id = $2)`,
    [orgId, endpointId, after],
  );
  return Number(rows[0]?.entries ?? 0);
}

/**
 * An event for the endpoint, when it is enabled, of every entry after `after` in the log,
 * tombstones too, in one statement.
 */
export async function replayEvents(
  connection: Queryable,
  s: string,
  orgId: string,
  replay: { endpointId: string; after: number },
): Promise<void> {
  await connection.query(
    insertEvents(
      s,
      `FROM ${s}.webhook_endpoints p
       JOIN ${s}.application_changes c ON c.org_id = p.org_id AND c.position > $3
       WHERE p.org_id = $1 AND p.id = $2 AND p.enabled
       ORDER BY c.position`,
    ),
    [orgId, replay.endpointId, replay.after],
  );
}
