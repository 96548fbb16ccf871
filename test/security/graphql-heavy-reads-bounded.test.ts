import { describe, expect, it } from "vitest";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import {
  createHeavyReadGate,
  type HeavyReadGate,
  type HeavyReadLimits,
} from "../../src/graphql/heavy-reads";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";

/** The sandbox again as a second organization, `second`, with addresses of its own. */
function secondOrganization(): OrganizationSnapshotInput {
  const text = JSON.stringify(sandboxSnapshot())
    .replaceAll("@hartwell.example", "@second.example")
    .replaceAll('"org-sandbox"', '"org-second"')
    .replaceAll('"shortName":"sandbox"', '"shortName":"second"');
  return JSON.parse(text);
}

/**
 * A store whose member-list reads wait until `release()`: heavy queries stay in flight for as long
 * as the test wants, without a clock. `started(n)` resolves once n reads have begun.
 */
function blockingStore(store: Store) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let begun = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const wrapped: Store = {
    transaction: (orgId, work, options) =>
      store.transaction(
        orgId,
        (tx) =>
          work({
            ...tx,
            listProductMembers: async (product) => {
              begun++;
              for (const waiter of waiting) if (begun >= waiter.count) waiter.resolve();
              await released;
              return tx.listProductMembers(product);
            },
            // The page read too, so a heavy query holds its turn whichever the reader takes.
            listProductMemberPage: async (product, page) => {
              begun++;
              for (const waiter of waiting) if (begun >= waiter.count) waiter.resolve();
              await released;
              const read = tx.listProductMemberPage;
              if (read === undefined) throw new Error("the memory store reads pages");
              return read(product, page);
            },
          }),
        options,
      ),
    loadSnapshot: (snapshot) => store.loadSnapshot(snapshot),
    exportSnapshot: (orgId) => store.exportSnapshot(orgId),
    findOrganizationId: (shortName) => store.findOrganizationId(shortName),
  };
  const started = (count: number) =>
    begun >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ count, resolve }));
  return { store: wrapped, release: () => release(), started };
}

/** The gate, and `entered(n)`: resolves once n heavy queries have asked it for a turn. */
function observed(gate: HeavyReadGate) {
  let count = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const wrapped: HeavyReadGate = {
    limits: gate.limits,
    load: (orgId) => gate.load(orgId),
    enter: (orgId, signal) => {
      const turn = gate.enter(orgId, signal);
      count++;
      for (const waiter of waiting) if (count >= waiter.count) waiter.resolve();
      return turn;
    },
  };
  const entered = (target: number) =>
    count >= target
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ count: target, resolve }));
  return { gate: wrapped, entered };
}

async function setUp(heavyReads: HeavyReadGate | Partial<HeavyReadLimits>) {
  const blocking = blockingStore(createMemoryStore([sandboxSnapshot(), secondOrganization()]));
  const handler = createHttpHandler({
    store: blocking.store,
    tokenSecret: SECRET,
    graphql: { heavyReads },
  });
  const signIn = async (shortName: string, email: string) => {
    const response = await handler(
      new Request(`${BASE}/app/${shortName}/admin/auth/`, {
        method: "POST",
        body: new URLSearchParams({ email, password: PASSWORD }),
      }),
    );
    const cookie = response.headers.get("set-cookie")?.split(";")[0];
    if (cookie === undefined) throw new Error(`no session for ${email}`);
    return cookie;
  };
  const sandbox = await signIn("sandbox", ADMIN);
  const second = await signIn("second", ADMIN.replace("@hartwell.example", "@second.example"));
  const graphql = async (cookie: string, query: string) => {
    const response = await handler(
      new Request(`${BASE}/api/v2/graphql`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ query }),
      }),
    );
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: await response.json(),
    };
  };
  const lookup = (cookie: string) =>
    handler(new Request(`${BASE}/api/v2/departments`, { headers: { cookie } }));
  return { ...blocking, sandbox, second, graphql, lookup };
}

/** Cost 1,000 + 50 × 2: a heavy query (every member-list read is). */
const HEAVY = `{ membersByProduct(product: PERFORM) { nodes { id } } }`;
const CHEAP = `{ memberById(id: "m-002") { id } }`;
const EDIT = `mutation { editUniversityMemberInfo(id: "m-002", input: { firstName: "Ben" }) { firstName } }`;

describe("heavy GraphQL reads bounded per organization (issue 29: twenty heavy queries held every request 16.9 s)", () => {
  it("with two heavy queries of an organization in flight and no queue, the next is refused 429 with Retry-After and a reason", async () => {
    const gate = createHeavyReadGate({ maxConcurrent: 2, maxQueued: 0 });
    const context = await setUp(gate);
    const inFlight = [
      context.graphql(context.sandbox, HEAVY),
      context.graphql(context.sandbox, HEAVY),
    ];
    await context.started(2);
    expect(gate.load("org-sandbox")).toEqual({ running: 2, queued: 0 });

    const refused = await context.graphql(context.sandbox, HEAVY);
    expect(refused).toEqual({
      status: 429,
      retryAfter: "1",
      body: {
        errors: [
          {
            message:
              "The query costs 1,100, which makes it heavy, and every turn for heavy queries of this organization is taken and the queue is full. Retry after 1 s, or ask for smaller pages one after another.",
            extensions: { code: "HEAVY_READS_BUSY", cost: 1100, retryAfterSeconds: 1 },
          },
        ],
      },
    });

    // Cheap requests of the same organization never wait behind them.
    expect(await context.graphql(context.sandbox, CHEAP)).toMatchObject({
      status: 200,
      body: { data: { memberById: { id: "m-002" } } },
    });
    expect((await context.graphql(context.sandbox, EDIT)).status).toBe(200);
    expect((await context.lookup(context.sandbox)).status).toBe(200);

    context.release();
    for (const answer of await Promise.all(inFlight)) expect(answer.status).toBe(200);
    expect(gate.load("org-sandbox")).toEqual({ running: 0, queued: 0 });
  });

  it("another organization's heavy query runs while one organization's turns are all taken", async () => {
    const gate = createHeavyReadGate({ maxConcurrent: 1, maxQueued: 0 });
    const context = await setUp(gate);
    const first = context.graphql(context.sandbox, HEAVY);
    await context.started(1);
    expect((await context.graphql(context.sandbox, HEAVY)).status).toBe(429);

    const other = context.graphql(context.second, HEAVY);
    await context.started(2);
    expect(gate.load("org-second")).toEqual({ running: 1, queued: 0 });
    context.release();
    expect((await other).status).toBe(200);
    expect((await first).status).toBe(200);
  });

  it("beyond the turns a heavy query waits in the queue and runs when a turn comes free; past the queue it is refused", async () => {
    const { gate, entered } = observed(createHeavyReadGate({ maxConcurrent: 1, maxQueued: 1 }));
    const context = await setUp(gate);
    const running = context.graphql(context.sandbox, HEAVY);
    await context.started(1);
    const queued = context.graphql(context.sandbox, HEAVY);
    await entered(2);
    expect(gate.load("org-sandbox")).toEqual({ running: 1, queued: 1 });
    const refused = await context.graphql(context.sandbox, HEAVY);
    expect(refused.status).toBe(429);
    expect(gate.load("org-sandbox")).toEqual({ running: 1, queued: 1 });

    context.release();
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect(gate.load("org-sandbox")).toEqual({ running: 0, queued: 0 });
  });

  it("limits given as options get the defaults for the rest: two heavy queries at once per organization", async () => {
    expect(createHeavyReadGate().limits).toEqual({
      maxConcurrent: 2,
      maxQueued: 8,
      maxWaitMs: 10_000,
    });
    const context = await setUp({ maxQueued: 0 });
    const inFlight = [
      context.graphql(context.sandbox, HEAVY),
      context.graphql(context.sandbox, HEAVY),
    ];
    await context.started(2);
    expect((await context.graphql(context.sandbox, HEAVY)).status).toBe(429);
    context.release();
    for (const answer of await Promise.all(inFlight)) expect(answer.status).toBe(200);
  });
});
