import pg from "pg";
import { queryJobApplications } from "../../src/feed/query";
import { upsertMatters } from "../../src/matters/upsert";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import { organizationSnapshotSchema } from "../../src/store/snapshot";
import { generateFeedSnapshot } from "./feed-data";
import { type MatterBenchInput, matterBenchSnapshot } from "./matter-file";
import type { MemberBenchInput } from "./member-file";

const NOW = new Date("2026-06-15T00:00:00Z");

export interface PostgresFigures {
  upserts: { label: string; ms: number; statements: number; result: string }[];
  memberImport: { rows: number; ms: number; statements: number };
  feed: { label: string; ms: number; returned: number; plan: string }[];
}

/** rpdi's PostgreSQL adapter on a real server: times and statements sent per operation. */
export async function benchPostgres(
  url: string,
  members: MemberBenchInput,
  matters: MatterBenchInput,
  changedMatters: MatterBenchInput,
): Promise<PostgresFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_bench_${process.pid}`;
  let statements = 0;
  const store = createPostgresStore({ client: pool, schema, onStatement: () => statements++ });
  const measure = async <T>(work: () => Promise<T>) => {
    statements = 0;
    const start = performance.now();
    const value = await work();
    return { value, ms: performance.now() - start, statements };
  };
  try {
    await store.migrate();
    const cycleId = "7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    await store.loadSnapshot(matterBenchSnapshot(matters, "bench-matters", cycleId));
    const everyRowChanged = changedMatters.csv;
    const upserts = [];
    for (const [label, file] of [
      ["into an empty cycle", matters.csv],
      ["every row changed", everyRowChanged],
      ["unchanged (a retry)", everyRowChanged],
    ] as const) {
      const run = await measure(() =>
        upsertMatters(store, { orgId: "bench-matters", reviewCycleId: cycleId, file }),
      );
      if (!run.value.ok)
        throw new Error(`upsert failed: ${JSON.stringify(run.value).slice(0, 300)}`);
      upserts.push({
        label,
        ms: run.ms,
        statements: run.statements,
        result: JSON.stringify(run.value.result),
      });
    }

    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        organization: members.organization,
        members: members.members,
      }),
    );
    const imported = await measure(() =>
      importMembers(store, {
        orgId: members.organization.id,
        product: "PERFORM",
        file: members.csv,
        now: NOW,
      }),
    );
    if (!imported.value.ok) throw new Error("member import failed");

    await store.loadSnapshot(generateFeedSnapshot("bench-feed", 100_000, 10));
    const feed = [];
    for (const [label, days] of [
      ["one week", 7],
      ["30 days", 30],
    ] as const) {
      const start = new Date(NOW.getTime() - days * 86_400_000);
      const params = { job_application_status_start: start.toISOString().slice(0, 19) };
      const run = await measure(() =>
        queryJobApplications(store, { orgId: "bench-feed", params, now: NOW }),
      );
      if (!run.value.ok) throw new Error(run.value.error.message);
      const explained = await pool.query(
        `EXPLAIN SELECT DISTINCT application_id FROM "${schema}".status_changes WHERE org_id = $1 AND at BETWEEN $2::timestamptz AND $3::timestamptz`,
        ["bench-feed", start.toISOString(), NOW.toISOString()],
      );
      const plan =
        explained.rows.map((row) => String(row["QUERY PLAN"])).find((line) => /Index/.test(line)) ??
        "no index in the plan";
      feed.push({ label, ms: run.ms, returned: run.value.items.length, plan: plan.trim() });
    }
    return {
      upserts,
      memberImport: { rows: members.rows, ms: imported.ms, statements: imported.statements },
      feed,
    };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
