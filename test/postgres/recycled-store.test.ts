import { readFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import type { PostgresClient } from "../../src/postgres/client";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { FIXTURES } from "../support/fixtures";
import {
  DATABASE_URL,
  dropSpareSchemas,
  dropStore,
  freshStore,
  pgliteClient,
  recycleStore,
  reusedStore,
  schemaOfStore,
  serverPool,
} from "./stores";

/** Rows of every table of `schema` but the migrations' record, and each sequence's state. */
async function contents(client: PostgresClient, schema: string) {
  const { rows } = await client.query(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'S') AND c.relname <> 'rpdi_migrations' ORDER BY 1`,
    [schema],
  );
  const tables: Record<string, number> = {};
  const sequences: Record<string, boolean> = {};
  for (const { name, kind } of rows as { name: string; kind: string }[]) {
    if (kind === "S") {
      const read = await client.query(`SELECT is_called FROM "${schema}"."${name}"`);
      sequences[name] = (read.rows[0] as { is_called: boolean }).is_called;
    } else {
      const read = await client.query(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
      tables[name] = (read.rows[0] as { n: number }).n;
    }
  }
  return { tables, sequences };
}

let pool: pg.Pool | undefined;
afterAll(async () => {
  if (pool !== undefined) await dropSpareSchemas(pool);
  await pool?.end();
});

describe.each([
  { on: "PGlite", client: (): PostgresClient => pgliteClient() },
  ...(DATABASE_URL === undefined
    ? []
    : [
        {
          on: "the PostgreSQL server (DATABASE_URL)",
          client: (): PostgresClient => {
            pool ??= serverPool();
            return pool;
          },
        },
      ]),
])("a conformance store recycled on $on", ({ client }) => {
  it("is handed out again with no row in any table and every sequence restarted, and then holds what a new store holds", async () => {
    const used = await reusedStore(client(), "rpdi_recycle");
    const schema = schemaOfStore(used);
    await used.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    await importMembers(used, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      file: readFileSync(join(FIXTURES, "demo/new-hires.csv")),
      now: new Date("2026-06-15T00:00:00Z"),
    });
    const filled = await contents(client(), schema);
    expect(Object.values(filled.tables).filter((rows) => rows > 0).length).toBeGreaterThan(3);

    await recycleStore(used);
    const again = await reusedStore(client(), "rpdi_recycle");
    expect(schemaOfStore(again)).toBe(schema);
    const emptied = await contents(client(), schema);
    expect(Object.keys(emptied.tables)).toEqual(Object.keys(filled.tables));
    expect(Object.entries(emptied.tables).filter(([, rows]) => rows > 0)).toEqual([]);
    expect(Object.entries(emptied.sequences).filter(([, called]) => called)).toEqual([]);

    const fresh = await freshStore(client(), "rpdi_recycle_new");
    for (const store of [again, fresh])
      await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect(await again.exportSnapshot(SEED_ORG_ID)).toEqual(
      await fresh.exportSnapshot(SEED_ORG_ID),
    );
    await recycleStore(again);
    await dropStore(fresh);
    await dropSpareSchemas(client());
  });
});
