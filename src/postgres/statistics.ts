import type { Queryable } from "./client";

/** Rows a transaction wrote in bulk, by table: the candidates for fresh statistics after it. */
export class BulkWrites {
  readonly tables = new Map<string, number>();
  note(tables: readonly string[], rows: number): void {
    if (rows < ANALYZE_AFTER_ROWS) return;
    for (const table of tables) this.tables.set(table, (this.tables.get(table) ?? 0) + rows);
  }
}

/**
 * Rows one write must reach before its tables may be analyzed: below it autovacuum's own schedule
 * keeps up; above it a plan made when the table was small (a pooled connection's cached
 * foreign-key check) would go on scanning a table grown a hundredfold.
 */
const ANALYZE_AFTER_ROWS = 1000;

/**
 * The share of a table's rows (as its statistics last counted them) that a write must reach to be
 * analyzed after it: autovacuum's own default threshold (`autovacuum_analyze_scale_factor`). A
 * smaller write leaves the statistics describing the table well enough and autovacuum's schedule
 * takes it; sampling a large table after every small import would spend a large table's ANALYZE on
 * statistics that barely moved (docs/decisions.md).
 */
const ANALYZE_AFTER_SHARE = 0.1;

export const MEMBER_TABLES = ["members"];
export const MATTER_TABLES = ["client_matters", "matter_entries"];
export const RECRUITING_TABLES = [
  "jobs",
  "candidates",
  "applications",
  "status_changes",
  "custom_field_answers",
  "application_education",
];

/**
 * After the commit, on the same connection: analyzing inside the transaction would hold a lock
 * that makes other organizations' bulk writes to the same tables wait for this one to commit.
 * Best effort, and never throws: the write is committed either way.
 */
export async function analyzeAfter(
  connection: Queryable,
  s: string,
  bulk: BulkWrites,
): Promise<void> {
  if (bulk.tables.size === 0) return;
  try {
    const names = [...bulk.tables.keys()];
    const { rows } = await connection.query(
      "SELECT t.name, c.reltuples FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n) JOIN pg_class c ON c.oid = t.name::regclass ORDER BY t.n",
      [names.map((table) => `${s}.${table}`)],
    );
    // reltuples is -1 for a table never analyzed or vacuumed, so every write is then material.
    const grown = names.filter((table, index) => {
      const counted = Math.max(Number(rows[index]?.reltuples ?? -1), 0);
      return (bulk.tables.get(table) ?? 0) >= counted * ANALYZE_AFTER_SHARE;
    });
    if (grown.length > 0)
      await connection.query(`ANALYZE ${grown.map((table) => `${s}.${table}`).join(", ")}`);
  } catch {
    // Best effort: the write is committed either way.
  }
}
