import type { MatterWrites } from "../domain/matter-writes";
import type { ClientMatter, CycleMatters, MatterEntry } from "../domain/matters";
import { type BulkColumns, type BulkConnection, insertRows, Pipeline, rowSource } from "./bulk";
import type { Queryable } from "./client";

export async function readCycleMatters(
  connection: Queryable,
  s: string,
  orgId: string,
  cycleId: string,
): Promise<CycleMatters> {
  const matters = await connection.query(
    `SELECT id, matter_id, client_name, matter_name, description FROM ${s}.client_matters
     WHERE org_id = $1 AND cycle_id = $2 ORDER BY seq`,
    [orgId, cycleId],
  );
  const entries = await connection.query(
    `SELECT e.id, e.client_matter_id, e.attorney_email, e.billing_attorney_email, e.start_date::text AS start_date,
        e.end_date::text AS end_date, e.hours_billed::float8 AS hours_billed
     FROM ${s}.matter_entries e JOIN ${s}.client_matters c ON c.org_id = e.org_id AND c.id = e.client_matter_id
     WHERE e.org_id = $1 AND c.cycle_id = $2 ORDER BY e.seq`,
    [orgId, cycleId],
  );
  return {
    clientMatters: matters.rows.map(
      (row): ClientMatter => ({
        id: row.id as string,
        matterId: row.matter_id as string,
        clientName: row.client_name as string,
        matterName: row.matter_name as string,
        description: (row.description as string | null) ?? null,
      }),
    ),
    entries: entries.rows.map(
      (row): MatterEntry => ({
        id: row.id as string,
        clientMatterId: row.client_matter_id as string,
        attorneyEmail: row.attorney_email as string,
        billingAttorneyEmail: row.billing_attorney_email as string,
        startDate: (row.start_date as string | null) ?? null,
        endDate: (row.end_date as string | null) ?? null,
        hoursBilled: Number(row.hours_billed),
      }),
    ),
  };
}

/**
 * Creates and updates client matters and entries, whatever the number of rows: new rows go
 * straight into their table (COPY, or `unnest` arrays); updated rows through one upsert each, by
 * COPY into a temporary table or as `unnest` arrays.
 */
export async function writeMatters(
  connection: BulkConnection,
  s: string,
  orgId: string,
  cycleId: string,
  writes: MatterWrites,
): Promise<void> {
  // Each statement's rows are built while the server executes the statement before.
  const pipeline = new Pipeline();
  await insertRows(
    connection,
    `${s}.client_matters`,
    { names: ["org_id", "cycle_id"], values: [orgId, cycleId] },
    matterColumns(writes.createClientMatters),
    pipeline,
  );
  if (writes.updateClientMatters.length > 0)
    await upsertClientMatters(connection, s, orgId, cycleId, writes.updateClientMatters, pipeline);
  await insertRows(
    connection,
    `${s}.matter_entries`,
    { names: ["org_id"], values: [orgId] },
    entryColumns(writes.createEntries),
    pipeline,
  );
  const updates = writes.updateEntries ?? [];
  if (updates.length > 0) await upsertEntries(connection, s, orgId, updates, pipeline);
  await pipeline.drain();
}

function matterColumns(matters: readonly ClientMatter[]): BulkColumns {
  return {
    names: ["id", "matter_id", "client_name", "matter_name", "description"],
    types: ["text", "text", "text", "text", "text"],
    values: [
      matters.map((m) => m.id),
      matters.map((m) => m.matterId),
      matters.map((m) => m.clientName),
      matters.map((m) => m.matterName),
      matters.map((m) => m.description),
    ],
  };
}

function entryColumns(entries: readonly MatterEntry[]): BulkColumns {
  return {
    names: [
      "id",
      "client_matter_id",
      "attorney_email",
      "billing_attorney_email",
      "start_date",
      "end_date",
      "hours_billed",
    ],
    types: ["text", "text", "text", "text", "date", "date", "numeric"],
    values: [
      entries.map((e) => e.id),
      entries.map((e) => e.clientMatterId),
      entries.map((e) => e.attorneyEmail),
      entries.map((e) => e.billingAttorneyEmail),
      entries.map((e) => e.startDate),
      entries.map((e) => e.endDate),
      entries.map((e) => e.hoursBilled),
    ],
  };
}

/** Updated client matters, in one upsert on the pipeline. */
async function upsertClientMatters(
  connection: BulkConnection,
  s: string,
  orgId: string,
  cycleId: string,
  matters: readonly ClientMatter[],
  pipeline: Pipeline,
): Promise<void> {
  const source = await rowSource(connection, matterColumns(matters), 3, pipeline);
  await pipeline.send(() =>
    connection.query(
      `INSERT INTO ${s}.client_matters (org_id, cycle_id, id, matter_id, client_name, matter_name, description)
       SELECT $1, $2, t.id, t.matter_id, t.client_name, t.matter_name, t.description FROM ${source.from} ${source.order}
       ON CONFLICT (org_id, id) DO UPDATE SET matter_name = excluded.matter_name, description = excluded.description`,
      [orgId, cycleId, ...source.params],
    ),
  );
}

/** Updated matter entries, in one upsert on the pipeline. */
async function upsertEntries(
  connection: BulkConnection,
  s: string,
  orgId: string,
  entries: readonly MatterEntry[],
  pipeline: Pipeline,
): Promise<void> {
  const source = await rowSource(connection, entryColumns(entries), 2, pipeline);
  await pipeline.send(() =>
    connection.query(
      `INSERT INTO ${s}.matter_entries (org_id, id, client_matter_id, attorney_email, billing_attorney_email, start_date, end_date, hours_billed)
       SELECT $1, t.id, t.client_matter_id, t.attorney_email, t.billing_attorney_email, t.start_date, t.end_date, t.hours_billed
       FROM ${source.from} ${source.order}
       ON CONFLICT (org_id, id) DO UPDATE SET billing_attorney_email = excluded.billing_attorney_email,
         start_date = excluded.start_date, end_date = excluded.end_date, hours_billed = excluded.hours_billed`,
      [orgId, ...source.params],
    ),
  );
}
