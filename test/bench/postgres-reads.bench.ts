import pg from "pg";
import { loadLookupLists } from "../../src/lists/lists";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import { organizationSnapshotSchema } from "../../src/store/snapshot";
import { MEMBER_BENCH_NOW, type MemberBenchInput } from "./member-file";
import { median } from "./timing";

export interface ReadDuringWriteFigures {
  importMs: number;
  idleReadMs: number;
  /** The slowest lookup-list read started while the import ran. */
  duringImportMs: number;
  readsDuringImport: number;
}

/**
 * Lookup-list reads for an organization while its large member import runs on another connection:
 * read-only transactions take no organization lock, so they must not wait for the import.
 */
export async function benchReadsDuringImport(
  url: string,
  input: MemberBenchInput,
): Promise<ReadDuringWriteFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_reads_${process.pid}`;
  const orgId = input.organization.id;
  try {
    const store = createPostgresStore({ client: pool, schema });
    await store.migrate();
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        organization: input.organization,
        members: input.members,
      }),
    );
    const read = async () => {
      const start = performance.now();
      await loadLookupLists(store, { orgId });
      return performance.now() - start;
    };
    const idle: number[] = [];
    for (let run = 0; run < 20; run++) idle.push(await read());
    let importing = true;
    const importStart = performance.now();
    const running = importMembers(store, {
      orgId,
      product: "PERFORM",
      file: input.csv,
      now: MEMBER_BENCH_NOW,
    }).finally(() => {
      importing = false;
    });
    const during: number[] = [];
    // Reads start while the import holds its organization's lock and writes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    while (importing) {
      const startedDuring = importing;
      const ms = await read();
      if (startedDuring) during.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const outcome = await running;
    if (!outcome.ok) throw new Error("the import failed");
    return {
      importMs: performance.now() - importStart,
      idleReadMs: median(idle),
      duringImportMs:
        during.length === 0 ? Number.NaN : during.reduce((slowest, ms) => Math.max(slowest, ms), 0),
      readsDuringImport: during.length,
    };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
