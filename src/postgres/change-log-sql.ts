import type { ChangeLogPage } from "../domain/change-log";
import type { Queryable } from "./client";
import { insertEvents, instantOf } from "./webhook-sql";

/** The applications a transaction changed, as {@link appendChanges} finds them. */
export interface TouchedApplications {
  /** Applications written or erased, by id. */
  applicationIds: readonly string[];
  /** Candidates written: every application of theirs shows the new name. */
  candidateIds: readonly string[];
  /** Jobs written: every application of theirs shows the job's fields. */
  jobIds: readonly string[];
  /** The profile's feed fields changed: every application of the organization. */
  everyApplication: boolean;
}

/** Entries and events {@link appendChanges} wrote. */
export interface Appended {
  entries: number;
  events: number;
}

/**
 * The changed applications of `touched`, each once: `$2` application ids, `$3` candidate ids, `$4`
 * job ids, each part an index scan (an `OR` of them would scan the organization's applications;
 * an empty array's part reads nothing).
 */
function touchedSelect(s: string, touched: TouchedApplications): string {
  const parts = [
    "SELECT unnest($2::text[])",
    `SELECT id FROM ${s}.applications WHERE org_id = $1 AND candidate_id = ANY($3::text[])`,
    `SELECT id FROM ${s}.applications WHERE org_id = $1 AND job_id = ANY($4::text[])`,
  ];
  if (touched.everyApplication) parts.push(`SELECT id FROM ${s}.applications WHERE org_id = $1`);
  return parts.join(" UNION ");
}

/**
 * Gives each touched application one entry at a new position, in one statement: `n` positions
 * drawn from the organization's head and handed out in application-id order (UTF-16 order), the
 * entry replacing the application's earlier one, a tombstone when the application is gone; then
 * one event per entry for every enabled endpoint. Runs last in the write transaction, holding the
 * organization's lock (session.ts: the positions follow commit order). Nothing touched draws
 * nothing. An application created and erased by the same transaction was never in the log (no
 * live entry names it: every stored application has one) and gets no tombstone.
 */
export async function appendChanges(
  connection: Queryable,
  s: string,
  orgId: string,
  touched: TouchedApplications,
): Promise<Appended> {
  const { rows } = await connection.query(
    `WITH touched (id) AS (${touchedSelect(s, touched)}),
     gone AS (
       SELECT t.id, NOT EXISTS (SELECT 1 FROM ${s}.applications a WHERE a.org_id = $1 AND a.id = t.id) AS deleted
       FROM touched t
     ),
     ordered AS MATERIALIZED (
       SELECT g.id, g.deleted, row_number() OVER (ORDER BY ${s}.member_id_order(g.id) COLLATE "C") AS n
       FROM gone g
       WHERE NOT g.deleted OR EXISTS (
         SELECT 1 FROM ${s}.application_changes l
         WHERE l.org_id = $1 AND l.application_id = g.id AND NOT l.deleted)
     ),
     drawn AS (
       UPDATE ${s}.organizations SET change_head = change_head + (SELECT count(*) FROM ordered)
       WHERE id = $1 AND EXISTS (SELECT 1 FROM ordered)
       RETURNING change_head - (SELECT count(*) FROM ordered) AS base
     ),
     entries AS (
       INSERT INTO ${s}.application_changes AS e (org_id, application_id, position, changed_at, deleted)
       SELECT $1, o.id, d.base + o.n, date_trunc('milliseconds', statement_timestamp()), o.deleted
       FROM ordered o CROSS JOIN drawn d
       ON CONFLICT (org_id, application_id) DO UPDATE
         SET position = excluded.position, changed_at = excluded.changed_at, deleted = excluded.deleted
       RETURNING e.org_id, e.application_id, e.position, e.changed_at, e.deleted
     ),
     events AS (
       ${insertEvents(s, `FROM entries c JOIN ${s}.webhook_endpoints p ON p.org_id = $1 AND p.enabled ORDER BY c.position`)}
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM entries) AS entries, (SELECT count(*)::int FROM events) AS events`,
    [orgId, touched.applicationIds, touched.candidateIds, touched.jobIds],
  );
  return { entries: Number(rows[0]?.entries ?? 0), events: Number(rows[0]?.events ?? 0) };
}

/**
 * Starts the organization's log as a new epoch would have it (after a snapshot is written): an
 * entry for every application, positions 1..n in id order, the head at n. The organization row is
 * new, so its epoch is too and nothing is pruned.
 */
export async function startChangeLog(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<number> {
  const { rows } = await connection.query(
    `WITH entries AS (
       INSERT INTO ${s}.application_changes (org_id, application_id, position, changed_at, deleted)
       SELECT $1, id, row_number() OVER (ORDER BY ${s}.member_id_order(id) COLLATE "C"),
         date_trunc('milliseconds', statement_timestamp()), false
       FROM ${s}.applications WHERE org_id = $1
       RETURNING 1
     )
     UPDATE ${s}.organizations SET change_head = (SELECT count(*) FROM entries) WHERE id = $1
     RETURNING change_head`,
    [orgId],
  );
  return Number(rows[0]?.change_head ?? 0);
}

/**
 * Up to `limit` entries after position `after` and where the log stands, in one statement (one
 * snapshot), by a range scan of the position index: a page costs its entries, not the log.
 */
export async function readChangeLogPage(
  connection: Queryable,
  s: string,
  orgId: string,
  page: { after: number; limit: number | null },
): Promise<ChangeLogPage> {
  const { rows } = await connection.query(
    `SELECT o.change_epoch, o.change_head, o.change_pruned_through,
       e.application_id, e.position, e.changed_at, e.deleted
     FROM ${s}.organizations o
     LEFT JOIN LATERAL (
       SELECT application_id, position, changed_at, deleted FROM ${s}.application_changes
       WHERE org_id = o.id AND position > $2 ORDER BY position LIMIT $3
     ) e ON true
     WHERE o.id = $1
     ORDER BY e.position`,
    [orgId, page.after, page.limit],
  );
  const first = rows[0];
  if (first === undefined) throw new Error(`organization ${orgId} vanished inside its transaction`);
  return {
    epoch: first.change_epoch as string,
    head: Number(first.change_head),
    prunedThrough: Number(first.change_pruned_through),
    entries: rows
      .filter((row) => row.application_id !== null && row.application_id !== undefined)
      .map((row) => ({
        position: Number(row.position),
        applicationId: row.application_id as string,
        changedAt: instantOf(row.changed_at),
        deleted: row.deleted as boolean,
      })),
  };
}

/**
 * Deletes the tombstones changed before `before` (by the tombstone index) and raises the log's
 * `prunedThrough` to the greatest position deleted, in one statement; answers how many.
 */
export async function pruneTombstones(
  connection: Queryable,
  s: string,
  orgId: string,
  before: Date,
): Promise<number> {
  const { rows } = await connection.query(
    `WITH gone AS (
       DELETE FROM ${s}.application_changes
       WHERE org_id = $1 AND deleted AND changed_at < $2::timestamptz
       RETURNING position
     ),
     raised AS (
       UPDATE ${s}.organizations
       SET change_pruned_through = GREATEST(change_pruned_through, (SELECT max(position) FROM gone))
       WHERE id = $1 AND EXISTS (SELECT 1 FROM gone)
     )
     SELECT count(*)::int AS pruned FROM gone`,
    [orgId, before.toISOString()],
  );
  return Number(rows[0]?.pruned ?? 0);
}
