import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";

const BASE = "http://rpdi.bench";
const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
const SAMPLES = 300;

export interface HttpBenchFigures {
  idleP50Ms: number;
  loginsP50Ms: number;
  logins: number;
  ratio: number;
}

/**
 * p50 of a lookup-list request (`GET /api/v2/departments` with a session) over the sandbox,
 * idle and while 16 logins run back to back: a login that blocked the event loop would show here.
 */
export async function benchHttpUnderLogins(concurrentLogins = 16): Promise<HttpBenchFigures> {
  const snapshot = JSON.parse(readFileSync(join(process.cwd(), "fixtures/sandbox.json"), "utf8"));
  const handler = createHttpHandler({
    store: createMemoryStore(snapshot),
    tokenSecret: "bench-only-secret-of-at-least-32-bytes!",
    clientKey: (request) => request.headers.get("x-bench-client") ?? "",
  });
  const login = (client: string) =>
    handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        headers: { "x-bench-client": client },
        body: new URLSearchParams(ADMIN),
      }),
    );
  const cookie = (await login("bench")).headers.get("set-cookie")?.split(";")[0] ?? "";
  const lookup = async () => {
    const start = performance.now();
    const response = await handler(
      new Request(`${BASE}/api/v2/departments`, { headers: { cookie } }),
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`lookup answered ${response.status}`);
    return performance.now() - start;
  };
  const p50 = async () => {
    const times: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      times.push(await lookup());
      // A gap, so logins get turns between samples as they would between real requests.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] as number;
  };
  for (let warm = 0; warm < 50; warm++) await lookup();
  const idleP50Ms = await p50();
  let running = true;
  let logins = 0;
  const workers = Array.from({ length: concurrentLogins }, async (_, worker) => {
    while (running) {
      await login(`worker-${worker}`);
      logins++;
    }
  });
  const loginsP50Ms = await p50();
  running = false;
  await Promise.all(workers);
  return { idleP50Ms, loginsP50Ms, logins, ratio: loginsP50Ms / idleP50Ms };
}
