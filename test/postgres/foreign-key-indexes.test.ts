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
      WHERE i.indrelid = c.conrelid
        AND (SELECT array_agg(k ORDER BY k) FROM unnest((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) k)
          = (SELECT array_agg(k ORDER BY k) FROM unnest(c.conkey) k)
    )
  ORDER BY 1, 2`;

async function uncoveredForeignKeys(client: PostgresClient, prefix: string) {
  const store = await freshStore(client, prefix);
  try {
    const schema = schemaOfStore(store);
    const { rows: all } = await client.query(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = $1::regnamespace",
      [schema],
    );
    const { rows } = await client.query(UNCOVERED, [schema]);
    return { foreignKeys: Number(all[0]?.n), uncovered: rows };
  } finally {
    await dropStore(store);
  }
}

describe("every foreign key of the rpdi schema has an index that covers it", () => {
  it("on PGlite", async () => {
    const found = await uncoveredForeignKeys(pgliteClient(), "fk_index");
    expect(found.foreignKeys).toBeGreaterThan(15);
    expect(found.uncovered).toEqual([]);
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("on the real server", async () => {
      const found = await uncoveredForeignKeys(pool(), "fk_index_srv");
      expect(found.uncovered).toEqual([]);
    });
  });
});
