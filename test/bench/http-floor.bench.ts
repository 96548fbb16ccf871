import { Hono } from "hono";
import { HOST, type Listening, listen, loopbackLoad } from "./loopback-load";
import { signedInSandboxApp } from "./sandbox-app";
import { median } from "./timing";

/** One route's throughput, rpdi's app and a bare Hono app answering the same bytes. */
export interface HttpFloorFigures {
  path: string;
  /** The 200 body's length in bytes. */
  bytes: number;
  rpdiPerSecond: number;
  barePerSecond: number;
  /** Median over rounds of bare/rpdi requests per second, each pair measured back to back. */
  ratio: number;
}

/**
 * Requests per second of rpdi's app (memory store, the sandbox, an admin's session cookie, the
 * production options: an allowed-host list) against a bare Hono app that answers each route with
 * rpdi's own status, body and headers, both over a real loopback server. Rounds alternate which
 * app goes first; the ratio is the median of each round's pair, so a busy machine slows both.
 */
export async function benchHttpFloor(
  options: { rounds?: number; roundMs?: number; concurrency?: number } = {},
): Promise<HttpFloorFigures[]> {
  const { rounds = 7, roundMs = 2000, concurrency = 10 } = options;
  const { app, cookie } = await signedInSandboxApp();
  const paths = ["/api/v2/departments", "/v1/job-applications"];
  const bare = new Hono();
  const answers = new Map<string, { body: string; headers: Record<string, string> }>();
  for (const path of paths) {
    const response = await app.request(`http://${HOST}${path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = { body: await response.text(), headers };
    answers.set(path, answer);
    bare.get(path, () => new Response(answer.body, { headers: answer.headers }));
  }
  const rpdiServer = await listen(app.fetch);
  const bareServer = await listen(bare.fetch);
  const load = loopbackLoad(concurrency);
  const perSecond = (server: Listening, path: string, ms: number) =>
    load.perSecond(server, path, cookie, ms);
  const figures: HttpFloorFigures[] = [];
  try {
    for (const path of paths) {
      // Warm-up: both apps' code compiled, both servers' connections made once.
      await perSecond(rpdiServer, path, roundMs / 2);
      await perSecond(bareServer, path, roundMs / 2);
      const rpdiRates: number[] = [];
      const bareRates: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const rpdiFirst = round % 2 === 0;
        const first = await perSecond(rpdiFirst ? rpdiServer : bareServer, path, roundMs);
        const second = await perSecond(rpdiFirst ? bareServer : rpdiServer, path, roundMs);
        const [rpdi, bareRate] = rpdiFirst ? [first, second] : [second, first];
        rpdiRates.push(rpdi);
        bareRates.push(bareRate);
        ratios.push(bareRate / rpdi);
      }
      figures.push({
        path,
        bytes: Buffer.byteLength(answers.get(path)?.body ?? ""),
        rpdiPerSecond: median(rpdiRates),
        barePerSecond: median(bareRates),
        ratio: median(ratios),
      });
    }
  } finally {
    await load.stop();
    await Promise.all([rpdiServer.close(), bareServer.close()]);
  }
  return figures;
}
