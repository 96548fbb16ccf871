import { describe, expect, it } from "vitest";
import type { PostgresClient } from "../../src/postgres/client";
import { describeOnServer, dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

/**
 * Foreign keys of the schema with no index whose leading columns are the key's columns (in any
 * order): deleting a referenced row then scans the referencing table.
 */
const UNCOVERED = `
  SELECT c.conrelid::regclass::text AS "table", c.conname AS "constraint"
  FROM pg_constraint c
  WHERE c.contype = 'f' AND c.connamespace = $1::regnamespace
    AND NOT EXISTS (
      SELECT 1 FROM pg_index i
      WHERE i.indrelid = c.conrelid AND i.indpred IS NULL
        AND (SELECT array_agg(k ORDER BY k) FROM unnest((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) k)
          = (SELECT array_agg(k ORDER BY k) FROM unnest(c.conkey) k)
    )
  ORDER BY 1, 2`;

/**
 * The references migrations 15 to 18 keep by statement triggers: deleting a parent finds its
 * children by these columns.
 */
const TRIGGER_KEPT_REFERENCES: readonly (readonly [string, readonly string[]])[] = [
  ["members", ["org_id"]],
  ["welcome_emails", ["org_id"]],
  ["client_matters", ["org_id", "cycle_id"]],
  ["matter_entries", ["org_id", "client_matter_id"]],
  ["account_tokens", ["org_id", "member_id"]],
  ["mfa_enrollments", ["org_id", "member_id"]],
  ["candidates", ["org_id"]],
  ["applications", ["org_id", "candidate_id"]],
  ["applications", ["org_id", "job_id"]],
  ["status_changes", ["org_id", "application_id"]],
  ["custom_field_answers", ["org_id", "application_id"]],
  ["application_education", ["org_id", "application_id"]],
  ["application_changes", ["org_id"]],
  ["webhook_endpoints", ["org_id"]],
  ["webhook_events", ["org_id", "endpoint_id"]],
];

const COVERED_COLUMNS = `
  SELECT EXISTS (
    SELECT 1 FROM pg_index i
    WHERE i.indrelid = $1::regclass AND i.indpred IS NULL
      AND (SELECT array_agg(k ORDER BY k) FROM unnest((i.indkey::int2[])[0:cardinality($2::text[]) - 1]) k)
        = (SELECT array_agg(a.attnum ORDER BY a.attnum) FROM pg_attribute a
           WHERE a.attrelid = $1::regclass AND a.attname = ANY($2::text[]))
  ) AS covered`;

async function uncoveredForeignKeys(client: PostgresClient, prefix: string) {
  const store = await freshStore(client, prefix);
  try {
    const schema = schemaOfStore(store);
    const { rows: all } = await client.query(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = $1::regnamespace",
      [schema],
    );
    const { rows } = await client.query(UNCOVERED, [schema]);
    const uncovered: unknown[] = [...rows];
    for (const [table, columns] of TRIGGER_KEPT_REFERENCES) {
      const found = await client.query(COVERED_COLUMNS, [`"${schema}".${table}`, columns]);
      if (found.rows[0]?.covered !== true) uncovered.push({ table, columns });
    }
    // The list above is every table the migration gave an insert check, and no other.
    const { rows: checked } = await client.query(
      `SELECT DISTINCT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE c.relnamespace = $1::regnamespace AND t.tgname LIKE '%\\_exists' ORDER BY 1`,
      [schema],
    );
    expect(checked.map((row) => String(row.table))).toEqual(
      [...new Set(TRIGGER_KEPT_REFERENCES.map(([table]) => table))].sort(),
    );
    return { foreignKeys: Number(all[0]?.n), uncovered };
  } finally {
    await dropStore(store);
  }
}

describe("every foreign key of the rpdi schema, and every reference kept by triggers, has an index that covers it", () => {
  it("on PGlite", async () => {
    const found = await uncoveredForeignKeys(pgliteClient(), "fk_index");
    // Those left after migrations 15 and 17 moved the bulk references to triggers.
    expect(found.foreignKeys).toBeGreaterThan(5);
    expect(found.uncovered).toEqual([]);
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("on the real server", async () => {
      const found = await uncoveredForeignKeys(pool(), "fk_index_srv");
      expect(found.uncovered).toEqual([]);
    });
  });
});
