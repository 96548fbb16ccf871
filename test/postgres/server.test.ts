import { readFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { PooledConnection, PostgresClient } from "../../src/postgres/client";
import { StoreUnavailableError } from "../../src/store/errors";
import { runStoreConformance } from "../../src/testing/conformance";
import { FIXTURES } from "../support/fixtures";
import {
  DATABASE_URL,
  dropSpareSchemas,
  dropStore,
  freshStore,
  recycleStore,
  reusedStore,
  schemaOfStore,
  serverPool,
} from "./stores";

// These suites need a real server: `.ci/run` sets DATABASE_URL to this machine's; without it
// they are reported as skipped (the PGlite suite still runs everywhere).
describe.skipIf(DATABASE_URL === undefined)("PostgreSQL server (DATABASE_URL)", () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = serverPool();
  });
  afterAll(async () => {
    await dropSpareSchemas(pool);
    await pool.end();
  });

  runStoreConformance("PostgreSQL store on a real server", () => reusedStore(pool, "rpdi_srv"), {
    dispose: recycleStore,
    numRuns: 10,
  });

  it("leaves nothing of an import whose connection is killed in the middle", async () => {
    const seeded = await freshStore(pool, "rpdi_crash");
    await seeded.loadSnapshot(JSON.parse(readFileSync(join(FIXTURES, "org.json"), "utf8")));
    const before = await seeded.exportSnapshot("org-hartwell");
    let killed = false;
    const killing: PostgresClient = {
      query: (text, params) => pool.query(text, params),
      async connect(): Promise<PooledConnection> {
        const inner = await pool.connect();
        inner.on("error", () => undefined);
        return {
          release: (error) => inner.release(error),
          async query(text, params) {
            const result = await inner.query(text, params);
            if (!killed && /\.members \(org_id, id, email/.test(text)) {
              killed = true;
              const { rows } = await inner.query("SELECT pg_backend_pid() AS pid");
              await pool.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
            }
            return result;
          },
        };
      },
    };
    const crashing = createPostgresStore({ client: killing, schema: schemaOfStore(seeded) });
    const failure = importMembers(crashing, {
      orgId: "org-hartwell",
      product: "PERFORM",
      file: readFileSync(join(FIXTURES, "demo/new-hires.csv")),
      now: new Date("2026-06-15T00:00:00Z"),
    });
    // A terminated session is an outage (57P01): a 503 over HTTP, never a 500.
    await expect(failure).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(killed).toBe(true);
    expect(await seeded.exportSnapshot("org-hartwell")).toEqual(before);
    await dropStore(seeded);
  });
});
