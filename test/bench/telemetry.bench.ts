import { issueSessionToken } from "../../src/auth/session-token";
import { createHttpApp } from "../../src/http/app";
import { createMemoryStore } from "../../src/memory/store";
import { type Listening, listen, loopbackLoad } from "./loopback-load";
import type { MemberBenchInput } from "./member-file";
import { BENCH_ADMIN_ID, besideSnapshot } from "./reads-during-import.bench";
import { type AppFactories, BENCH_SECRET, signedInSandboxApp } from "./sandbox-app";
import { median } from "./timing";

/** One figure of rpdi as shipped (OpenTelemetry's API, no SDK) beside rpdi before OpenTelemetry. */
export interface TelemetryOverheadFigure {
  name: string;
  /** Per request or per import, in ms, medians over interleaved rounds. */
  shippedMs: number;
  withoutMs: number;
  /** Median over rounds of shipped / without, each pair measured back to back. */
  ratio: number;
}

/** Runs `measure` for both builds `rounds` times, alternating which goes first. */
async function interleaved(
  rounds: number,
  measure: (build: "shipped" | "without") => Promise<number>,
) {
  const shipped: number[] = [];
  const without: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order =
      round % 2 === 0 ? (["shipped", "without"] as const) : (["without", "shipped"] as const);
    const times = { shipped: 0, without: 0 };
    for (const build of order) times[build] = await measure(build);
    shipped.push(times.shipped);
    without.push(times.without);
    ratios.push(times.shipped / times.without);
  }
  return { shippedMs: median(shipped), withoutMs: median(without), ratio: median(ratios) };
}

/**
 * The cost of the OpenTelemetry instrumentation when the host registers no SDK: the app as
 * shipped against the same app bundled with rpdi's telemetry modules replaced by ones that never
 * ask for a provider (`npm run bench` builds `without`). Requests: a lookup list and the feed
 * over loopback, as in the HTTP floor. Import: a member import of `input` through the app, in
 * this process (no worker pool), a fresh memory store each time.
 */
export async function benchTelemetryOverhead(
  without: AppFactories,
  input: MemberBenchInput,
  options: { rounds?: number; roundMs?: number; importRounds?: number } = {},
): Promise<TelemetryOverheadFigure[]> {
  const { rounds = 7, roundMs = 1500, importRounds = 5 } = options;
  const builds: Record<"shipped" | "without", AppFactories> = {
    shipped: { createHttpApp, createMemoryStore },
    without,
  };
  const servers: Record<string, Listening> = {};
  let cookie = "";
  for (const [name, build] of Object.entries(builds)) {
    const signedIn = await signedInSandboxApp(build);
    // Both builds check tokens with the same secret: one cookie serves both.
    cookie ||= signedIn.cookie;
    servers[name] = await listen(signedIn.app.fetch);
  }
  const load = loopbackLoad(10);
  const figures: TelemetryOverheadFigure[] = [];
  try {
    for (const path of ["/api/v2/departments", "/v1/job-applications"]) {
      for (const server of Object.values(servers))
        await load.perSecond(server, path, cookie, roundMs / 2);
      figures.push({
        name: `GET ${path}`,
        ...(await interleaved(rounds, async (build) => {
          const server = servers[build] as Listening;
          return 1000 / (await load.perSecond(server, path, cookie, roundMs));
        })),
      });
    }
  } finally {
    await load.stop();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }

  const form = new FormData();
  form.set("file", new Blob([input.csv], { type: "text/csv" }), "members.csv");
  const upload = new Response(form);
  const uploadType = upload.headers.get("content-type") ?? "";
  const uploadBody = new Uint8Array(await upload.arrayBuffer());
  const importOnce = async (build: "shipped" | "without") => {
    const { createHttpApp: makeApp, createMemoryStore: makeStore } = builds[build];
    const store = makeStore(besideSnapshot(input));
    const app = makeApp({
      store,
      tokenSecret: BENCH_SECRET,
      acceptBearer: true,
      importWorkers: false,
    });
    const token = await issueSessionToken(
      store,
      BENCH_SECRET,
      { orgId: input.organization.id, memberId: BENCH_ADMIN_ID },
      new Date(),
    );
    globalThis.gc?.();
    const started = performance.now();
    const response = await app.request(
      "http://rpdi.bench/api/v2/members/import-csv?product=PERFORM",
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": uploadType },
        body: uploadBody,
      },
    );
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`the import answered ${response.status}`);
    return ms;
  };
  await importOnce("shipped");
  await importOnce("without");
  figures.push({
    name: `member import, ${input.rows.toLocaleString("en-US")} rows`,
    ...(await interleaved(importRounds, importOnce)),
  });
  return figures;
}
