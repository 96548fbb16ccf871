import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Store } from "../store/port";
import type { HttpEnv } from "./env";
import { json } from "./responses";

/** `GET /healthz` and `GET /readyz`, with `health` of `createHttpHandler`. */
export interface HealthOptions {
  /** How long `/readyz` waits for each check before calling it failed; 2,000 ms by default. */
  timeoutMs?: number;
  /**
   * Checks beside the store's, by name (a Redis `PING`, say): each resolves when what it checks
   * answers. A rejection's message is not shown, only that the check failed.
   */
  checks?: Readonly<Record<string, () => Promise<unknown>>>;
}

const DEFAULT_TIMEOUT_MS = 2000;
const NO_STORE = { "cache-control": "no-store" };

/**
 * Probes outside the spec's paths, unauthenticated, answering no organization data:
 * `/healthz` says the process serves requests (no store work), `/readyz` that the store answers
 * now within the deadline (its `checkReady`: PostgreSQL reachable and migrated) and so does every
 * extra check. Ready answers 200, anything else 503, with each check's state by name.
 */
export function registerHealthRoutes(
  app: OpenAPIHono<HttpEnv>,
  store: Store,
  options: HealthOptions = {},
): void {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const extra = Object.entries(options.checks ?? {});
  app.get("/healthz", () => json(200, { status: "ok" }, NO_STORE));
  app.get("/readyz", async () => {
    const results = await Promise.all([
      judge(store.checkReady?.bind(store) ?? (async () => undefined), timeoutMs, true),
      ...extra.map(([, check]) => judge(check, timeoutMs, false)),
    ]);
    const checks: Record<string, string> = { store: results[0] as string };
    extra.forEach(([name], index) => {
      checks[name] = results[index + 1] as string;
    });
    const ready = results.every((result) => result === "ok");
    return json(ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }, NO_STORE);
  });
}

/** "ok", "timed out after N ms", or why it failed (the store's own words, else just "failed"). */
async function judge(
  check: () => Promise<unknown>,
  timeoutMs: number,
  explain: boolean,
): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`timed out after ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => "ok",
        (error: unknown) =>
          explain && error instanceof Error ? `failed: ${error.message}` : "failed",
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
