import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { migrate } from "../../src/postgres/migrate";
import type { Store } from "../../src/store/port";
import { seedOrganization } from "../../src/testing/seed";

/** The real server's address, when the environment names one (CI does). */
export const DATABASE_URL = process.env.DATABASE_URL;

let counter = 0;
/**
 * Beside the process id, which repeats across runs: a run killed midway leaves its schemas, and a
 * later process of the same id must not take one of them for a new, empty store.
 */
const RUN = Math.random().toString(36).slice(2, 6);
const schemas = new WeakMap<Store, { client: PostgresClient; schema: string }>();

/** A new, empty store in a schema of its own on `client`, migrated; `options` add to the store's. */
export async function freshStore(
  client: PostgresClient,
  prefix: string,
  options: Omit<PostgresStoreOptions, "client" | "schema"> = {},
): Promise<PostgresStore> {
  const store = storeIn(client, `${prefix}_${process.pid}_${RUN}_${++counter}`, options);
  await store.migrate();
  return store;
}

/** {@link freshStore} holding the seed organization (`seedOrganization`). */
export async function seededStore(client: PostgresClient, prefix: string): Promise<PostgresStore> {
  const store = await freshStore(client, prefix);
  await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
  return store;
}

/** A store on `schema`, remembered for {@link dropStore} and {@link schemaOfStore}. */
function storeIn(
  client: PostgresClient,
  schema: string,
  options: Omit<PostgresStoreOptions, "client" | "schema">,
): PostgresStore {
  const store = createPostgresStore({ ...options, client, schema });
  schemas.set(store, { client, schema });
  return store;
}

/**
 * A store in a schema of its own on `client` that is migrated only through version `through`: the
 * database an older rpdi left, for tests of the migrations after it. Its `migrate()` applies them.
 */
export async function olderStore(
  client: PostgresClient,
  prefix: string,
  through: number,
): Promise<PostgresStore> {
  const schema = `${prefix}_${process.pid}_${RUN}_${++counter}`;
  await migrate(client, schema, through);
  return storeIn(client, schema, {});
}

/** Schemas emptied by {@link recycleStore}, per client, for {@link reusedStore} to hand out again. */
const spare = new WeakMap<PostgresClient, string[]>();

/**
 * Deletes every row of the schema's tables (not its migrations' record) and restarts its
 * sequences, in one statement: about 12 ms, where a new migrated schema and its drop take about
 * 140. Triggers (the foreign keys' too) are off for the statement, so the order of tables is free;
 * that takes a superuser, which this machine's server and PGlite are.
 */
const emptySchema = (schema: string) => `DO $$ DECLARE r record; BEGIN
  SET LOCAL session_replication_role = replica;
  SET LOCAL lock_timeout = '5s';
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relkind IN ('r', 'p', 'S') AND c.relname <> 'rpdi_migrations' LOOP
    IF r.relkind = 'S' THEN EXECUTE format('ALTER SEQUENCE %I.%I RESTART', '${schema}', r.relname);
    ELSE EXECUTE format('DELETE FROM %I.%I', '${schema}', r.relname);
    END IF;
  END LOOP;
END $$`;

/**
 * A new, empty store for the conformance kit: a schema {@link recycleStore} emptied when there is
 * one, else {@link freshStore}'s. The kit's 160 tests each take a store; migrating and dropping a
 * schema for each was half of the kit's time.
 */
export async function reusedStore(
  client: PostgresClient,
  prefix: string,
  options: Omit<PostgresStoreOptions, "client" | "schema"> = {},
): Promise<PostgresStore> {
  const schema = spare.get(client)?.pop();
  return schema === undefined
    ? freshStore(client, prefix, options)
    : storeIn(client, schema, options);
}

/**
 * Empties a store made by {@link reusedStore} (or {@link freshStore}) for the next one; a schema
 * that cannot be emptied (a lock held, no superuser) is dropped instead.
 */
export async function recycleStore(store: Store): Promise<void> {
  const found = schemas.get(store);
  if (found === undefined) return;
  schemas.delete(store);
  try {
    await found.client.query(emptySchema(found.schema));
  } catch {
    await found.client.query(`DROP SCHEMA IF EXISTS "${found.schema}" CASCADE`);
    return;
  }
  const list = spare.get(found.client) ?? [];
  list.push(found.schema);
  spare.set(found.client, list);
}

/** Drops the schemas {@link recycleStore} kept for `client`: a suite's last step. */
export async function dropSpareSchemas(client: PostgresClient): Promise<void> {
  for (const schema of spare.get(client)?.splice(0) ?? [])
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

export async function dropStore(store: Store): Promise<void> {
  const found = schemas.get(store);
  if (found !== undefined)
    await found.client.query(`DROP SCHEMA IF EXISTS "${found.schema}" CASCADE`);
}

/**
 * A new, empty PGlite database: loaded from the cluster the run's global setup keeps
 * (test/support/global-setup.ts), which starts in a third of the CPU of a new one's initdb.
 */
export function newPGlite(): PGlite {
  const dataDir = inject("pgliteDataDir");
  return dataDir === undefined
    ? new PGlite()
    : new PGlite({ loadDataDir: new Blob([readFileSync(dataDir)]) });
}

let pglite: PGlite | undefined;

/**
 * One in-process PGlite database for the worker process: the test files it runs one after
 * another share it (`main` keeps modules from file to file); each store gets its own schema in it.
 */
export function pgliteClient(): PGlite {
  pglite ??= newPGlite();
  return pglite;
}

/** A PostgreSQL engine a suite runs on: its title, its client (opened on first use), its close. */
export interface Engine {
  on: string;
  client: () => PostgresClient;
  end: () => Promise<void>;
}

/**
 * The engines this project runs a two-engine suite on (the `postgresLegs` vitest.config provides):
 * `npm test` takes the server when `DATABASE_URL` names one, else PGlite; `npm run test:slow`
 * takes the PGlite leg the server left. As the conformance kit, each leg runs once per CI.
 */
export function postgresEngines(): Engine[] {
  const legs = inject("postgresLegs");
  const engines: Engine[] = [];
  if (legs !== "server") engines.push({ on: "PGlite", client: pgliteClient, end: async () => {} });
  if (legs !== "pglite" && DATABASE_URL !== undefined)
    engines.push(serverEngine("the PostgreSQL server (DATABASE_URL)"));
  return engines;
}

/** The server `DATABASE_URL` names as an {@link Engine}: a pool opened on first use, ended by `end`. */
export function serverEngine(on: string): Engine {
  let pool: pg.Pool | undefined;
  return {
    on,
    client: () => {
      pool ??= serverPool();
      return pool;
    },
    end: async () => {
      await pool?.end();
      pool = undefined;
    },
  };
}

export function serverPool(): pg.Pool {
  return new pg.Pool({ connectionString: DATABASE_URL, max: 8 });
}

/**
 * A suite on the real server with one pool for its tests (`pool()` inside them), skipped with the
 * reason in its title when `DATABASE_URL` names none.
 */
export function describeOnServer(title: string, body: (pool: () => pg.Pool) => void): void {
  describe.skipIf(DATABASE_URL === undefined)(`${title} (DATABASE_URL)`, () => {
    let pool: pg.Pool | undefined;
    beforeAll(() => {
      pool = serverPool();
    });
    afterAll(async () => {
      await pool?.end();
    });
    body(() => {
      if (pool === undefined) throw new Error("the server pool is opened before the tests run");
      return pool;
    });
  });
}

/** The schema a store made by {@link freshStore} lives in. */
export function schemaOfStore(store: Store): string {
  const found = schemas.get(store);
  if (found === undefined) throw new Error("not a store made by freshStore");
  return found.schema;
}
