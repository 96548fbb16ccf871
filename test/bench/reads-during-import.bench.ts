import pg from "pg";
import { issueSessionToken } from "../../src/auth/session-token";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import type { MemberBenchInput } from "./member-file";
import { median } from "./timing";

const SECRET = "bench-only-secret-of-at-least-32-bytes!";
const BASE = "http://rpdi.bench";
/** A lookup-list read is due this often, as a busy host's other users would ask. */
const READ_EVERY_MS = 10;

/** Read latencies beside one import through the HTTP binding, in ms. */
export interface ReadsBesideImportFigures {
  /** Median read latency with nothing else running. */
  idleP50Ms: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Reads due while the import ran. */
  reads: number;
  importMs: number;
  /** The import's status (200 expected). */
  status: number;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Lookup-list reads (`GET /api/v2/departments`) due every 10 ms through the HTTP binding while a
 * member import of `input` runs in the same process, on the binding's worker pool (`workers`) or
 * paced on the event loop alone. A read's latency runs from when it was due, so a timer held up
 * by a busy event loop counts against it.
 */
export async function benchReadsBesideImport(
  store: Store,
  input: MemberBenchInput,
  workers: boolean,
): Promise<ReadsBesideImportFigures> {
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    acceptBearer: true,
    importWorkers: workers ? undefined : false,
  });
  try {
    const token = await issueSessionToken(
      store,
      SECRET,
      { orgId: input.organization.id, memberId: BENCH_ADMIN_ID },
      new Date(),
    );
    const authorization = `Bearer ${token}`;
    const read = async () => {
      const response = await handler(
        new Request(`${BASE}/api/v2/departments`, { headers: { authorization } }),
      );
      if (response.status !== 200) throw new Error(`a read answered ${response.status}`);
      await response.arrayBuffer();
    };
    /** Reads due every 10 ms until `until` settles; each one's latency from its due time. */
    const readsUntil = async (until: Promise<unknown>) => {
      let running = true;
      until.finally(() => {
        running = false;
      });
      const latencies: Promise<number>[] = [];
      const start = performance.now();
      for (let due = start; running; due += READ_EVERY_MS) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!running) break;
        const dueAt = due;
        latencies.push(read().then(() => performance.now() - dueAt));
      }
      return Promise.all(latencies);
    };
    // The upload's bytes are made before the clock starts: encoding them is the client's work,
    // which a real server never does (made lazily, it was a 100 ms block of this process).
    const form = new FormData();
    form.set("file", new Blob([input.csv], { type: "text/csv" }), "members.csv");
    const upload = new Response(form);
    const uploadType = upload.headers.get("content-type") ?? "";
    const uploadBody = new Uint8Array(await upload.arrayBuffer());
    // Warm the route and the token's check, then the idle figure over a second.
    for (let warm = 0; warm < 20; warm++) await read();
    const idle = await readsUntil(new Promise((resolve) => setTimeout(resolve, 1000)));

    const started = performance.now();
    const importing = handler(
      new Request(`${BASE}/api/v2/members/import-csv?product=PERFORM`, {
        method: "POST",
        headers: { authorization, "content-type": uploadType },
        body: uploadBody,
      }),
    ).then(async (response) => {
      const body = await response.text();
      if (response.status !== 200) console.error(body.slice(0, 400));
      return { status: response.status, importMs: performance.now() - started };
    });
    const during = await readsUntil(importing);
    const { status, importMs } = await importing;
    return {
      idleP50Ms: median(idle),
      p50Ms: percentile(during, 0.5),
      p99Ms: percentile(during, 0.99),
      maxMs: Math.max(...during),
      reads: during.length,
      importMs,
      status,
    };
  } finally {
    await handler.close();
  }
}

/** The admin of {@link besideSnapshot}, whom the file does not name. */
export const BENCH_ADMIN_ID = "0b0b0b0b-0000-4000-8000-000000000001";

/**
 * The bench organization with an admin the file does not name, who runs the import: a file row
 * that changed the caller's own role would be refused.
 */
export function besideSnapshot(input: MemberBenchInput) {
  const [first] = input.members;
  if (first === undefined) throw new Error("the bench organization has no members");
  const admin = {
    ...structuredClone(first),
    id: BENCH_ADMIN_ID,
    email: "bench.admin@bench.example",
    employeeId: null,
    ssoId: null,
    managerId: null,
    mentorIds: [],
    products: [{ product: "PERFORM" as const, role: "ADMIN" as const }],
  };
  return organizationSnapshotSchema.parse({
    organization: input.organization,
    members: [...input.members, admin],
  });
}

/** {@link benchReadsBesideImport} on a fresh memory store. */
export function benchReadsBesideMemoryImport(input: MemberBenchInput, workers: boolean) {
  return benchReadsBesideImport(createMemoryStore(besideSnapshot(input)), input, workers);
}

/** {@link benchReadsBesideImport} on PostgreSQL at `url`, in a schema of its own, dropped after. */
export async function benchReadsBesidePostgresImport(
  url: string,
  input: MemberBenchInput,
  workers: boolean,
): Promise<ReadsBesideImportFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_beside_${process.pid}_${workers ? "pool" : "pace"}`;
  try {
    const store = createPostgresStore({ client: pool, schema });
    await store.migrate();
    await store.loadSnapshot(besideSnapshot(input));
    return await benchReadsBesideImport(store, input, workers);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

/** One line of figures. */
export function describeReadsBesideImport(figures: ReadsBesideImportFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `reads p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, max ${ms(figures.maxMs)} over ${figures.reads} reads (idle p50 ${ms(figures.idleP50Ms)}); the import ${figures.importMs.toFixed(0)} ms, ${figures.status}`;
}
