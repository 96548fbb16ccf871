import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../src/domain/snapshot";
import { upsertMatters } from "../../src/matters/upsert";
import { validateMatterCsv } from "../../src/matters/validate";
import { importMembers } from "../../src/members/import";
import { validateMemberCsv } from "../../src/members/validate";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { type MatterBenchInput, matterBenchSnapshot } from "./matter-file";
import { MEMBER_BENCH_NOW, type MemberBenchInput, memberBenchContext } from "./member-file";
import {
  type StatementTime,
  startThrowawayCluster,
  statementTimes,
  type ThrowawayCluster,
} from "./throwaway-cluster";
import { median } from "./timing";

/** One write measured against PostgreSQL's own floor: medians of interleaved rounds, and ranges. */
export interface FloorFigure {
  label: string;
  rounds: number;
  /** Validation alone of the same file (no store). */
  validationMs: number[];
  /** The same write on the memory store. */
  memoryMs: number[];
  /** rpdi's wall time on PostgreSQL. */
  wallMs: number[];
  /** Server time of every statement rpdi sent from BEGIN to COMMIT, and of its writes alone. */
  serverMs: number[];
  serverWriteMs: number[];
  serverReadMs: number[];
  statements: number;
  /** The same final writes replayed by `psql` on a fresh identical state: server time and wall. */
  psqlServerMs: number[];
  psqlWallMs: number[];
  /** Whether every table held the same rows after rpdi and after `psql` (md5 of ordered dumps). */
  identical: boolean;
  /**
   * rpdi's statements with the largest server time, median over rounds, beside `psql`'s time for
   * the same statement (a COPY slower under rpdi waits on rpdi to supply its rows).
   */
  slowest: { text: string; ms: number; psqlMs: number }[];
}

/** One statement rpdi sent, as captured on its connection: text and parameters, or COPY data. */
type Sent =
  | { kind: "query"; text: string; values: readonly unknown[] }
  | { kind: "copy"; text: string; data: readonly string[] };

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** A statement that changes data (or ends the transaction's writes); reads are the rest. */
function isWrite(text: string): boolean {
  return /^(COPY|INSERT|UPDATE|DELETE|WITH\s+changed|CREATE|ANALYZE|SAVEPOINT|RELEASE|COMMIT)\b/i.test(
    text.trimStart(),
  );
}

/**
 * Records, on every connection of `pool`, the statements sent and the data of each COPY as it is
 * written to the server (rpdi makes a COPY's text as it sends it).
 */
function capture(pool: pg.Pool, sent: Sent[]): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let copying: string[] = [];
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const [first, values] = args;
      if (typeof first === "string")
        sent.push({ kind: "query", text: first, values: (values as unknown[]) ?? [] });
      else if (first !== null && typeof first === "object" && "handleCopyInResponse" in first) {
        copying = [];
        sent.push({
          kind: "copy",
          text: (first as unknown as { text: string }).text,
          data: copying,
        });
      }
      return query(...args);
    };
    const protocol = (client as unknown as { connection: { sendCopyFromChunk(b: Buffer): void } })
      .connection;
    const send = protocol.sendCopyFromChunk.bind(protocol);
    protocol.sendCopyFromChunk = (chunk) => {
      copying.push(chunk.toString("utf8"));
      send(chunk);
    };
  });
}

/** A SQL literal of a parameter as `pg` would send it (arrays as array literals). */
function literal(value: unknown): string {
  const prepared = (
    pg as unknown as { utils: { prepareValue(v: unknown): unknown } }
  ).utils.prepareValue(value);
  if (prepared === null || prepared === undefined) return "NULL";
  return `'${String(prepared).replaceAll("'", "''")}'`;
}

/** The writes of a captured transaction as a `psql` script: parameters inlined, COPY data inline. */
function psqlScript(sent: readonly Sent[]): string {
  const lines = ["\\set ON_ERROR_STOP on", "BEGIN;", "SET LOCAL jit = off;"];
  for (const statement of sent) {
    if (!isWrite(statement.text) || /^COMMIT/i.test(statement.text)) continue;
    if (statement.kind === "copy") {
      lines.push(`${statement.text};`);
      const data = statement.data.join("");
      lines.push(data.endsWith("\n") || data === "" ? `${data}\\.` : `${data}\n\\.`);
    } else {
      const text = statement.text.replace(/\$(\d+)/g, (_, n: string) =>
        literal(statement.values[Number(n) - 1]),
      );
      lines.push(`${text};`);
    }
  }
  lines.push("COMMIT;");
  return `${lines.join("\n")}\n`;
}

/**
 * md5 of every table of the schema, rows in a fixed order. Left out: what differs between two
 * seedings of the same snapshot (the migrations' timestamps, the change log's random epoch).
 */
async function schemaDigest(client: pg.Pool, schema: string): Promise<string> {
  const { rows: tables } = await client.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'rpdi_migrations' ORDER BY table_name",
    [schema],
  );
  const digests: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await client.query(
      `SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS d
         FROM (SELECT to_jsonb(t) - 'change_epoch' AS r FROM "${schema}"."${table_name}" t) AS rows`,
    );
    digests.push(`${table_name}:${rows[0]?.d}`);
  }
  return digests.join(",");
}

interface Scenario {
  label: string;
  snapshot: OrganizationSnapshot;
  validate: () => unknown;
  write: (store: Store) => Promise<{ ok: boolean }>;
}

/** Ends when the server has logged `marker` for `pid`: the log collector writes asynchronously. */
async function logged(cluster: ThrowawayCluster, pid: number, marker: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (cluster.logEntries().some((entry) => entry.pid === pid && entry.message.includes(marker)))
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never logged ${marker}`);
}

/** The entries from the transaction's BEGIN to its COMMIT. */
function transactionTimes(times: readonly StatementTime[]): StatementTime[] {
  const begin = times.findIndex((time) => /^BEGIN/i.test(time.text));
  const commit = times.findIndex((time, index) => index > begin && /^COMMIT/i.test(time.text));
  if (begin < 0 || commit < 0) throw new Error("no transaction in the log");
  return times.slice(begin, commit + 1);
}

const sum = (times: readonly StatementTime[]) => times.reduce((total, time) => total + time.ms, 0);

/**
 * The schema at a fresh, identical state: dropped, migrated, seeded, analyzed. The same name every
 * time, so captured statements replay on it as they were sent.
 */
async function freshState(url: string, schema: string, snapshot: OrganizationSnapshot) {
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  const seeder = createPostgresStore({ client: admin, schema });
  await seeder.migrate();
  await seeder.loadSnapshot(snapshot);
  // Waits for the seed's own post-commit ANALYZE, then makes the statistics the same every time.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await admin.query(`SET search_path = "${schema}"; ANALYZE; CHECKPOINT`);
  await admin.end();
}

async function measure(
  cluster: ThrowawayCluster,
  scenario: Scenario,
  rounds: number,
): Promise<FloorFigure> {
  const schema = "rpdi_floor";
  const figure: FloorFigure = {
    label: scenario.label,
    rounds,
    validationMs: [],
    memoryMs: [],
    wallMs: [],
    serverMs: [],
    serverWriteMs: [],
    serverReadMs: [],
    statements: 0,
    psqlServerMs: [],
    psqlWallMs: [],
    identical: true,
    slowest: [],
  };
  const perStatement = new Map<string, number[]>();
  const perPsqlStatement = new Map<string, number[]>();
  const statementKey = (text: string) => text.replace(/\s+/g, " ").slice(0, 90);
  const dir = mkdtempSync(join(tmpdir(), "rpdi-floor-script-"));
  try {
    for (let round = 0; round < rounds; round++) {
      // Validation alone and the memory store, interleaved with PostgreSQL round by round.
      gc();
      let start = performance.now();
      scenario.validate();
      figure.validationMs.push(performance.now() - start);

      const memory = createMemoryStore(scenario.snapshot);
      gc();
      start = performance.now();
      if (!(await scenario.write(memory)).ok) throw new Error("memory-store write failed");
      figure.memoryMs.push(performance.now() - start);

      await freshState(cluster.url, schema, scenario.snapshot);
      const pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
      const sent: Sent[] = [];
      capture(pool, sent);
      await pool.query("SET log_min_duration_statement = 0");
      const { rows } = await pool.query("SELECT pg_backend_pid() AS pid");
      const pid = Number(rows[0]?.pid);
      const store = createPostgresStore({ client: pool, schema });
      gc();
      start = performance.now();
      const outcome = await scenario.write(store);
      figure.wallMs.push(performance.now() - start);
      if (!outcome.ok) throw new Error("PostgreSQL write failed");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const marker = `rpdi-floor-end-${round}`;

      await pool.query(`SELECT '${marker}'`);
      await logged(cluster, pid, marker);
      const rpdiDigest = await schemaDigest(pool, schema);
      await pool.end();
      const times = transactionTimes(statementTimes(cluster.logEntries(), pid));
      const writes = times.filter((time) => isWrite(time.text));
      figure.serverMs.push(sum(times));
      figure.serverWriteMs.push(sum(writes));
      figure.serverReadMs.push(sum(times) - sum(writes));
      figure.statements = times.filter((time) => !/^(parse|bind)/.test(time.text)).length;
      addByText(perStatement, times, statementKey);

      // The same final writes by psql, on the same state made afresh.
      const transaction = sent.slice(sent.findIndex((s) => /^BEGIN/i.test(s.text)));
      const script = join(dir, "writes.sql");
      writeFileSync(script, psqlScript(transaction));
      await freshState(cluster.url, schema, scenario.snapshot);
      start = performance.now();
      execFileSync("psql", ["-X", "-q", "-d", cluster.url, "-f", script], {
        env: { ...process.env, PGOPTIONS: "-c log_min_duration_statement=0" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      figure.psqlWallMs.push(performance.now() - start);
      const check = new pg.Pool({ connectionString: cluster.url, max: 1 });
      const psqlDigest = await schemaDigest(check, schema);
      await check.end();
      if (psqlDigest !== rpdiDigest) {
        figure.identical = false;
      }
      const psqlPid = cluster
        .logEntries()
        .filter((entry) => entry.message.includes("SET LOCAL jit = off"))
        .at(-1)?.pid;
      if (psqlPid === undefined) throw new Error("psql's session is not in the log");
      const psqlTimes = transactionTimes(statementTimes(cluster.logEntries(), psqlPid));
      figure.psqlServerMs.push(sum(psqlTimes));
      addByText(perPsqlStatement, psqlTimes, statementKey);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  figure.slowest = [...perStatement]
    .map(([text, ms]) => ({
      text,
      ms: median(ms),
      psqlMs: median(perPsqlStatement.get(text) ?? [Number.NaN]),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6);
  return figure;
}

/** Adds each statement's server time (a text's several statements summed) to its list in `into`. */
function addByText(
  into: Map<string, number[]>,
  times: readonly StatementTime[],
  key: (text: string) => string,
): void {
  const byText = new Map<string, number>();
  for (const time of times) byText.set(key(time.text), (byText.get(key(time.text)) ?? 0) + time.ms);
  for (const [text, ms] of byText) into.set(text, [...(into.get(text) ?? []), ms]);
}

/**
 * Issue 46's "PostgreSQL measured against itself": for the 10 MiB member import and the
 * 10,000-row matter upsert, on a throwaway cluster of the bench's own (its statement log is the
 * server's accounting for rpdi's connection): validation alone, the memory store, rpdi's wall time,
 * the server time of each statement from BEGIN to COMMIT, and the same final writes replayed by
 * `psql` on a fresh identical state (rows compared by md5).
 */
export async function benchPostgresFloor(
  members: MemberBenchInput,
  matters: MatterBenchInput,
  rounds: number,
): Promise<FloorFigure[]> {
  const cluster = await startThrowawayCluster();
  try {
    const memberBytes = new TextEncoder().encode(members.csv);
    const matterBytes = new TextEncoder().encode(matters.csv);
    const cycleId = "7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const scenarios: Scenario[] = [
      {
        label: `member import, ${members.rows.toLocaleString("en-US")} rows into 20,000`,
        snapshot: organizationSnapshotSchema.parse({
          organization: members.organization,
          members: members.members,
        }),
        validate: () => validateMemberCsv(memberBytes, memberBenchContext(members)),
        write: (store) =>
          importMembers(store, {
            orgId: members.organization.id,
            product: "PERFORM",
            file: memberBytes,
            now: MEMBER_BENCH_NOW,
            newId: seededIds("m"),
          }),
      },
      {
        label: `matter upsert, ${matters.rows.toLocaleString("en-US")} rows, empty cycle`,
        snapshot: matterBenchSnapshot(matters, "bench-matters", cycleId),
        validate: () =>
          validateMatterCsv(matterBytes, {
            ruleSet: "upsert",
            performMemberEmails: matters.performMemberEmails,
          }),
        write: (store) =>
          upsertMatters(store, {
            orgId: "bench-matters",
            reviewCycleId: cycleId,
            file: matterBytes,
          }),
      },
    ];
    const figures: FloorFigure[] = [];
    for (const scenario of scenarios) figures.push(await measure(cluster, scenario, rounds));
    return figures;
  } finally {
    cluster.stop();
  }
}

/** Ids that are the same in every round (rows are compared across runs). */
function seededIds(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}-${(next++).toString().padStart(8, "0")}`;
}

const range = (values: readonly number[]) =>
  `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

/** Prints a figure: medians with ranges, ratios, the slowest statements. */
export function describeFloor(figure: FloorFigure): string[] {
  const m = (values: readonly number[]) => median(values);
  const lines = [
    `  ${figure.label} (${figure.rounds} interleaved rounds; median, range in ms)`,
    `    validation alone            ${m(figure.validationMs).toFixed(0).padStart(6)}  (${range(figure.validationMs)})`,
    `    memory store                ${m(figure.memoryMs).toFixed(0).padStart(6)}  (${range(figure.memoryMs)})`,
    `    rpdi on PostgreSQL, wall    ${m(figure.wallMs).toFixed(0).padStart(6)}  (${range(figure.wallMs)})  ${(m(figure.wallMs) / m(figure.memoryMs)).toFixed(2)}× memory (round by round ${roundRatios(figure)})`,
    `    server time BEGIN..COMMIT   ${m(figure.serverMs).toFixed(0).padStart(6)}  (${range(figure.serverMs)})  writes ${m(figure.serverWriteMs).toFixed(0)}, reads ${m(figure.serverReadMs).toFixed(0)}; ${figure.statements} statements`,
    `    psql, same final writes     ${m(figure.psqlServerMs).toFixed(0).padStart(6)}  (${range(figure.psqlServerMs)})  server time; psql wall ${m(figure.psqlWallMs).toFixed(0)}; rows ${figure.identical ? "identical (md5)" : "DIFFER"}`,
    `    wall / (validation + server) ${ratioWall(figure).toFixed(2)}×   rpdi writes / psql ${ratioWrites(figure).toFixed(2)}×`,
  ];
  for (const statement of figure.slowest)
    lines.push(
      `      ${statement.ms.toFixed(1).padStart(7)} ms (psql ${statement.psqlMs.toFixed(1).padStart(6)})  ${statement.text}`,
    );
  return lines;
}

/**
 * Each round's PostgreSQL wall over the same round's memory store, in round order: the two ran
 * seconds apart, so a host whose speed drifts over minutes moves both alike (the target stays the
 * ratio of the medians; these show how far the host's noise reaches).
 */
function roundRatios(figure: FloorFigure): string {
  return figure.wallMs
    .map((wall, round) => `${(wall / (figure.memoryMs[round] ?? Number.NaN)).toFixed(2)}×`)
    .join(", ");
}

/** Target (a): rpdi's wall time over validation plus the server time of its statements. */
export function ratioWall(figure: FloorFigure): number {
  return median(figure.wallMs) / (median(figure.validationMs) + median(figure.serverMs));
}

/** Target (b): the server time of rpdi's writes over `psql`'s for the same final writes. */
export function ratioWrites(figure: FloorFigure): number {
  return median(figure.serverWriteMs) / median(figure.psqlServerMs);
}

/** Target (c): rpdi on PostgreSQL over the memory store. */
export function ratioMemory(figure: FloorFigure): number {
  return median(figure.wallMs) / median(figure.memoryMs);
}

/** Runs alone: `node --expose-gc --import tsx test/bench/postgres-floor.bench.ts [rounds]`. */
async function main(): Promise<void> {
  const { generateMemberBenchInput } = await import("./member-file");
  const { generateMatterBenchInput } = await import("./matter-file");
  const { MAX_CSV_BYTES } = await import("../../src/csv/read");
  const figures = await benchPostgresFloor(
    generateMemberBenchInput(MAX_CSV_BYTES),
    generateMatterBenchInput(10_000),
    Number(process.argv[2] ?? 3),
  );
  for (const figure of figures) for (const line of describeFloor(figure)) console.log(line);
}

if (process.argv[1]?.endsWith("postgres-floor.bench.ts")) await main();
