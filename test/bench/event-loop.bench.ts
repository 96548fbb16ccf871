import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import pg from "pg";
import type { MemberRoles } from "../../src/domain/member";
import { loadLookupLists } from "../../src/lists/lists";
import { importMembers } from "../../src/members/import";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { MEMBER_BENCH_NOW, type MemberBenchInput } from "./member-file";
import { BENCH_ADMIN_ID, besideSnapshot } from "./reads-during-import.bench";

/** A lookup-list read is due this often, as a busy host's other users would ask. */
const READ_EVERY_MS = 10;

/** A library-level import beside reads in the same process, in ms. */
export interface EventLoopFigures {
  /** `default` (the services' own pace) or `unpaced` (`pace: null`). */
  mode: string;
  readsP50Ms: number;
  readsP99Ms: number;
  readsMaxMs: number;
  reads: number;
  /** `monitorEventLoopDelay` (resolution 1 ms) over the import. */
  delayP99Ms: number;
  delayMaxMs: number;
  /** The longest wait between two turns of a 1 ms timer chain over the import. */
  timerGapMaxMs: number;
  /** The longest garbage collection pause during the import, and its kind. */
  gcMaxMs: number;
  gcMaxKind: string;
  importMs: number;
  ok: boolean;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** Node's `PerformanceEntry.detail.kind` of a GC entry, by its constant. */
const GC_KINDS: Record<number, string> = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" };

/**
 * `importMembers(store, …)` of `input` called directly (no HTTP binding, no worker pool), with a
 * lookup-list read (`loadLookupLists`) due every 10 ms in the same process: each read's latency
 * from when it was due, the event loop's delay, the longest GC pause and the import's wall time.
 * `paced` false passes `pace: null` (the work in one go), the figure before the default pace.
 */
export async function benchEventLoopBesideImport(
  store: Store,
  input: MemberBenchInput,
  paced: boolean,
): Promise<EventLoopFigures> {
  const orgId = input.organization.id;
  const file = new TextEncoder().encode(input.csv);
  const read = () => loadLookupLists(store, { orgId });
  // Reads several at a time, so a pool's connections are open before the import, as on a host
  // that has been serving: opening one (a server process forked, authentication) beside the
  // import's first turns held early reads 100–130 ms.
  for (let warm = 0; warm < 20; warm++) await Promise.all([read(), read(), read(), read()]);
  const actor: MemberRoles = {
    id: BENCH_ADMIN_ID,
    products: [{ product: "PERFORM", role: "ADMIN" }],
  };

  const gcPauses: { ms: number; kind: string }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gcPauses.push({ ms: entry.duration, kind: GC_KINDS[kind] ?? String(kind) });
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // A second view of the same: the longest wait between two turns of a 1 ms timer chain.
  let gapMaxMs = 0;
  let lastTick = performance.now();
  let ticking = true;
  const tick = () => {
    const now = performance.now();
    gapMaxMs = Math.max(gapMaxMs, now - lastTick);
    lastTick = now;
    if (ticking) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  // A few turns first: a histogram whose loop is held before its first sample records nothing
  // of it (measured: 1 ms for a loop held 7 s by the unpaced import).
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  let running = true;
  const importing = importMembers(store, {
    orgId,
    product: "PERFORM",
    file,
    now: MEMBER_BENCH_NOW,
    actor,
    ...(paced ? {} : { pace: null }),
  }).finally(() => {
    running = false;
  });
  const latencies: Promise<number>[] = [];
  for (let due = started; running; due += READ_EVERY_MS) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!running) break;
    const dueAt = due;
    latencies.push(read().then(() => performance.now() - dueAt));
  }
  const outcome = await importing;
  const importMs = performance.now() - started;
  const during = await Promise.all(latencies);
  // A turn after the import, so the histogram records the delay of a loop held to its end.
  await new Promise((resolve) => setTimeout(resolve, 5));
  ticking = false;
  delay.disable();
  observer.disconnect();
  const longestGc = gcPauses.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, kind: "none" });
  if (!outcome.ok) console.error(JSON.stringify(outcome.result).slice(0, 400));
  return {
    mode: paced ? "default" : "unpaced",
    readsP50Ms: percentile(during, 0.5),
    readsP99Ms: percentile(during, 0.99),
    readsMaxMs: during.reduce((a, b) => Math.max(a, b), 0),
    reads: during.length,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
    timerGapMaxMs: gapMaxMs,
    gcMaxMs: longestGc.ms,
    gcMaxKind: longestGc.kind,
    importMs,
    ok: outcome.ok,
  };
}

/** {@link benchEventLoopBesideImport} on a fresh memory store. */
export function benchEventLoopOnMemory(input: MemberBenchInput, paced: boolean) {
  return benchEventLoopBesideImport(createMemoryStore(besideSnapshot(input)), input, paced);
}

/** {@link benchEventLoopBesideImport} on PostgreSQL at `url`, in a schema of its own, dropped after. */
export async function benchEventLoopOnPostgres(
  url: string,
  input: MemberBenchInput,
  paced: boolean,
): Promise<EventLoopFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_loop_${process.pid}_${paced ? "paced" : "unpaced"}`;
  try {
    const store = createPostgresStore({ client: pool, schema });
    await store.migrate();
    await store.loadSnapshot(besideSnapshot(input));
    return await benchEventLoopBesideImport(store, input, paced);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

/** One line of figures. */
export function describeEventLoop(figures: EventLoopFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `reads p50 ${ms(figures.readsP50Ms)}, p99 ${ms(figures.readsP99Ms)}, max ${ms(figures.readsMaxMs)} over ${figures.reads}; loop delay p99 ${ms(figures.delayP99Ms)}, max ${ms(figures.delayMaxMs)} (timer gap max ${ms(figures.timerGapMaxMs)}); longest GC ${ms(figures.gcMaxMs)} (${figures.gcMaxKind}); the import ${figures.importMs.toFixed(0)} ms${figures.ok ? "" : " (REFUSED)"}`;
}
