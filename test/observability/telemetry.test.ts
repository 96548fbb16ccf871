import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "../../src/feed/rate-limit";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { observeOutboxBacklog } from "../../src/telemetry/outbox-backlog";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "../http/support";
import { unreachableStore } from "../support/unreachable-store";

/** Collects on demand, as a scrape would. */
class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

const spans = new InMemorySpanExporter();
const reader = new TestReader();
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
  );
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});
afterAll(() => {
  trace.disable();
  metrics.disable();
  context.disable();
});
beforeEach(() => spans.reset());

const NOW = new Date("2026-06-15T12:00:00Z");

function sandboxHandler(options: { rateLimiter?: ReturnType<typeof createRateLimiter> } = {}) {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: SECRET,
    now: () => NOW,
    importWorkers: false,
    ...options,
  });
  const send = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  const login = async (password = PASSWORD) => {
    const response = await send("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password }),
    });
    return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  };
  return { handler, send, login };
}

const CELL = "Zanzibar-Cell-Sentinel";
const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";
const MATTERS =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n";
const NEW_ADDRESS = "span.person@hartwell.example";
const CSV = `Email,First Name,Last Name\n${NEW_ADDRESS},${CELL},Sentinel-Last\n`;

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("traces", () => {
  it("make a span tree for a member import: request, import, phases, store operations", async () => {
    const { send, login } = sandboxHandler();
    const cookie = await login();
    spans.reset();
    const response = await send("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload(CSV),
    });
    expect(response.status).toBe(200);
    const finished = spans.getFinishedSpans();
    const request = finished.find((span) => span.name === "POST /api/v2/members/import-csv");
    expect(request).toBeDefined();
    expect(request?.attributes).toEqual({
      "http.request.method": "POST",
      "http.route": "/api/v2/members/import-csv",
      "http.response.status_code": 200,
      "rpdi.org_id": sandboxSnapshot().organization.id,
    });
    expect(parentOf(request as ReadableSpan)).toBeUndefined();
    const load = finished.find((span) => span.name === "members.import");
    expect(parentOf(load as ReadableSpan)).toBe(request?.spanContext().spanId);
    expect(load?.attributes).toMatchObject({
      "rpdi.import.operation": "members.import",
      "rpdi.import.product": "PERFORM",
      "rpdi.import.created": 1,
      "rpdi.import.errors": 0,
    });
    const phases = finished.filter((span) => parentOf(span) === load?.spanContext().spanId);
    const phaseNames = phases
      .filter((span) => span.name.startsWith("import."))
      .map((span) => span.name);
    expect(phaseNames).toEqual([
      "import.upload",
      "import.read",
      "import.check",
      "import.plan",
      "import.write",
    ]);
    const storeSpans = phases.filter((span) => span.name.startsWith("store."));
    expect(storeSpans.map((span) => span.name)).toEqual(
      expect.arrayContaining(["store.loadOrganization", "store.applyMemberPlan"]),
    );
    for (const span of storeSpans)
      expect(Object.keys(span.attributes)).toEqual(["rpdi.store.operation"]);
    // The session check's reads are the request's own.
    const sessionReads = finished
      .filter((span) => parentOf(span) === request?.spanContext().spanId)
      .map((span) => span.name);
    expect(sessionReads).toEqual(
      expect.arrayContaining(["store.loadMembersById", "store.loadOrganization"]),
    );
    // Phases follow one another inside the import.
    const times = phases
      .filter((span) => span.name.startsWith("import."))
      .map((span) => [span.startTime, span.endTime]);
    for (let index = 1; index < times.length; index++)
      expect(times[index]?.[0]).toEqual(times[index - 1]?.[1]);
    const everything = JSON.stringify(finished.map((span) => [span.name, span.attributes]));
    for (const secret of [CELL, "Sentinel-Last", NEW_ADDRESS, ADMIN, PASSWORD, "hartwell"])
      expect(everything).not.toContain(secret);
  });

  it("make a span tree for a matter upsert and a refused legacy upload, with phases and counts", async () => {
    const { send, login } = sandboxHandler();
    const cookie = await login();
    spans.reset();
    const row = `M-9,${CELL},ben.marsh@hartwell.example,ada.okoye@hartwell.example,,,3,Acme Corp,\n`;
    const upserted = await send(`/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE}`, {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload(`${MATTERS}${row}`),
    });
    expect(upserted.status).toBe(200);
    const refused = await send(`/api/v2/matters-csv/upload-csv?reviewCycleId=${CYCLE}`, {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload(`${MATTERS}M-1,A,nobody@x.example,ada.okoye@hartwell.example,,,x,C,\n`),
    });
    expect(refused.status).toBe(400);
    const finished = spans.getFinishedSpans();
    const childrenOf = (parent: ReadableSpan | undefined) =>
      finished.filter((span) => parentOf(span) === parent?.spanContext().spanId);
    const request = finished.find((span) => span.name === "POST /api/v2/matters-csv/upsert");
    const upsert = finished.find((span) => span.name === "matters.upsert");
    expect(parentOf(upsert as ReadableSpan)).toBe(request?.spanContext().spanId);
    expect(upsert?.attributes).toMatchObject({
      "rpdi.import.operation": "matters.upsert",
      "rpdi.import.product": "PERFORM",
      "rpdi.import.reviewCycleId": CYCLE,
      "rpdi.import.created": 1,
      "rpdi.import.updated": 0,
      "rpdi.import.errors": 0,
    });
    const phases = childrenOf(upsert).map((span) => span.name);
    expect(phases.filter((name) => name.startsWith("import."))).toEqual([
      "import.upload",
      "import.read",
      "import.check",
      "import.plan",
      "import.write",
    ]);
    expect(phases).toEqual(
      expect.arrayContaining(["store.findReviewCycle", "store.applyMatterWrites"]),
    );
    const legacy = finished.find((span) => span.name === "matters.upload-csv");
    expect(legacy?.attributes).toMatchObject({ "rpdi.import.errors": 1 });
    expect(legacy?.attributes["rpdi.import.fileError"]).toBeUndefined();
    expect(
      childrenOf(legacy)
        .map((span) => span.name)
        .filter((name) => name.startsWith("import.")),
    ).toEqual(["import.upload", "import.read", "import.check"]);
    const everything = JSON.stringify(finished.map((span) => [span.name, span.attributes]));
    for (const secret of [CELL, "ben.marsh", "nobody@x.example", "Acme Corp"])
      expect(everything).not.toContain(secret);
  });

  it("continue a caller's trace from its traceparent header, and start a new one without it", async () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    try {
      const { send, login } = sandboxHandler();
      const cookie = await login();
      spans.reset();
      const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
      const callerSpan = "00f067aa0ba902b7";
      await send("/api/v2/departments", {
        headers: { cookie, traceparent: `00-${traceId}-${callerSpan}-01` },
      });
      await send("/api/v2/departments", { headers: { cookie } });
      const [continued, fresh] = spans
        .getFinishedSpans()
        .filter((span) => span.name === "GET /api/v2/departments");
      expect(continued?.spanContext().traceId).toBe(traceId);
      expect(continued?.parentSpanContext?.spanId).toBe(callerSpan);
      expect(continued?.parentSpanContext?.isRemote).toBe(true);
      expect(fresh?.spanContext().traceId).not.toBe(traceId);
      expect(fresh?.parentSpanContext).toBeUndefined();
    } finally {
      propagation.disable();
    }
  });

  it("leave the path and query as sent out, and the route when none matched", async () => {
    const { send, login } = sandboxHandler();
    const cookie = await login();
    spans.reset();
    await send("/api/v2/nowhere?email=lost.person@hartwell.example", { headers: { cookie } });
    const [span] = spans.getFinishedSpans().filter((each) => each.name === "GET");
    expect(span?.attributes).toEqual({
      "http.request.method": "GET",
      "http.response.status_code": 404,
    });
  });
});

function points(collected: Awaited<ReturnType<MetricReader["collect"]>>, name: string) {
  const metric = collected.resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((each) => each.descriptor.name === name);
  return (metric?.dataPoints ?? []) as DataPoint<number | Histogram>[];
}

describe("metrics", () => {
  it("count requests and their durations, imported rows, feed refusals and failed logins", async () => {
    const { send, login } = sandboxHandler({
      rateLimiter: createRateLimiter({ limit: 1, windowMs: 60_000 }),
    });
    const before = await reader.collect();
    const failedBefore = points(before, "rpdi.login.failures").reduce(
      (sum, point) => sum + (point.value as number),
      0,
    );
    await login("Wr0ng-Passw0rd");
    const cookie = await login();
    await send("/api/v2/departments", { headers: { cookie } });
    await send("/api/v2/departments", { headers: { cookie } });
    await send("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload(CSV),
    });
    await send("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie, origin: BASE },
      body: upload("Email,First Name,Last Name\nnot-an-address,A,B\nalso-not,C,D\n"),
    });
    const feed = "/v1/job-applications?job_application_status_start=2026-01-01";
    expect((await send(feed, { headers: { cookie } })).status).toBe(200);
    expect((await send(feed, { headers: { cookie } })).status).toBe(429);

    const collected = await reader.collect();
    const durations = points(collected, "http.server.request.duration");
    const departmentsOf = (each: DataPoint<number | Histogram>[]) =>
      each.find(
        (point) =>
          point.attributes["http.route"] === "/api/v2/departments" &&
          point.attributes["http.response.status_code"] === 200,
      );
    const departments = departmentsOf(durations);
    expect(departments?.attributes).toEqual({
      "http.request.method": "GET",
      "http.route": "/api/v2/departments",
      "http.response.status_code": 200,
    });
    const countOf = (point: DataPoint<number | Histogram> | undefined) =>
      (point?.value as Histogram | undefined)?.count ?? 0;
    expect(
      countOf(departments) - countOf(departmentsOf(points(before, "http.server.request.duration"))),
    ).toBe(2);
    expect(
      durations.some(
        (point) =>
          point.attributes["http.route"] === "/v1/job-applications" &&
          point.attributes["http.response.status_code"] === 429,
      ),
    ).toBe(true);
    const rows = (collection: typeof collected, outcome: string) =>
      points(collection, "rpdi.import.rows")
        .filter(
          (point) =>
            point.attributes["rpdi.import.operation"] === "members.import" &&
            point.attributes["rpdi.product"] === "PERFORM" &&
            point.attributes["rpdi.import.outcome"] === outcome,
        )
        .reduce((sum, point) => sum + (point.value as number), 0);
    expect(rows(collected, "created") - rows(before, "created")).toBe(1);
    expect(rows(collected, "invalid") - rows(before, "invalid")).toBe(2);
    expect(
      points(collected, "rpdi.import.rows").every(
        (point) => Object.keys(point.attributes).length === 3,
      ),
    ).toBe(true);
    expect(points(collected, "rpdi.feed.rate_limited").map((point) => point.value)).toEqual([1]);
    const failed = points(collected, "rpdi.login.failures");
    expect(failed.map((point) => point.attributes)).toEqual([
      { "rpdi.login.reason": "BAD_CREDENTIALS" },
    ]);
    expect((failed[0]?.value as number) - failedBefore).toBe(1);
    const everything = JSON.stringify(collected);
    for (const secret of [CELL, NEW_ADDRESS, ADMIN, "not-an-address", "job_application_status"])
      expect(everything).not.toContain(secret);
    expect(everything).not.toContain(sandboxSnapshot().organization.id);
  });

  it("observe the outbox backlog at each collection, as the host counts it, until stopped", async () => {
    let waiting = 3;
    const stop = observeOutboxBacklog(async () => waiting);
    const backlog = async () => points(await reader.collect(), "rpdi.outbox.backlog")[0]?.value;
    expect(await backlog()).toBe(3);
    waiting = 5;
    expect(await backlog()).toBe(5);
    stop();
    waiting = 8;
    expect(await backlog()).not.toBe(8);
  });

  it("count calls that found a dependency unreachable, by dependency, with nothing of the cause", async () => {
    const { store, state } = unreachableStore(createMemoryStore(sandboxSnapshot()));
    const handler = createHttpHandler({ store, tokenSecret: SECRET, now: () => NOW });
    const cookie = await (async () => {
      const response = await handler(
        new Request(`${BASE}/app/sandbox/admin/auth/`, {
          method: "POST",
          body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
        }),
      );
      return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
    })();
    const counted = async () =>
      points(await reader.collect(), "rpdi.dependency.unavailable")
        .filter((point) => point.attributes["rpdi.dependency"] === "database")
        .reduce((sum, point) => sum + (point.value as number), 0);
    const before = await counted();
    state.down = true;
    for (let n = 0; n < 3; n += 1) {
      const response = await handler(
        new Request(`${BASE}/api/v2/departments`, { headers: { cookie } }),
      );
      expect(response.status).toBe(503);
    }
    expect((await counted()) - before).toBe(3);
    const unavailable = points(await reader.collect(), "rpdi.dependency.unavailable");
    expect(unavailable.map((point) => point.attributes)).toEqual([
      { "rpdi.dependency": "database" },
    ]);
    expect(JSON.stringify(unavailable)).not.toMatch(/5432|ECONNREFUSED/);
  });
});
