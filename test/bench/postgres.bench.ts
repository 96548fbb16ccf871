import pg from "pg";
import { upsertMatters } from "../../src/matters/upsert";
import { createPostgresStore } from "../../src/postgres/adapter";
import { type MatterBenchInput, matterBenchSnapshot } from "./matter-file";

export interface PostgresFigures {
  upserts: { label: string; ms: number; statements: number; result: string }[];
}

/** Matter upserts on a real server: a new cycle, every row changed, a retry; times and statements. */
export async function benchPostgres(
  url: string,
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

    return { upserts };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
