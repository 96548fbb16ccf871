import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { migrate } from "../../src/postgres/migrate";
import type { Store } from "../../src/store/port";

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
  const schema = `${prefix}_${process.pid}_${RUN}_${++counter}`;
  const store = createPostgresStore({ ...options, client, schema });
  await store.migrate();
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
  const store = createPostgresStore({ client, schema });
  schemas.set(store, { client, schema });
  return store;
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
