import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { largeSandboxText } from "../support/large-sandbox";

const BASE = "http://rpdi.bench";
const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
const MEMBERS = 60_000;
const HEAVY = 20;
const SAMPLES = 200;

/** Issue 29's attack: three aliased 333-member pages (cost 5,997, within the budget). */
export const HEAVY_QUERY = `{ ${[0, 1, 2]
  .map(
    (index) => `a${index}: membersByProduct(product: PERFORM, first: 333) { nodes { id email } }`,
  )
  .join(" ")} }`;

export interface GraphqlBenchFigures {
  members: number;
  heavy: number;
  /** One heavy request alone, start to last byte. */
  heavyAloneMs: number;
  idleP50Ms: number;
  idleP95Ms: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Heavy requests answered 200, and refused 429, while the lookups were timed. */
  answered: number;
  refused: number;
}

/**
 * A lookup-list request (`GET /api/v2/departments`) over the same handler while `HEAVY` clients
 * send issue 29's heavy GraphQL query back to back on a 60,000-member organization (a 429 is
 * retried after its `Retry-After`, as the client does). With the heavy reads bounded per
 * organization and their pages cut in chunks, the lookup waits at most one chunk of work.
 */
export async function benchGraphqlHeavyReads(): Promise<GraphqlBenchFigures> {
  const handler = createHttpHandler({
    store: createMemoryStore(JSON.parse(largeSandboxText(MEMBERS, 0))),
    tokenSecret: "bench-only-secret-of-at-least-32-bytes!",
  });
  const login = await handler(
    new Request(`${BASE}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
    }),
  );
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const heavy = async () => {
    const response = await handler(
      new Request(`${BASE}/api/v2/graphql`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ query: HEAVY_QUERY }),
      }),
    );
    await response.arrayBuffer();
    if (response.status !== 200 && response.status !== 429)
      throw new Error(`the heavy query answered ${response.status}`);
    return response;
  };
  const lookup = async () => {
    const start = performance.now();
    const response = await handler(
      new Request(`${BASE}/api/v2/departments`, { headers: { cookie } }),
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`lookup answered ${response.status}`);
    return performance.now() - start;
  };
  const sample = async () => {
    const times: number[] = [];
    for (let index = 0; index < SAMPLES; index++) {
      times.push(await lookup());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return times.sort((a, b) => a - b);
  };
  const at = (times: number[], share: number) =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))] as number;

  for (let warm = 0; warm < 3; warm++) await heavy();
  const start = performance.now();
  await heavy();
  const heavyAloneMs = performance.now() - start;
  for (let warm = 0; warm < 50; warm++) await lookup();
  const idle = await sample();

  let running = true;
  let answered = 0;
  let refused = 0;
  const clients = Array.from({ length: HEAVY }, async () => {
    while (running) {
      const response = await heavy();
      if (response.status === 200) {
        answered++;
        continue;
      }
      refused++;
      const seconds = Number(response.headers.get("retry-after") ?? "1");
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  });
  // Let every client's first request arrive before the lookups are timed.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const busy = await sample();
  running = false;
  await Promise.all(clients);
  return {
    members: MEMBERS,
    heavy: HEAVY,
    heavyAloneMs,
    idleP50Ms: at(idle, 0.5),
    idleP95Ms: at(idle, 0.95),
    p50Ms: at(busy, 0.5),
    p95Ms: at(busy, 0.95),
    maxMs: busy.at(-1) as number,
    answered,
    refused,
  };
}
