import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Hono } from "hono";
import { type LogFormat, serveLogger } from "../../src/cli/serve-logger";
import { HOST, type Listening, listen, loopbackLoad } from "./loopback-load";
import { signedInSandboxApp } from "./sandbox-app";
import { median } from "./timing";

/**
 * Requests per second of one route: a bare app, rpdi without a logger, rpdi with `rpdi serve`'s
 * logger at warn (its request ids and `X-Request-Id`, no request line) and at info (a line per
 * request).
 */
export interface RequestLogFigures {
  path: string;
  barePerSecond: number;
  offPerSecond: number;
  warnPerSecond: number;
  infoPerSecond: number;
  /** Median over rounds of off/info requests per second, each pair measured in one round. */
  ratio: number;
  /** The same for warn/info: what the request lines themselves cost (issue 46's target). */
  linesRatio: number;
  /**
   * The main thread's busy time per request answered (`eventLoopUtilization` over each round):
   * medians per app, and of each round's info/off and info/warn. The server's thread is the
   * bottleneck, so this is the cost requests/s shows, less the host's noise.
   */
  offBusyUs: number;
  warnBusyUs: number;
  infoBusyUs: number;
  busyRatio: number;
  linesBusyRatio: number;
  /** Every round's figures, per app, in the order measured. */
  rounds: { rates: PerApp; busy: PerApp };
  /** Request lines found in the log file after a flush, and the requests the info app answered. */
  lines: number;
  requests: number;
}

/** The apps the bench serves, each measured once per round. */
const APPS = ["bare", "off", "warn", "info"] as const;
type App = (typeof APPS)[number];
/** One figure per round, for each app. */
type PerApp = Record<App, number[]>;
const perApp = (): PerApp => ({ bare: [], off: [], warn: [], info: [] });

/** The median over rounds of `top[i] / bottom[i]`: each round's pair measured back to back. */
function medianRatio(top: readonly number[], bottom: readonly number[]): number {
  return median(top.map((value, round) => value / (bottom[round] as number)));
}

/**
 * The cost of a request line per request: rpdi's app (memory store, the sandbox, an admin's
 * session cookie) without a logger, the same app with `rpdi serve`'s logger at warn (the request
 * log's middleware, ids and header, but no line) and at info writing JSON lines to a real file,
 * and a bare Hono app answering the same bytes, each over a loopback server. Rounds rotate which
 * app goes first; each ratio is the median of the rounds' pairs, so a busy machine slows both.
 * The file's lines are counted afterwards: every answered request has its line once the logger
 * is flushed.
 */
export async function benchRequestLog(
  options: {
    rounds?: number;
    roundMs?: number;
    concurrency?: number;
    path?: string;
    format?: LogFormat;
  } = {},
): Promise<RequestLogFigures> {
  const { rounds = 7, roundMs = 2000, concurrency = 10, path = "/api/v2/departments" } = options;
  const directory = mkdtempSync(join(tmpdir(), "rpdi-request-log-"));
  const file = join(directory, "requests.log");
  const logger = await serveLogger(options.format ?? "json", "info", file);
  const quiet = await serveLogger(options.format ?? "json", "warn", join(directory, "warn.log"));
  const off = await signedInSandboxApp();
  const warn = await signedInSandboxApp(undefined, quiet);
  const info = await signedInSandboxApp(undefined, logger);
  const answer = await off.app.request(`http://${HOST}${path}`, {
    headers: { cookie: off.cookie },
  });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = await answer.text();
  const bare = new Hono();
  bare.get(path, () => new Response(body, { headers }));
  const servers = {
    bare: await listen(bare.fetch),
    off: await listen(off.app.fetch),
    warn: await listen(warn.app.fetch),
    info: await listen(info.app.fetch),
  };
  const cookies = { bare: off.cookie, off: off.cookie, warn: warn.cookie, info: info.cookie };
  const load = loopbackLoad(concurrency);
  let requests = 0;
  const busy = perApp();
  const perSecond = async (name: App, ms: number) => {
    const before = performance.eventLoopUtilization();
    const { count, perSecond } = await load.run(
      servers[name] as Listening,
      path,
      cookies[name],
      ms,
    );
    busy[name].push((performance.eventLoopUtilization(before).active * 1000) / count);
    if (name === "info") requests += count;
    return perSecond;
  };
  try {
    // Warm-up: every app's code compiled, every server's connections made once.
    for (const name of APPS) await perSecond(name, roundMs / 2);
    for (const name of APPS) busy[name].length = 0;
    const rates = perApp();
    for (let round = 0; round < rounds; round++) {
      for (let step = 0; step < APPS.length; step++) {
        const name = APPS[(round + step) % APPS.length] as App;
        rates[name].push(await perSecond(name, roundMs));
      }
    }
    await logger.close();
    await quiet.close();
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes('"msg":"request"') && line.includes(`"route":"${path}"`));
    return {
      path,
      barePerSecond: median(rates.bare),
      offPerSecond: median(rates.off),
      warnPerSecond: median(rates.warn),
      infoPerSecond: median(rates.info),
      ratio: medianRatio(rates.off, rates.info),
      linesRatio: medianRatio(rates.warn, rates.info),
      offBusyUs: median(busy.off),
      warnBusyUs: median(busy.warn),
      infoBusyUs: median(busy.info),
      busyRatio: medianRatio(busy.info, busy.off),
      linesBusyRatio: medianRatio(busy.info, busy.warn),
      rounds: { rates, busy },
      lines: lines.length,
      requests,
    };
  } finally {
    await load.stop();
    await Promise.all(Object.values(servers).map((server) => server.close()));
    rmSync(directory, { recursive: true, force: true });
  }
}
