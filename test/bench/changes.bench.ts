import pg from "pg";
import { recordJobApplications } from "../../src/applications/record";
import { currentRecords } from "../../src/changes/change-records";
import { encodeChangeCursor } from "../../src/changes/cursor";
import { readJobApplicationChanges } from "../../src/changes/read-changes";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import type { OrganizationSnapshot } from "../../src/domain/snapshot";
import type { WebhookEndpoint } from "../../src/domain/webhooks";
import { ChangeLogVersion } from "../../src/memory/change-log";
import { createMemoryStore } from "../../src/memory/store";
import { WebhookEventQueue } from "../../src/memory/webhook-queue";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { supportsChangeLog } from "../../src/store/change-log";
import { supportsLiveData } from "../../src/store/live-data";
import type { Store } from "../../src/store/port";
import { CHANGES_ORG, changesSnapshot } from "./changes-data";
import { generateFeedSnapshot } from "./feed-data";
import { clockAfter, recordsOf } from "./live-data.bench";
import type { Target } from "./targets";
import { median, timeSettled } from "./timing";

const ORG = CHANGES_ORG;
const SECRET = "bench-changes-cursor-secret";
const NOW = new Date(Date.UTC(2026, 5, 15));
export const PAGE = 1000;
export const CHANGE_LOG_SIZES = [10_000, 100_000, 1_000_000] as const;
/**
 * Pages read in a row for the warm figure, on which flatness is judged: one page from a settled
 * heap varies by half from run to run on a shared machine (3.2 to 9.8 ms at 1,000,000 entries in
 * two runs), which hides a limit of 1.2×; the medians of warm reads move by a few percent.
 */
const WARM_READS = 25;

/** Milliseconds of one page, and of its two parts, read separately in transactions of their own. */
export interface PageFigure {
  /** From a settled heap (a full collection, then a pause): the median of the runs. */
  ms: number;
  /** Warm: the median of {@link WARM_READS} reads in a row. */
  warmMs: number;
  /** `readChangeLog` of the page's entries alone. */
  logMs: number;
  /** The entries' current records (organization, applications, candidates, jobs, shaping) alone. */
  recordsMs: number;
}

export interface ChangeLogSizeFigures {
  entries: number;
  memory: { buildMs: number; heapMiB: number; middle: PageFigure; end: PageFigure };
  postgres: {
    /** `loadSnapshot` of the organization into a fresh schema. */
    loadMs: number;
    middle: PageFigure;
    end: PageFigure;
  } | null;
}

export interface ChangePagesFigures {
  runs: number;
  sizes: ChangeLogSizeFigures[];
}

/** Bytes of heap in use after a full collection (`--expose-gc`; without it, as it stands). */
function settledHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** The cursor at `position` of the organization's current epoch. */
async function cursorAt(store: Store, position: number): Promise<string> {
  const { epoch, prunedThrough } = await store.transaction(
    ORG,
    async (tx) => {
      if (!supportsChangeLog(tx)) throw new Error("no change log");
      return tx.readChangeLog({ after: 0, limit: 0 });
    },
    { readOnly: true },
  );
  return encodeChangeCursor(
    { orgId: ORG, epoch, position, issuedAt: NOW.getTime(), prunedThrough },
    SECRET,
  );
}

/** A page's three timings: the whole read, the log alone, the records alone. */
function pageTimers(store: Store, cursor: string, after: number) {
  let answer: unknown[] = [];
  let ids: string[] = [];
  const whole = async () => {
    const outcome = await readJobApplicationChanges(store, {
      orgId: ORG,
      cursor,
      limit: PAGE,
      now: NOW,
      cursorSecret: SECRET,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    if (outcome.page.changes.length !== PAGE) throw new Error("a short page");
    answer = outcome.page.changes;
  };
  const log = () =>
    store.transaction(
      ORG,
      async (tx) => {
        if (!supportsChangeLog(tx)) throw new Error("no change log");
        const page = await tx.readChangeLog({ after, limit: PAGE + 1 });
        ids = page.entries.slice(0, PAGE).map((entry) => entry.applicationId);
      },
      { readOnly: true },
    );
  const records = () =>
    store.transaction(
      ORG,
      async (tx) => {
        if (!supportsLiveData(tx)) throw new Error("no live data");
        const built = await currentRecords(tx, await tx.loadOrganization(), ids);
        if (built.size !== PAGE) throw new Error("records missing");
      },
      { readOnly: true },
    );
  // The answer is serialized only to be compared, after the timings.
  return { whole, log, records, answer: () => JSON.stringify(answer) };
}

/**
 * Pages of 1,000 changes read from the middle of the log and from 1,000 before its end, each store
 * in its turn (interleaved with PostgreSQL's pages, the memory store's measured 8–10 ms instead of
 * 5 at 10,000 entries, from one run to the next). After {@link WARM_READS} untimed pages from
 * each cursor, `runs` pages each timed from a settled heap, the page's two parts right after it;
 * then {@link WARM_READS} pages in a row for the warm figure. Medians.
 */
async function timePages(
  stores: [string, Store][],
  entries: number,
  runs: number,
): Promise<Map<string, { middle: PageFigure; end: PageFigure; answers: string[] }>> {
  const positions = { middle: Math.floor(entries / 2), end: entries - PAGE };
  const timers = new Map<string, Record<"middle" | "end", ReturnType<typeof pageTimers>>>();
  for (const [name, store] of stores)
    timers.set(name, {
      middle: pageTimers(store, await cursorAt(store, positions.middle), positions.middle),
      end: pageTimers(store, await cursorAt(store, positions.end), positions.end),
    });
  const times = new Map<string, number[]>();
  const push = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  const time = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  for (const [name] of stores) {
    const own = timers.get(name);
    if (own === undefined) continue;
    // Compiled before anything is timed: the first size's pages are also the process's first.
    for (const where of ["middle", "end"] as const)
      for (let read = 0; read < WARM_READS; read++) await own[where].whole();
    for (let run = 0; run < runs; run++) {
      for (const where of ["middle", "end"] as const) {
        const timer = own[where];
        const whole = await timeSettled(timer.whole);
        const log = await time(timer.log);
        const records = await time(timer.records);
        push(`${name} ${where}`, whole);
        push(`${name} ${where} log`, log);
        push(`${name} ${where} records`, records);
      }
    }
    for (const where of ["middle", "end"] as const)
      for (let read = 0; read < WARM_READS; read++)
        push(`${name} ${where} warm`, await time(own[where].whole));
  }
  const figure = (key: string): PageFigure => ({
    ms: median(times.get(key) ?? []),
    warmMs: median(times.get(`${key} warm`) ?? []),
    logMs: median(times.get(`${key} log`) ?? []),
    recordsMs: median(times.get(`${key} records`) ?? []),
  });
  const result = new Map<string, { middle: PageFigure; end: PageFigure; answers: string[] }>();
  for (const [name, own] of timers)
    result.set(name, {
      middle: figure(`${name} middle`),
      end: figure(`${name} end`),
      answers: [own.middle.answer(), own.end.answer()],
    });
  return result;
}

/**
 * Issue 45's first target: a page of 1,000 changes from logs of 10,000, 100,000 and 1,000,000
 * entries (one per application: the log keeps an application's latest change only), on the
 * memory store and, given `url`, PostgreSQL (a fresh schema), each holding the organization by
 * its snapshot. Each size is built once and every measurement of it made before the next is
 * built: the memory store's first, then PostgreSQL's once the memory store is let go. The pages
 * of both stores must be the same JSON.
 */
export async function benchChangePages(
  url: string | undefined,
  runs: number,
  progress: (line: string) => void = () => {},
): Promise<ChangePagesFigures> {
  const pool = url === undefined ? undefined : new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_changes_${process.pid}`;
  const dropSchema = () => pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  const sizes: ChangeLogSizeFigures[] = [];
  try {
    for (const entries of CHANGE_LOG_SIZES) {
      const heapBefore = settledHeap();
      let snapshot: OrganizationSnapshot | null = changesSnapshot(entries);
      let postgres: { store: PostgresStore; loadMs: number } | null = null;
      if (pool !== undefined) {
        await dropSchema();
        const store = createPostgresStore({ client: pool, schema });
        await store.migrate();
        const start = performance.now();
        await store.loadSnapshot(snapshot);
        postgres = { store, loadMs: performance.now() - start };
        progress(`PostgreSQL: ${entries} applications loaded in ${postgres.loadMs.toFixed(0)} ms`);
      }
      const buildStart = performance.now();
      let memory: Store | null = createMemoryStore(snapshot);
      const buildMs = performance.now() - buildStart;
      snapshot = null;
      const heapMiB = (settledHeap() - heapBefore) / 2 ** 20;
      progress(
        `memory store of ${entries} applications built in ${buildMs.toFixed(0)} ms, ${heapMiB.toFixed(0)} MiB of heap`,
      );
      const timed = await timePages([["memory", memory]], entries, runs);
      // Let go before PostgreSQL is measured: a process answering from PostgreSQL holds no
      // memory store, and the 1,000,000-application one (1.6 GiB) slowed its pages by a fifth.
      memory = null;
      if (postgres !== null)
        for (const [name, figures] of await timePages(
          [["postgres", postgres.store]],
          entries,
          runs,
        ))
          timed.set(name, figures);
      sameAnswers(timed, entries);
      const byMemory = timed.get("memory");
      const byPostgres = timed.get("postgres");
      if (byMemory === undefined) throw new Error("no memory-store figures");
      sizes.push({
        entries,
        memory: { buildMs, heapMiB, middle: byMemory.middle, end: byMemory.end },
        postgres:
          postgres === null || byPostgres === undefined
            ? null
            : { loadMs: postgres.loadMs, middle: byPostgres.middle, end: byPostgres.end },
      });
      await dropSchema();
    }
    return { runs, sizes };
  } finally {
    await dropSchema();
    await pool?.end();
  }
}

/** Every store answered each page with the same changes. */
function sameAnswers(timed: Map<string, { answers: string[] }>, entries: number): void {
  const [first, ...others] = [...timed.entries()];
  if (first === undefined) return;
  for (const [name, figures] of others)
    figures.answers.forEach((answer, index) => {
      if (answer !== first[1].answers[index])
        throw new Error(`${entries}: ${name} answered page ${index} otherwise than ${first[0]}`);
    });
}

/** One recording's figures: the whole write and the change log's part of it, medians. */
export interface ChangeLogCostFigure {
  endpoints: number;
  /** `recordJobApplications` of the 10,000 applications, as the caller waits for it. */
  wholeMs: number;
  /** The change log's own steps inside that write (see {@link benchChangeLogCost}). */
  logMs: number;
  /** Median over the runs of whole / (whole − log): the write with the log against without. */
  ratio: number;
}

export interface ChangeLogCostFigures {
  runs: number;
  applications: number;
  statusChanges: number;
  memory: ChangeLogCostFigure[];
  postgres: ChangeLogCostFigure[] | null;
}

const COST_ORG = "bench-live";

/** An enabled endpoint, as `registerWebhookEndpoint` saves one (its URL check aside). */
function benchEndpoint(now: Date): WebhookEndpoint {
  return {
    id: "bench-endpoint",
    url: "https://hooks.example.com/rpdi",
    secrets: [{ secret: newWebhookSecret(new Uint8Array(24).fill(7)), expiresAt: null }],
    enabled: true,
    disabledReason: null,
    createdAt: now,
  };
}

async function saveEndpoint(store: Store, now: Date): Promise<void> {
  await store.transaction(COST_ORG, async (tx) => {
    if (!supportsChangeLog(tx)) throw new Error("no change log");
    await tx.saveWebhookEndpoint(benchEndpoint(now));
  });
}

/**
 * Times the memory store's change-log steps where the commit runs them: for as long as it is
 * installed, `ChangeLogVersion#append` (the entries, the superseded ones marked, the next version)
 * and the webhook queue's `retainEndpoints` and `enqueue` (the events) add their time to a counter.
 * The bench's instrument only: the same calls on the same data, inside the real write.
 */
function memoryLogTimer(): { take(): number; restore(): void } {
  let ms = 0;
  const timed = <A extends unknown[], R>(method: (...args: A) => R) =>
    function (this: unknown, ...args: A): R {
      const start = performance.now();
      try {
        return method.apply(this, args);
      } finally {
        ms += performance.now() - start;
      }
    };
  const log = ChangeLogVersion.prototype;
  const queue = WebhookEventQueue.prototype;
  const originals = { append: log.append, enqueue: queue.enqueue, retain: queue.retainEndpoints };
  log.append = timed(originals.append);
  queue.enqueue = timed(originals.enqueue);
  queue.retainEndpoints = timed(originals.retain);
  return {
    take() {
      const taken = ms;
      ms = 0;
      return taken;
    },
    restore() {
      log.append = originals.append;
      queue.enqueue = originals.enqueue;
      queue.retainEndpoints = originals.retain;
    },
  };
}

/**
 * A pool whose connections time the change log's statement (the one before the COMMIT that draws
 * the positions, upserts the entries and makes the events: `appendChanges`), as the client waits
 * for it. Nothing else of the connections changes.
 */
function timedPool(url: string): { pool: pg.Pool; client: PostgresClient; take(): number } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let ms = 0;
  const wrapped = new WeakSet<object>();
  const client = {
    query: pool.query.bind(pool),
    async connect() {
      const connection = await pool.connect();
      if (!wrapped.has(connection)) {
        wrapped.add(connection);
        const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
        (connection as unknown as { query: unknown }).query = (...args: unknown[]) => {
          const text = args[0];
          if (typeof text !== "string" || !text.includes(".application_changes AS e"))
            return query(...args);
          const start = performance.now();
          return (query(...args) as Promise<unknown>).finally(() => {
            ms += performance.now() - start;
          });
        };
      }
      return connection;
    },
  };
  return {
    pool,
    client,
    take() {
      const taken = ms;
      ms = 0;
      return taken;
    },
  };
}

/**
 * Issue 45's second target: what the change log costs a write. `recordJobApplications` of the
 * live-data benchmark's 10,000 applications (100,000 status changes) into a fresh store holding
 * the organization and its 200 jobs, with no webhook endpoint and with one enabled; the change
 * log's own steps are timed inside each write (memory: {@link memoryLogTimer}; PostgreSQL, given
 * `url`: its one statement before the COMMIT, {@link timedPool}) and the write without the log is
 * the whole less those steps. There is no switch that turns the log off: it is written by the
 * adapters' own commits, so no service can forget an entry. Sides alternate; the first round
 * warms and is not counted; each write timed from a settled heap.
 */
export async function benchChangeLogCost(
  url: string | undefined,
  runs: number,
): Promise<ChangeLogCostFigures> {
  const full = generateFeedSnapshot(COST_ORG, 10_000, 10);
  const empty: OrganizationSnapshot = { ...full, candidates: [], applications: [] };
  const candidates = new Map(full.candidates.map((candidate) => [candidate.id, candidate]));
  const now = clockAfter(full.applications);
  const records = () => recordsOf(full.applications, candidates);
  const record = async (store: Store): Promise<void> => {
    const outcome = await recordJobApplications(store, {
      orgId: COST_ORG,
      applications: records(),
      now,
    });
    if (!outcome.ok || outcome.created !== full.applications.length)
      throw new Error(`the recording was refused: ${JSON.stringify(outcome).slice(0, 300)}`);
  };
  const timedPostgres = url === undefined ? undefined : timedPool(url);
  const memoryTimer = memoryLogTimer();
  const times = new Map<string, { whole: number; log: number }[]>();
  const keep = (key: string, whole: number, log: number) =>
    times.set(key, [...(times.get(key) ?? []), { whole, log }]);
  const schema = `rpdi_changes_cost_${process.pid}`;
  const dropSchema = () => timedPostgres?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  try {
    const sides: (() => Promise<void>)[] = [];
    for (const endpoints of [0, 1]) {
      sides.push(async () => {
        const store = createMemoryStore(empty);
        if (endpoints > 0) await saveEndpoint(store, now);
        memoryTimer.take();
        const whole = await timeSettled(() => record(store));
        keep(`memory ${endpoints}`, whole, memoryTimer.take());
      });
      if (timedPostgres !== undefined)
        sides.push(async () => {
          await dropSchema();
          const store = createPostgresStore({ client: timedPostgres.client, schema });
          await store.migrate();
          await store.loadSnapshot(empty);
          // Warm, as the live-data benchmark records: the write carries the cached index forward.
          await store.warmFeedIndex(COST_ORG);
          if (endpoints > 0) await saveEndpoint(store, now);
          timedPostgres.take();
          const whole = await timeSettled(() => record(store));
          keep(`postgres ${endpoints}`, whole, timedPostgres.take());
          await dropSchema();
        });
    }
    for (let run = 0; run <= runs; run++) {
      for (let turn = 0; turn < sides.length; turn++)
        await (sides[(run + turn) % sides.length] as () => Promise<void>)();
      if (run === 0) times.clear();
    }
  } finally {
    memoryTimer.restore();
    await dropSchema();
    await timedPostgres?.pool.end();
  }
  const figure = (key: string, endpoints: number): ChangeLogCostFigure => {
    const measured = times.get(key) ?? [];
    return {
      endpoints,
      wholeMs: median(measured.map((m) => m.whole)),
      logMs: median(measured.map((m) => m.log)),
      ratio: median(measured.map((m) => m.whole / (m.whole - m.log))),
    };
  };
  return {
    runs,
    applications: full.applications.length,
    statusChanges: full.applications.length * 10,
    memory: [figure("memory 0", 0), figure("memory 1", 1)],
    postgres:
      timedPostgres === undefined ? null : [figure("postgres 0", 0), figure("postgres 1", 1)],
  };
}

/** Both benchmarks of issue 45, as the fresh process that runs them prints them. */
export interface ChangesBenchFigures {
  pages: ChangePagesFigures;
  cost: ChangeLogCostFigures;
}

/** Prints the change log's two sections and answers issue 45's targets. */
export function describeChanges({ pages, cost }: ChangesBenchFigures): Target[] {
  const targets: Target[] = [];
  const n = (value: number) => value.toLocaleString("en-US");
  const ms = (value: number) => value.toFixed(1);
  const ratio = (value: number) => `${value.toFixed(2)}×`;
  const page = (figure: PageFigure) =>
    `${ms(figure.ms)} ms (${ms(figure.logMs)} + ${ms(figure.recordsMs)}), warm ${ms(figure.warmMs)}`;
  console.log(
    `\nChange log (issue 45): a page of ${n(PAGE)} changes (readJobApplicationChanges, limit ${n(PAGE)}) from a cursor in the middle of the log and one ${n(PAGE)} before its end. The log keeps one entry per application (its latest change), so each size is that many small applications (1–2 status changes, a candidate each, 200 jobs). Both stores hold the organization by its snapshot (createMemoryStore; PostgreSQL: loadSnapshot into a fresh schema), and their pages must be the same JSON. Each page from a settled heap, medians of ${pages.runs}; its parts (log read + record building) read right after it in transactions of their own; warm: the median of ${WARM_READS} pages in a row, on which flatness is judged.`,
  );
  console.log(
    `  ${"entries".padStart(9)}  ${"".padEnd(12)}  ${"middle".padEnd(34)}  ${"end".padEnd(34)}`,
  );
  for (const size of pages.sizes) {
    const { memory, postgres } = size;
    console.log(
      `  ${n(size.entries).padStart(9)}  ${"memory store".padEnd(12)}  ${page(memory.middle).padEnd(34)}  ${page(memory.end).padEnd(34)}`,
    );
    if (postgres !== null)
      console.log(
        `  ${"".padStart(9)}  ${"PostgreSQL".padEnd(12)}  ${page(postgres.middle).padEnd(34)}  ${page(postgres.end).padEnd(34)}  ${ratio(postgres.middle.ms / memory.middle.ms)}, ${ratio(postgres.end.ms / memory.end.ms)} the memory store (warm ${ratio(postgres.middle.warmMs / memory.middle.warmMs)}, ${ratio(postgres.end.warmMs / memory.end.warmMs)})`,
      );
  }
  const first = pages.sizes[0];
  const last = pages.sizes.at(-1);
  if (first === undefined || last === undefined) return targets;
  const label = `${n(last.entries)} / ${n(first.entries)} entries`;
  const grown = (a: PageFigure, b: PageFigure) =>
    `${ratio(a.warmMs / b.warmMs)} warm (${ratio(a.ms / b.ms)} settled)`;
  console.log(
    `  ${label}: memory store ${grown(last.memory.middle, first.memory.middle)}, ${grown(last.memory.end, first.memory.end)}${last.postgres === null || first.postgres === null ? "" : `; PostgreSQL ${grown(last.postgres.middle, first.postgres.middle)}, ${grown(last.postgres.end, first.postgres.end)}`}`,
  );
  const each = (value: (size: ChangeLogSizeFigures) => number) =>
    pages.sizes.map((size) => value(size).toFixed(1)).join(" / ");
  console.log(
    `  built in: memory store ${each((size) => size.memory.buildMs / 1000)} s (${pages.sizes.map((size) => size.memory.heapMiB.toFixed(0)).join(" / ")} MiB of heap)${first.postgres === null ? "" : `; PostgreSQL loadSnapshot ${each((size) => (size.postgres?.loadMs ?? 0) / 1000)} s`}`,
  );
  for (const where of ["middle", "end"] as const) {
    targets.push({
      name: `memory-store page of 1,000 changes in ${n(last.entries)} (${where}) / 20 ms`,
      figure: `${ms(last.memory[where].ms)} ms`,
      ratio: last.memory[where].ms / 20,
      limit: 1,
    });
    targets.push({
      name: `memory-store change page, ${label} (${where}, warm) (flat, 1.2×)`,
      figure: `${ms(last.memory[where].warmMs)} ms`,
      ratio: last.memory[where].warmMs / first.memory[where].warmMs,
      limit: 1.2,
    });
    if (last.postgres === null || first.postgres === null) continue;
    targets.push({
      name: `PostgreSQL change page in ${n(last.entries)} (${where}) / memory store (3×)`,
      figure: `${ms(last.postgres[where].ms)} ms`,
      ratio: last.postgres[where].ms / last.memory[where].ms,
      limit: 3,
    });
    targets.push({
      name: `PostgreSQL change page, ${label} (${where}, warm) (flat, 1.2×)`,
      figure: `${ms(last.postgres[where].warmMs)} ms`,
      ratio: last.postgres[where].warmMs / first.postgres[where].warmMs,
      limit: 1.2,
    });
  }

  console.log(
    `\nThe change log's cost to a write (issue 45): recordJobApplications of ${n(cost.applications)} applications with ${n(cost.statusChanges)} status changes in one call into a fresh store holding the organization and its 200 jobs (the live-data benchmark's recording). There is no switch that turns the log off; its steps are timed inside each write (memory store: ChangeLogVersion#append and the webhook queue's enqueue and retainEndpoints; PostgreSQL: its one statement before the COMMIT, as the client waits for it) and the write without the log is the whole less them. Medians of ${cost.runs}.`,
  );
  const rows: [string, ChangeLogCostFigure[] | null][] = [
    ["memory store", cost.memory],
    ["PostgreSQL", cost.postgres],
  ];
  for (const [store, figures] of rows) {
    if (figures === null) {
      console.log(`  ${store.padEnd(13)} not measured (set DATABASE_URL)`);
      continue;
    }
    for (const figure of figures) {
      const endpoints = `${figure.endpoints} endpoint${figure.endpoints === 1 ? "" : "s"}`;
      console.log(
        `  ${store.padEnd(13)} ${endpoints.padEnd(12)} whole ${figure.wholeMs.toFixed(0).padStart(5)} ms  change log ${ms(figure.logMs).padStart(6)} ms (${((figure.logMs / figure.wholeMs) * 100).toFixed(1)}%)  with / without ${figure.ratio.toFixed(3)}×`,
      );
      targets.push({
        name: `${store} recording of 10,000, change log ${endpoints} / without (1.15×)`,
        figure: `${ms(figure.logMs)} of ${figure.wholeMs.toFixed(0)} ms`,
        ratio: figure.ratio,
        limit: 1.15,
      });
    }
  }
  return targets;
}
