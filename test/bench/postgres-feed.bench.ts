import pg from "pg";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import { applicationHeadsSql, statusChangesInRangeSql } from "../../src/postgres/feed-sql";
import type { Store } from "../../src/store/port";
import { FEED_NOW, generateFeedSnapshot } from "./feed-data";
import { median, timeSettled } from "./timing";

const ORG = "bench-feed";

export interface PostgresFeedFigure {
  label: string;
  returned: number;
  memoryMs: number;
  /** The PostgreSQL store with its in-process index warm (the default). */
  indexedMs: number;
  /** The same store's SQL path: the index off, or an organization larger than it may hold. */
  sqlMs: number;
  /** Statements one SQL-path query sends. */
  sqlStatements: number;
  /** Sequential scans of `applications` in the SQL path's plans. */
  applicationSeqScans: number;
  /** The plan lines that read status changes and applications. */
  plan: string[];
}

export interface PostgresFeedFigures {
  applications: number;
  statusChanges: number;
  warmMs: number;
  queries: PostgresFeedFigure[];
}

/**
 * The feed (100,000 applications, 1,000,000 status changes) on the PostgreSQL store beside
 * the memory store, in one run: one-week and 30-day queries from the warm in-process index and
 * through the SQL path, with the SQL path's plans.
 */
export async function benchPostgresFeed(url: string, runs: number): Promise<PostgresFeedFigures> {
  const snapshot = generateFeedSnapshot(ORG, 100_000, 10);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_feed_${process.pid}`;
  let statements = 0;
  try {
    const indexed = createPostgresStore({ client: pool, schema });
    const sql = createPostgresStore({
      client: pool,
      schema,
      feedIndex: { maxStatusChanges: 0 },
      onStatement: () => statements++,
    });
    await indexed.migrate();
    await indexed.loadSnapshot(snapshot);
    const warmStart = performance.now();
    if (!(await indexed.warmFeedIndex(ORG))) throw new Error("the feed index was not built");
    const warmMs = performance.now() - warmStart;
    const memory = createMemoryStore(snapshot);
    const queries: PostgresFeedFigure[] = [];
    for (const [label, days] of [
      ["one week", 7],
      ["30 days", 30],
    ] as const) {
      const start = new Date(FEED_NOW.getTime() - days * 86_400_000);
      const params = { job_application_status_start: start.toISOString().slice(0, 19) };
      const time = async (store: Store) => {
        let returned = -1;
        const once = async () => {
          const outcome = await queryJobApplications(store, { orgId: ORG, params, now: FEED_NOW });
          if (!outcome.ok) throw new Error(outcome.error.message);
          returned = outcome.items.length;
        };
        for (let warmup = 0; warmup < 2; warmup++) await once();
        const times: number[] = [];
        for (let run = 0; run < runs; run++) times.push(await timeSettled(once));
        return { ms: median(times), returned };
      };
      const inMemory = await time(memory);
      const fromIndex = await time(indexed);
      const fromSql = await time(sql);
      statements = 0;
      await queryJobApplications(sql, { orgId: ORG, params, now: FEED_NOW });
      const sqlStatements = statements;
      if (fromIndex.returned !== inMemory.returned || fromSql.returned !== inMemory.returned)
        throw new Error(`${label}: the stores returned different record counts`);
      const plans = await sqlPathPlans(pool, `"${schema}"`, start, FEED_NOW);
      queries.push({
        label,
        returned: inMemory.returned,
        memoryMs: inMemory.ms,
        indexedMs: fromIndex.ms,
        sqlMs: fromSql.ms,
        sqlStatements,
        applicationSeqScans: plans.applicationSeqScans,
        plan: plans.lines,
      });
    }
    return {
      applications: snapshot.applications.length,
      statusChanges: snapshot.applications.reduce((n, a) => n + a.statusChanges.length, 0),
      warmMs,
      queries,
    };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

/** EXPLAIN of the SQL path's two main statements, as the adapter sends them. */
async function sqlPathPlans(pool: pg.Pool, s: string, start: Date, end: Date) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    await client.query("SET LOCAL jit = off");
    const range = [ORG, start.toISOString(), end.toISOString()];
    const rangeWhere = `org_id = $1 AND at >= $2::timestamptz AND at < $3::timestamptz + interval '1 millisecond'`;
    const { rows } = await client.query(
      `SELECT DISTINCT application_id FROM ${s}.status_changes WHERE ${rangeWhere}`,
      range,
    );
    const ids = rows.map((row) => row.application_id as string);
    const explained = [
      ...(await client.query(`EXPLAIN ${statusChangesInRangeSql(s)}`, range)).rows,
      ...(await client.query(`EXPLAIN ${applicationHeadsSql(s)}`, [ORG, ids])).rows,
    ].map((row) => String(row["QUERY PLAN"]));
    await client.query("COMMIT");
    return {
      applicationSeqScans: explained.filter((line) => /Seq Scan on applications/.test(line)).length,
      lines: explained
        .filter((line) => /Scan|Join|Loop/.test(line))
        .map((line) => line.trim().replace(/\s+\(cost=.*$/, "")),
    };
  } finally {
    client.release();
  }
}
