import { spawn } from "node:child_process";
import pg from "pg";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { loadLookupLists } from "../../src/lists/lists";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { MemberBenchInput } from "./member-file";
import { median } from "./timing";

export interface ReadDuringWriteFigures {
  importMs: number;
  idleReadMs: number;
  /** The slowest lookup-list read started while the import ran. */
  duringImportMs: number;
  readsDuringImport: number;
}

/**
 * Lookup-list reads for an organization while its large member import runs on another connection,
 * in another process (`importProcess`: node's arguments for `import-process.ts`, given the file at
 * `csvPath`): read-only transactions take no organization lock, so they must not wait for the
 * import, and the reads' own event loop is not the one busy validating the file.
 */
export async function benchReadsDuringImport(
  url: string,
  input: MemberBenchInput,
  csvPath: string,
  importProcess: readonly string[],
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
    const child = spawn(process.execPath, [...importProcess, url, schema, orgId, csvPath], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    const started = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("started\n")) resolve();
      });
    });
    let importing = true;
    const running = new Promise<{ ok: boolean; importMs: number }>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => {
        importing = false;
        const last = output.trim().split("\n").at(-1) ?? "";
        if (code !== 0 || !last.startsWith("{"))
          reject(new Error(`the import process failed (exit ${code})`));
        else resolve(JSON.parse(last) as { ok: boolean; importMs: number });
      });
    });
    await started;
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
      importMs: outcome.importMs,
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
