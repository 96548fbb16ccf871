import pg from "pg";
import { organizationSnapshotSchema, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { upsertMatters } from "../../src/matters/upsert";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { type MatterBenchInput, matterBenchSnapshot } from "./matter-file";
import { MEMBER_BENCH_NOW, type MemberBenchInput } from "./member-file";
import { median } from "./timing";

/** One write on PostgreSQL beside the memory store on the same data, in the same run. */
export interface WriteFigure {
  rows: number;
  postgresMs: number;
  memoryMs: number;
  /** PostgreSQL time over memory-store time (issue 17: at most 2). */
  ratio: number;
  /** Statements the PostgreSQL transaction sent (COPY counted as one). */
  statements: number;
}

export interface PerRowFigure {
  rows: number;
  ms: number;
  usPerRow: number;
}

export interface PostgresWriteFigures {
  memberImport: WriteFigure;
  matterUpsert: WriteFigure;
  /**
   * `importMembers` of a 20,000-row and a 200,000-row file (three short columns, within the
   * 10 MiB limit), each on a one-connection pool whose first import ran on empty tables.
   */
  perRow: { small: PerRowFigure; large: PerRowFigure; ratio: number };
}

/** Rounds of each write on both stores; the figures are their medians. */
const WRITE_ROUNDS = 3;

const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  gc();
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** A member file of `count` new members in three short columns, every row after the first managed by it. */
export function shortMemberFile(prefix: string, count: number): string {
  const rows = ["First Name,Last Name,Email,Manager Email"];
  for (let n = 0; n < count; n++)
    rows.push(`A,B${n},${prefix}${n}@x.example,${n === 0 ? "" : `${prefix}0@x.example`}`);
  return `${rows.join("\n")}\n`;
}

async function perRowOn(url: string, rows: number): Promise<PerRowFigure> {
  // One connection: every import runs where the first, on empty tables, cached its plans.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const schema = `rpdi_perrow_${process.pid}_${rows}`;
  const store = createPostgresStore({ client: pool, schema });
  try {
    await store.migrate();
    await store.loadSnapshot(
      parseOrganizationSnapshot({
        organization: { id: "per-row", shortName: "per-row", name: "Per row" },
      }),
    );
    const run = (file: string) =>
      importMembers(store, { orgId: "per-row", product: "PERFORM", file, now: MEMBER_BENCH_NOW });
    const first = await run(shortMemberFile("tiny", 3));
    if (!first.ok) throw new Error("first import failed");
    const file = shortMemberFile("row", rows);
    if (Buffer.byteLength(file) > 10 * 1024 * 1024) throw new Error("file over the 10 MiB limit");
    const imported = await timed(() => run(file));
    if (!imported.value.ok)
      throw new Error(`import failed: ${JSON.stringify(imported.value.result).slice(0, 300)}`);
    return { rows, ms: imported.ms, usPerRow: (imported.ms * 1000) / rows };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

/**
 * Issue 17's write figures for the PostgreSQL adapter on a real server, each beside the memory
 * store on the same data in the same run: the 10 MiB member import into 20,000 stored members,
 * the 10,000-row matter upsert into an empty cycle, the per-row cost of a 200,000-row import
 * against a 20,000-row one, and replacing a 50,000-member organization by `loadSnapshot`.
 */
export async function benchPostgresWrites(
  url: string,
  members: MemberBenchInput,
  matters: MatterBenchInput,
): Promise<PostgresWriteFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_writes_${process.pid}`;
  let statements = 0;
  const postgres = createPostgresStore({ client: pool, schema, onStatement: () => statements++ });
  const onBoth = async (
    rows: number,
    seed: (store: Store) => Promise<void>,
    memoryStore: () => Store,
    write: (store: Store) => Promise<{ ok: boolean }>,
  ): Promise<WriteFigure> => {
    // Rounds interleaved, medians: one run of either varied by a fifth from run to run.
    const postgresMs: number[] = [];
    const memoryMs: number[] = [];
    let sent = 0;
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      await seed(postgres);
      await new Promise((resolve) => setTimeout(resolve, 500));
      statements = 0;
      const onPostgres = await timed(() => write(postgres));
      sent = statements;
      // Made before the clock starts, as PostgreSQL's seed is: the figure is the write alone.
      const memory = memoryStore();
      const onMemory = await timed(() => write(memory));
      if (!onPostgres.value.ok || !onMemory.value.ok) throw new Error("benchmark write failed");
      postgresMs.push(onPostgres.ms);
      memoryMs.push(onMemory.ms);
    }
    return {
      rows,
      postgresMs: median(postgresMs),
      memoryMs: median(memoryMs),
      ratio: median(postgresMs) / median(memoryMs),
      statements: sent,
    };
  };
  try {
    await postgres.migrate();
    const memberSnapshot = organizationSnapshotSchema.parse({
      organization: members.organization,
      members: members.members,
    });
    const memberImport = await onBoth(
      members.rows,
      (store) => store.loadSnapshot(memberSnapshot),
      () => createMemoryStore(memberSnapshot),
      (store) =>
        importMembers(store, {
          orgId: members.organization.id,
          product: "PERFORM",
          file: members.csv,
          now: MEMBER_BENCH_NOW,
        }),
    );
    const cycleId = "7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const matterSnapshot = matterBenchSnapshot(matters, "bench-matters", cycleId);
    const matterUpsert = await onBoth(
      matters.rows,
      (store) => store.loadSnapshot(matterSnapshot),
      () => createMemoryStore(matterSnapshot),
      (store) =>
        upsertMatters(store, { orgId: "bench-matters", reviewCycleId: cycleId, file: matters.csv }),
    );

    const small = await perRowOn(url, 20_000);
    const large = await perRowOn(url, 200_000);
    return {
      memberImport,
      matterUpsert,
      perRow: { small, large, ratio: large.usPerRow / small.usPerRow },
    };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
