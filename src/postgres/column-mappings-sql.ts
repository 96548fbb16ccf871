import type {
  ColumnMappingKind,
  ColumnMappingPair,
  SavedColumnMappings,
} from "../domain/column-mappings";
import type { Queryable } from "./client";
import { jsonValue } from "./members-sql";

/** The saved header mapping of one kind of file, in the order saved; `[]` when none is. */
export async function readColumnMapping(
  connection: Queryable,
  s: string,
  orgId: string,
  kind: ColumnMappingKind,
): Promise<ColumnMappingPair[]> {
  const { rows } = await connection.query(
    `SELECT pairs FROM ${s}.column_mappings WHERE org_id = $1 AND kind = $2`,
    [orgId, kind],
  );
  return rows[0] === undefined ? [] : (jsonValue(rows[0].pairs) as ColumnMappingPair[]);
}

/** Every saved header mapping of the organization, for its snapshot. */
export async function readColumnMappings(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<SavedColumnMappings> {
  const { rows } = await connection.query(
    `SELECT kind, pairs FROM ${s}.column_mappings WHERE org_id = $1`,
    [orgId],
  );
  const saved: SavedColumnMappings = { members: [], matters: [] };
  for (const row of rows) {
    const kind = row.kind as ColumnMappingKind;
    (saved as Record<ColumnMappingKind, ColumnMappingPair[]>)[kind] = jsonValue(
      row.pairs,
    ) as ColumnMappingPair[];
  }
  return saved;
}

/** Replaces the saved header mapping of one kind of file; no pairs deletes it. */
export async function writeColumnMapping(
  connection: Queryable,
  s: string,
  orgId: string,
  kind: ColumnMappingKind,
  pairs: readonly ColumnMappingPair[],
): Promise<void> {
  if (pairs.length === 0) {
    await connection.query(`DELETE FROM ${s}.column_mappings WHERE org_id = $1 AND kind = $2`, [
      orgId,
      kind,
    ]);
    return;
  }
  await connection.query(
    `INSERT INTO ${s}.column_mappings (org_id, kind, pairs) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (org_id, kind) DO UPDATE SET pairs = EXCLUDED.pairs`,
    [
      orgId,
      kind,
      JSON.stringify(pairs.map((pair) => ({ source: pair.source, target: pair.target }))),
    ],
  );
}
