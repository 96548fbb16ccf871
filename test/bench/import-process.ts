/**
 * Run in a fresh process by the read-during-import benchmark: imports a member file into an
 * organization already loaded in `schema`, so that the reads measured against it run on an event
 * loop of their own, as a host's other requests would on another instance. Prints `started` before
 * the import and its outcome as JSON after.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import { MEMBER_BENCH_NOW } from "./member-file";

const [url, schema, orgId, csvPath] = process.argv.slice(2) as [string, string, string, string];
const pool = new pg.Pool({ connectionString: url, max: 2 });
const store = createPostgresStore({ client: pool, schema });
const file = readFileSync(csvPath, "utf8");
process.stdout.write("started\n");
const start = performance.now();
const outcome = await importMembers(store, {
  orgId,
  product: "PERFORM",
  file,
  now: MEMBER_BENCH_NOW,
});
const importMs = performance.now() - start;
process.stdout.write(`${JSON.stringify({ ok: outcome.ok, importMs })}\n`);
await pool.end();
