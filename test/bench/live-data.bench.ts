import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { ApplicationRecord } from "../../src/applications/input";
import { recordJobApplications } from "../../src/applications/record";
import type { Application, Candidate } from "../../src/domain/feed";
import type { FeedIndex } from "../../src/domain/feed-index";
import type { OrganizationSnapshot } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { buildFeedIndex } from "../../src/memory/feed-index";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import type { Store } from "../../src/store/port";
import { FEED_NOW, generateFeedSnapshot } from "./feed-data";
import type { Target } from "./targets";
import { median, timeSettled } from "./timing";

const ORG = "bench-live";

/** One recording's figures: the memory store beside its references, and PostgreSQL. */
export interface RecordingFigures {
  applications: number;
  statusChanges: number;
  /** `recordJobApplications` into the memory store (the organization and its jobs, nothing else). */
  memoryMs: number;
  /** `buildFeedIndex` over fresh copies of the same stored applications, candidates and jobs. */
  buildIndexMs: number;
  /** `createMemoryStore` of the same data as a snapshot (context, no target). */
  createStoreMs: number;
  /** `recordJobApplications` into PostgreSQL, or why it was not measured. */
  postgres: { ms: number } | { refused: string };
}

/** One feed query after the batches: the index carried forward by each write beside one built fresh. */
export interface BatchQueryFigure {
  label: string;
  returned: number;
  memory: { liveMs: number; freshMs: number };
  postgres: { liveMs: number; freshMs: number } | null;
}

export interface BatchFigures {
  loaded: number;
  batches: number;
  batchSize: number;
  /** The memory store's index after the batches: its runs of status changes. */
  memoryRuns: number;
  /** Median milliseconds of one batch's recording (memory store; PostgreSQL when measured). */
  memoryBatchMs: number;
  postgresBatchMs: number | null;
  /** The PostgreSQL store's cached index after the batches: its runs, or why there is none. */
  postgresRuns: number | string;
  queries: BatchQueryFigure[];
}

export interface LiveDataFigures {
  /** `"server"` when `DATABASE_URL` named one, else PGlite in this process. */
  postgres: "server" | "PGlite";
  recording: RecordingFigures;
  batches: BatchFigures;
}

/**
 * Issue 44's speed targets, in one run: recording 10,000 applications with 100,000 status changes
 * (memory store against building the same feed index from scratch; PostgreSQL against the memory
 * store), and the one-week and 30-day feed queries after 100 batches of 100 applications, from the
 * index each write carried forward against one built fresh from the same data, on both stores.
 * PostgreSQL is the server at `url`, else PGlite. Sides alternate; medians of `runs`, each timing
 * from a settled heap.
 */
export async function benchLiveData(
  url: string | undefined,
  runs: number,
): Promise<LiveDataFigures> {
  const pool = url === undefined ? undefined : new pg.Pool({ connectionString: url, max: 4 });
  const lite = pool === undefined ? new PGlite() : undefined;
  const client = (pool ?? lite) as PostgresClient;
  try {
    const recording = await benchRecording(client, runs);
    const batches = await benchBatches(client, runs);
    return { postgres: pool === undefined ? "PGlite" : "server", recording, batches };
  } finally {
    await pool?.end();
    await lite?.close();
  }
}

/** The records that make `applications` (with their candidates) as they are stored: new objects. */
export function recordsOf(
  applications: readonly Application[],
  candidates: ReadonlyMap<string, Candidate>,
): ApplicationRecord[] {
  return applications.map((application) => {
    const candidate = candidates.get(application.candidateId) as Candidate;
    return {
      id: application.id,
      candidate: {
        id: candidate.id,
        firstName: candidate.firstName,
        lastName: candidate.lastName,
      },
      jobId: application.jobId,
      statusChanges: application.statusChanges.map((change, position) => ({
        id: `${application.id}-sc-${position}`,
        statusName: change.statusName,
        statusBucketName: change.statusBucketName,
        at: change.at,
      })),
    };
  });
}

/** A clock no generated status change is later than (the latest ones pass `FEED_NOW`). */
export function clockAfter(applications: readonly Application[]): Date {
  let latest = FEED_NOW.getTime();
  for (const application of applications)
    for (const change of application.statusChanges)
      latest = Math.max(latest, Date.parse(change.at));
  return new Date(latest + 60_000);
}

/** `snapshot` with only its first `count` applications and their candidates. */
function firstApplications(snapshot: OrganizationSnapshot, count: number): OrganizationSnapshot {
  const applications = snapshot.applications.slice(0, count);
  const ids = new Set(applications.map((application) => application.candidateId));
  return {
    ...snapshot,
    applications,
    candidates: snapshot.candidates.filter((candidate) => ids.has(candidate.id)),
  };
}

async function record(
  store: Store,
  applications: ApplicationRecord[],
  now: Date,
): Promise<{ ok: true; created: number } | { ok: false; message: string }> {
  const outcome = await recordJobApplications(store, { orgId: ORG, applications, now });
  if (outcome.ok) return outcome;
  return { ok: false, message: JSON.stringify(outcome).slice(0, 300) };
}

/** A PostgreSQL store in a schema of its own, migrated, holding `snapshot`, its index warm. */
async function postgresStore(
  client: PostgresClient,
  schema: string,
  snapshot: OrganizationSnapshot,
): Promise<PostgresStore> {
  const store = createPostgresStore({ client, schema });
  await store.migrate();
  await store.loadSnapshot(snapshot);
  // Warm, so each write carries the cached index forward as the memory store's does.
  await store.warmFeedIndex(ORG);
  return store;
}

async function dropSchema(client: PostgresClient, schema: string): Promise<void> {
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/**
 * 10,000 applications with 100,000 status changes (the feed's data, ten changes each) recorded in
 * one call into a fresh store holding the organization and its 200 jobs. The first round warms
 * every side and is not counted.
 */
async function benchRecording(client: PostgresClient, runs: number): Promise<RecordingFigures> {
  const full = generateFeedSnapshot(ORG, 10_000, 10);
  const empty: OrganizationSnapshot = { ...full, candidates: [], applications: [] };
  const candidates = new Map(full.candidates.map((candidate) => [candidate.id, candidate]));
  const now = clockAfter(full.applications);
  const fresh = () => recordsOf(full.applications, candidates);

  // The data as recording stores it (status-change ids, times as the store writes them): the
  // reference builds its index from this.
  const probe = createMemoryStore(empty);
  const probed = await record(probe, fresh(), now);
  if (!probed.ok || probed.created !== full.applications.length)
    throw new Error(`recording refused: ${probed.ok ? probed.created : probed.message}`);
  const stored = (await probe.exportSnapshot(ORG)) as OrganizationSnapshot;

  const memoryMs: number[] = [];
  const buildMs: number[] = [];
  const createMs: number[] = [];
  const postgresMs: number[] = [];
  let refused: string | null = null;
  let built: FeedIndex | null = null;
  const sides: (() => Promise<void>)[] = [
    async () => {
      const store = createMemoryStore(empty);
      const records = fresh();
      let outcome: Awaited<ReturnType<typeof record>> | undefined;
      memoryMs.push(await timeSettled(async () => (outcome = await record(store, records, now))));
      if (!outcome?.ok) throw new Error("the memory store refused the recording");
    },
    async () => {
      const copy = structuredClone(stored);
      buildMs.push(
        await timeSettled(
          () =>
            (built = buildFeedIndex(
              copy.applications,
              copy.candidates,
              copy.jobs,
              copy.organization,
            )),
        ),
      );
      if (built?.statusChangeCount !== 100_000) throw new Error("the index is not whole");
    },
    async () => {
      const copy = structuredClone(stored);
      createMs.push(await timeSettled(() => createMemoryStore(copy)));
    },
    async () => {
      if (refused !== null) return;
      const schema = `rpdi_live_record_${process.pid}`;
      await dropSchema(client, schema);
      try {
        const store = await postgresStore(client, schema, empty);
        const records = fresh();
        let outcome: Awaited<ReturnType<typeof record>> | undefined;
        const ms = await timeSettled(async () => (outcome = await record(store, records, now)));
        if (outcome?.ok) postgresMs.push(ms);
        else refused = outcome?.message ?? "no outcome";
      } finally {
        await dropSchema(client, schema);
      }
    },
  ];
  for (let run = 0; run <= runs; run++) {
    // Each round starts from another side, so no side always follows the same one.
    for (let turn = 0; turn < sides.length; turn++)
      await (sides[(run + turn) % sides.length] as () => Promise<void>)();
    if (run === 0) for (const times of [memoryMs, buildMs, createMs, postgresMs]) times.length = 0;
  }
  return {
    applications: full.applications.length,
    statusChanges: full.applications.length * 10,
    memoryMs: median(memoryMs),
    buildIndexMs: median(buildMs),
    createStoreMs: median(createMs),
    postgres: refused !== null ? { refused } : { ms: median(postgresMs) },
  };
}

/** The index a store's read transaction answers the feed from, or `null`. */
async function feedIndexOf(store: Store): Promise<FeedIndex | null> {
  return store.transaction(ORG, async (tx) => (await tx.loadFeedIndex?.()) ?? null, {
    readOnly: true,
  });
}

/**
 * How many runs of status changes `index` holds: its selection key names one span per run. (The
 * index tells no other way; this is for the printout only.)
 */
function runsOf(index: FeedIndex): number {
  const query = { start: FEED_NOW, end: FEED_NOW, status: null, bucket: null };
  return index.selectionKey(query).split(",").length;
}

const WARMUPS = 5;
const BATCHES = 100;
const BATCH_SIZE = 100;
const LOADED = 10_000;

/**
 * An organization of 10,000 applications loaded by snapshot, then 100 batches of 100 new
 * applications (ten status changes each, over the same year) recorded one batch per call; the
 * one-week and 30-day feed queries through `queryJobApplications` (which selects from the index
 * on every call: the HTTP binding's JSON memo is not on its path) on the index each write carried
 * forward, against the same queries on an index built fresh from the same data.
 */
async function benchBatches(client: PostgresClient, runs: number): Promise<BatchFigures> {
  const full = generateFeedSnapshot(ORG, LOADED + BATCHES * BATCH_SIZE, 10);
  const loaded = firstApplications(full, LOADED);
  const candidates = new Map(full.candidates.map((candidate) => [candidate.id, candidate]));
  const now = clockAfter(full.applications);
  const batchesOf = () => {
    const records = recordsOf(full.applications.slice(LOADED), candidates);
    return Array.from({ length: BATCHES }, (_, batch) =>
      records.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE),
    );
  };
  const recordBatches = async (store: Store): Promise<number[] | string> => {
    const times: number[] = [];
    for (const batch of batchesOf()) {
      const start = performance.now();
      const outcome = await record(store, batch, now);
      times.push(performance.now() - start);
      if (!outcome.ok) return outcome.message;
    }
    return times;
  };

  const memoryLive = createMemoryStore(loaded);
  const memoryTimes = await recordBatches(memoryLive);
  if (typeof memoryTimes === "string") throw new Error(`the memory store refused: ${memoryTimes}`);
  const exported = (await memoryLive.exportSnapshot(ORG)) as OrganizationSnapshot;
  const memoryFresh = createMemoryStore(exported);
  const memoryIndex = await feedIndexOf(memoryLive);
  if (memoryIndex === null) throw new Error("the memory store has no index");

  const schema = `rpdi_live_batches_${process.pid}`;
  await dropSchema(client, schema);
  try {
    let postgresLive: Store | null = null;
    let postgresFresh: Store | null = null;
    let postgresBatchMs: number | null = null;
    let postgresRuns: number | string;
    const live = await postgresStore(client, schema, loaded);
    const postgresTimes = await recordBatches(live);
    if (typeof postgresTimes === "string") postgresRuns = `not measured: ${postgresTimes}`;
    else {
      postgresBatchMs = median(postgresTimes);
      const carried = await feedIndexOf(live);
      if (carried === null) postgresRuns = "no index kept after the writes (answered in SQL)";
      else postgresRuns = runsOf(carried);
      // A second store on the same database: its cache builds the index fresh.
      const fresh = createPostgresStore({ client, schema });
      if (!(await fresh.warmFeedIndex(ORG))) throw new Error("PostgreSQL built no index");
      postgresLive = live;
      postgresFresh = fresh;
    }
    const queries: BatchQueryFigure[] = [];
    const queryRuns = Math.max(runs, 15);
    for (const [label, days] of [
      ["one week", 7],
      ["30 days", 30],
    ] as const) {
      const params = {
        job_application_status_start: new Date(FEED_NOW.getTime() - days * 86_400_000)
          .toISOString()
          .slice(0, 19),
      };
      const stores: [string, Store][] = [
        ["memory live", memoryLive],
        ["memory fresh", memoryFresh],
      ];
      if (postgresLive !== null && postgresFresh !== null)
        stores.push(["postgres live", postgresLive], ["postgres fresh", postgresFresh]);
      const times = new Map<string, number[]>(stores.map(([name]) => [name, []]));
      const answers = new Map<string, string>();
      const once = async (name: string, store: Store) => {
        let items: unknown[] = [];
        const ms = await timeSettled(async () => {
          const outcome = await queryJobApplications(store, { orgId: ORG, params, now: FEED_NOW });
          if (!outcome.ok) throw new Error(outcome.error.message);
          items = outcome.items;
        });
        if (!answers.has(name)) answers.set(name, JSON.stringify(items));
        return { ms, returned: items.length };
      };
      let returned = 0;
      // Five rounds warm every side (the figures are of compiled code, and a query is a few
      // milliseconds); then each round starts from another side.
      for (let run = -WARMUPS; run < queryRuns; run++) {
        for (let turn = 0; turn < stores.length; turn++) {
          const [name, store] = stores[(run + WARMUPS + turn) % stores.length] as [string, Store];
          const timed = await once(name, store);
          returned = timed.returned;
          if (run >= 0) times.get(name)?.push(timed.ms);
        }
      }
      const first = answers.get("memory live");
      for (const [name, answer] of answers)
        if (answer !== first) throw new Error(`${label}: ${name} answered otherwise`);
      const ms = (name: string) => median(times.get(name) ?? []);
      queries.push({
        label,
        returned,
        memory: { liveMs: ms("memory live"), freshMs: ms("memory fresh") },
        postgres:
          postgresLive === null
            ? null
            : { liveMs: ms("postgres live"), freshMs: ms("postgres fresh") },
      });
    }
    return {
      loaded: LOADED,
      batches: BATCHES,
      batchSize: BATCH_SIZE,
      memoryRuns: runsOf(memoryIndex),
      memoryBatchMs: median(memoryTimes),
      postgresBatchMs,
      postgresRuns,
      queries,
    };
  } finally {
    await dropSchema(client, schema);
  }
}

/** Prints {@link benchLiveData}'s section and answers its targets. */
export function describeLiveData(figures: LiveDataFigures): Target[] {
  const { recording, batches } = figures;
  const on = `PostgreSQL on ${figures.postgres}`;
  const targets: Target[] = [];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(
    `\nLive data (issue 44): recordJobApplications of ${recording.applications.toLocaleString("en-US")} applications with ${recording.statusChanges.toLocaleString("en-US")} status changes in one call, into a fresh store holding the organization and its 200 jobs (${on})`,
  );
  console.log(`  memory store             ${recording.memoryMs.toFixed(0).padStart(6)} ms`);
  console.log(
    `  building the same index  ${recording.buildIndexMs.toFixed(0).padStart(6)} ms  (buildFeedIndex over fresh copies of the applications, candidates and jobs the recording stored: join, freeze, parse times, shape, sort every change; the feed part of loading a snapshot)  memory store ${ratio(recording.memoryMs, recording.buildIndexMs)}`,
  );
  console.log(
    `  createMemoryStore        ${recording.createStoreMs.toFixed(0).padStart(6)} ms  (of the same data as a snapshot: parse, copy and index it; for context)`,
  );
  targets.push({
    name: "memory-store recording of 10,000 applications / building the same feed index (2×)",
    figure: `${recording.memoryMs.toFixed(0)} ms`,
    ratio: recording.memoryMs / recording.buildIndexMs,
    limit: 2,
  });
  if ("ms" in recording.postgres) {
    console.log(
      `  PostgreSQL               ${recording.postgres.ms.toFixed(0).padStart(6)} ms  (a fresh schema each run, its cached index warm)  ${ratio(recording.postgres.ms, recording.memoryMs)} memory store`,
    );
  } else console.log(`  PostgreSQL               not measured: ${recording.postgres.refused}`);
  targets.push({
    name: `PostgreSQL (${figures.postgres}) recording of 10,000 applications / memory store (3×)`,
    figure: "ms" in recording.postgres ? `${recording.postgres.ms.toFixed(0)} ms` : "not measured",
    ratio:
      "ms" in recording.postgres
        ? recording.postgres.ms / recording.memoryMs
        : Number.POSITIVE_INFINITY,
    limit: 3,
  });

  console.log(
    `\nLive data: the feed after ${batches.batches} batches of ${batches.batchSize} applications (one call each; median ${batches.memoryBatchMs.toFixed(1)} ms a batch on the memory store${batches.postgresBatchMs === null ? "" : `, ${batches.postgresBatchMs.toFixed(1)} ms on PostgreSQL`}) recorded into an organization of ${batches.loaded.toLocaleString("en-US")} loaded applications; queryJobApplications (selects from the index on every call, no JSON memo on its path) on the index carried forward by each write, against an index built fresh from the same data (memory: a store created from the exported snapshot; PostgreSQL: a second store on the same schema, its cache warmed)`,
  );
  console.log(
    `  index carried forward    memory store ${batches.memoryRuns} runs of status changes; PostgreSQL ${typeof batches.postgresRuns === "number" ? `${batches.postgresRuns} runs` : batches.postgresRuns}`,
  );
  for (const query of batches.queries) {
    const pgText =
      query.postgres === null
        ? "PostgreSQL not measured"
        : `PostgreSQL live ${query.postgres.liveMs.toFixed(2)} ms, fresh ${query.postgres.freshMs.toFixed(2)} ms (${ratio(query.postgres.liveMs, query.postgres.freshMs)})`;
    console.log(
      `  ${query.label.padEnd(9)} ${String(query.returned).padStart(6)} records  memory live ${query.memory.liveMs.toFixed(2)} ms, fresh ${query.memory.freshMs.toFixed(2)} ms (${ratio(query.memory.liveMs, query.memory.freshMs)})  ${pgText}`,
    );
    targets.push({
      name: `memory-store feed ${query.label} after 100 batches / fresh index (1.2×)`,
      figure: `${query.memory.liveMs.toFixed(2)} ms`,
      ratio: query.memory.liveMs / query.memory.freshMs,
      limit: 1.2,
    });
    targets.push({
      name: `PostgreSQL (${figures.postgres}) feed ${query.label} after 100 batches / fresh (1.2×)`,
      figure: query.postgres === null ? "not measured" : `${query.postgres.liveMs.toFixed(2)} ms`,
      ratio:
        query.postgres === null
          ? Number.POSITIVE_INFINITY
          : query.postgres.liveMs / query.postgres.freshMs,
      limit: 1.2,
    });
  }
  return targets;
}
