import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHttpApp } from "../../src/http/app";
import type { RpdiLogger } from "../../src/http/logger";
import { createMemoryStore } from "../../src/memory/store";
import { HOST } from "./loopback-load";

/** The two factories an app is made with: rpdi's, or a build of them (the telemetry bench's). */
export interface AppFactories {
  createHttpApp: typeof createHttpApp;
  createMemoryStore: typeof createMemoryStore;
}

const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
/** Inside the sandbox's status changes, so the feed answers its applications (about 7 KB). */
const NOW = new Date("2026-06-15T12:00:00Z");
/** The one secret of the bench's apps: a cookie of one serves every other. */
export const BENCH_SECRET = "bench-only-secret-of-at-least-32-bytes!";

/**
 * rpdi's app on the sandbox organization with the production options (an allowed-host list) and
 * no feed limit (the spec's 1,000 requests per 5 minutes would answer 429 within a second), and
 * the sandbox admin's session cookie; with `logger`, a request line per request.
 */
export async function signedInSandboxApp(
  factories: AppFactories = { createHttpApp, createMemoryStore },
  logger?: RpdiLogger,
) {
  const snapshot = JSON.parse(readFileSync(join(process.cwd(), "fixtures/sandbox.json"), "utf8"));
  const app = factories.createHttpApp({
    store: factories.createMemoryStore(snapshot),
    tokenSecret: BENCH_SECRET,
    now: () => NOW,
    allowedHosts: [HOST],
    rateLimiter: { take: async () => ({ allowed: true, remaining: 1 }) },
    ...(logger === undefined ? {} : { logger }),
  });
  const login = await app.request(`http://${HOST}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
  });
  return { app, cookie: login.headers.get("set-cookie")?.split(";")[0] ?? "" };
}
