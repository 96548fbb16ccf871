import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../domain/snapshot";
import { LOOPBACK_HOSTS } from "../http/allowed-hosts";
import { createHttpHandler, type HttpHandler } from "../http/handler";
import { authenticate, DEFAULT_SESSION_COOKIE } from "../http/session";
import { defaultWebhookUrlPolicy } from "../http/webhook-url-policy";
import type { MemoryStore } from "../memory/store";
import { createOutageLog, type OutageLog } from "../runtime/outages";
import { createWindowRateLimiter } from "../runtime/rate-limit";
import { removeStrayTemporaries } from "./atomic-file";
import { createDocsPage, DOCS_PATH } from "./docs-page";
import { createImportPage, IMPORT_PATH } from "./import-page";
import { UsageError } from "./io";
import { lateLogger } from "./late-logger";
import { readOperatorTokenFile } from "./operator-token-file";
import { type PersistedState, persistedState } from "./persisted-state";
import { createSandboxMailPage, SANDBOX_MAIL_PATH } from "./sandbox-mail";
import {
  DEFAULT_POOL_TIMEOUT_MS,
  memoryBackend,
  postgresBackend,
  type ServeBackend,
} from "./serve-backend";
import { Drain } from "./serve-drain";
import { type LogFormat, type LogLevel, type ServeLogger, serveLogger } from "./serve-logger";
import { type ServeMetrics, startServeMetrics } from "./serve-metrics";
import { describe as describeError } from "./snapshot-file";

export interface ServeOptions {
  seed: string | undefined;
  port: number;
  host: string;
  /**
   * Host names answered besides the loopback names and `host` (DNS rebinding: a page whose name
   * points at this machine is refused).
   */
  allowedHosts?: readonly string[];
  persist: string | undefined;
  /** Serve on PostgreSQL instead of the memory store. */
  databaseUrl?: string;
  schema?: string;
  /** Share the limits in Redis rather than in the database. */
  redisUrl?: string;
  poolSize?: number;
  /** How long a request waits for a pooled connection before it is answered 503 (default 5 s). */
  poolTimeoutMs?: number;
  /** On SIGTERM or SIGINT, how long requests under way may take to finish (default 25 s). */
  shutdownGraceMs?: number;
  /** The feed's limit on the memory store; the spec's 1000 per 5 minutes by default. */
  feedLimit?: { limit: number; windowMs: number };
  /** Worker threads reading large import files; 0 for none (the HTTP binding's default otherwise). */
  importWorkers?: number;
  /** File imports running at once before 503; the HTTP binding's 2 by default. */
  maxConcurrentImports?: number;
  /** How request and import lines are written to stdout (`silent` level: none). */
  logFormat?: LogFormat;
  logLevel?: LogLevel;
  /** Serve `/metrics` for Prometheus (OpenTelemetry's SDK and Prometheus exporter, optional peers). */
  metrics?: boolean;
  /** Turn on the operator API with the token this file holds (mode 0600 or stricter). */
  operatorTokenFile?: string;
  /** Let the operator register webhook receivers on this machine (a sandbox's). */
  allowLoopbackWebhooks?: boolean;
}

/** Loopback, the name or address `--host` binds (unless a wildcard), and each `--allowed-host`. */
function servedHostNames(options: ServeOptions): string[] {
  const bound =
    options.host.includes(":") && !options.host.startsWith("[")
      ? `[${options.host}]`
      : options.host;
  const wildcard = ["0.0.0.0", "[::]"].includes(bound);
  return [...LOOPBACK_HOSTS, ...(wildcard ? [] : [bound]), ...(options.allowedHosts ?? [])];
}

/** The bundled sandbox's logins: clearly fake, printed so integrators can start at once. */
const SANDBOX_LOGINS = [
  { email: "sandbox.admin@hartwell.example", password: "sandbox-password", mfaSecret: null },
  {
    email: "sandbox.mfa@hartwell.example",
    password: "sandbox-password",
    mfaSecret: "JBSWY3DPEHPK3PXP",
  },
] as const;

/** The bundled sandbox seed, found beside the source (tsx) or beside the build (dist/cli.js). */
export function bundledSandboxPath(): string {
  const candidates = ["../fixtures/sandbox.json", "../../fixtures/sandbox.json"].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined)
    throw new UsageError("the bundled sandbox (fixtures/sandbox.json) is missing; pass --seed");
  return found;
}

/**
 * `rpdi serve`: the whole interface on a loopback port, until SIGINT or SIGTERM, over the memory
 * store or, with `--database-url`, over PostgreSQL with the limits shared, so several processes
 * form one service. With `--persist`, the memory store's state is written to a file atomically
 * after every change, before the change's response is sent (docs/decisions.md, "Persisted
 * sandbox state").
 */
export async function serveCommand(
  options: ServeOptions,
  write: (text: string) => void,
): Promise<number> {
  const seedPath = options.seed ?? bundledSandboxPath();
  const snapshots = await readSeed(seedPath);
  const operatorToken =
    options.operatorTokenFile === undefined
      ? undefined
      : await readOperatorTokenFile(options.operatorTokenFile);
  if (options.databaseUrl === undefined && options.redisUrl !== undefined)
    throw new UsageError("--redis-url applies with --database-url only");
  if (options.databaseUrl !== undefined && options.persist !== undefined)
    throw new UsageError("--persist applies to the memory store only; PostgreSQL keeps the state");
  // The port is taken first: a sandbox seed that points its site at this machine is then pointed
  // at the port actually listened on, and a port in use fails before anything is loaded.
  const clients = new WeakMap<Request, string>();
  let handle:
    | ((request: Request, env: HttpBindings | Http2Bindings) => Promise<Response>)
    | undefined;
  let served: ServeMetrics | undefined;
  const drain = new Drain();
  const server = serve({
    fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
      if (drain.draining) return drain.refusal();
      clients.set(request, env.incoming.socket.remoteAddress ?? "");
      // Only with --metrics, and unauthenticated: what Prometheus scrapes holds no data.
      if (served !== undefined && request.method === "GET" && metricsPath(request.url))
        return served.scrape();
      const current = handle;
      return current === undefined
        ? new Response("starting", { status: 503 })
        : drain.track(() => current(request, env));
    },
    port: options.port,
    hostname: options.host,
  });
  await listening(server, options);
  const { port } = server.address() as AddressInfo;
  const root = `http://${options.host}:${port}`;

  const stop = stopSignal();
  const outageLines = lateLogger();
  const outageLog = createOutageLog(outageLines);
  const { backend, persisted } = await openBackend(options, snapshots, seedPath, root, {
    failWith: stop.failWith,
    write,
    outageLog,
  }).catch(async (error: unknown) => {
    await closeServer(server);
    throw error;
  });
  if (options.metrics === true) {
    try {
      served = await startServeMetrics(backend.outboxBacklog);
    } catch (error) {
      await closeServer(server);
      await backend.close();
      throw error;
    }
  }
  const sharedSecret = process.env.RPDI_TOKEN_SECRET;
  const logger =
    options.logLevel === "silent"
      ? undefined
      : await serveLogger(options.logFormat ?? "json", options.logLevel ?? "info");
  // Outages go to the request lines' logger; none at --log-level silent.
  outageLines.to = logger;
  const secret = sharedSecret ?? randomSecret();
  const handler = await serveHandler(options, backend, {
    secret,
    clients,
    write,
    operatorToken,
    logger,
    outageLog,
  });
  const docsPage = createDocsPage({
    organizations: snapshots.map((snapshot) => snapshot.organization.shortName),
    ...(options.seed === undefined ? { exampleEmail: SANDBOX_LOGINS[0].email } : {}),
    allowedHosts: servedHostNames(options),
  });
  const importPage = createImportPage({
    store: backend.store,
    organizations: snapshots.map((snapshot) => snapshot.organization.shortName),
    caller: (request) =>
      authenticate(
        request,
        { store: backend.store, secret, cookieName: DEFAULT_SESSION_COOKIE, acceptBearer: false },
        new Date(),
      ),
    ...(options.seed === undefined ? { exampleEmail: SANDBOX_LOGINS[0].email } : {}),
    allowedHosts: servedHostNames(options),
  });
  // The mail catcher shows tokens: the memory store's only (a database's outbox is a real
  // service's), to this machine only, and never part of the binding.
  const mailPage =
    options.databaseUrl === undefined
      ? createSandboxMailPage({
          store: backend.store,
          organizations: snapshots.map(({ organization }) => ({
            id: organization.id,
            shortName: organization.shortName,
          })),
          clientAddress: (request) => clients.get(request),
        })
      : undefined;
  handle = async (request, env) =>
    (await mailPage?.(request)) ??
    (await docsPage(request)) ??
    (await importPage(request)) ??
    handler(request, env);
  write(
    banner(options, {
      backend,
      root,
      snapshots,
      metrics: served !== undefined,
      sharedSecret,
      mail: mailPage !== undefined,
    }),
  );
  logger?.info({ url: root, store: backend.description }, "listening");
  let drained = false;
  try {
    drained = await serveUntilStopped(
      { server, handler, backend, served, persisted, drain },
      stop.failed,
      options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
      write,
    );
  } finally {
    // After the last request's line: every line logged is written before the process exits.
    await logger?.close();
  }
  if (!drained)
    write(
      `rpdi serve: requests still under way after ${options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS} ms were cut\n`,
    );
  if (persisted !== undefined) write(`rpdi serve: state written to ${options.persist}\n`);
  return drained ? 0 : 1;
}

/**
 * `--shutdown-grace-ms`'s default: within the 30 s an orchestrator (Kubernetes'
 * `terminationGracePeriodSeconds`) waits after SIGTERM before it kills, with room to close.
 */
const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

type Server = ReturnType<typeof serve>;

async function listening(server: Server, options: ServeOptions): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (error) {
    throw listenFailure(error, options);
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A failure that stops the sandbox (a failed write of the state): `failed` rejects with it. */
function stopSignal(): { failed: Promise<never>; failWith: (error: unknown) => void } {
  let failWith: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    failWith = reject;
  });
  failed.catch(() => undefined);
  return { failed, failWith };
}

/**
 * The store served: the memory store, seeded with its sites pointed at `root` and, with
 * `--persist`, written to the file after every commit; or PostgreSQL.
 */
async function openBackend(
  options: ServeOptions,
  snapshots: readonly OrganizationSnapshot[],
  seedPath: string,
  root: string,
  {
    failWith,
    write,
    outageLog,
  }: { failWith: (error: unknown) => void; write: (text: string) => void; outageLog: OutageLog },
): Promise<{ backend: ServeBackend; persisted: PersistedState | undefined }> {
  if (options.databaseUrl !== undefined) {
    const backend = await postgresBackend(snapshots, seedPath, {
      databaseUrl: options.databaseUrl,
      schema: options.schema ?? "rpdi",
      redisUrl: options.redisUrl,
      poolSize: options.poolSize ?? 10,
      poolTimeoutMs: options.poolTimeoutMs ?? DEFAULT_POOL_TIMEOUT_MS,
      outageLog,
    });
    return { backend, persisted: undefined };
  }
  let persisted: PersistedState | undefined;
  const seeded = snapshots.map((snapshot) => pointedAtSandbox(snapshot, root));
  const memory = memoryBackend(seeded, seedPath, {
    afterCommit: async () => {
      try {
        await persisted?.write();
      } catch (error) {
        // The change is in memory and on no disk: it is never answered, and the server stops.
        failWith(error);
        await new Promise<never>(() => undefined);
      }
    },
  });
  if (options.persist !== undefined)
    persisted = await startPersisting(options.persist, seedPath, memory.store, seeded, write);
  return { backend: memory, persisted };
}

/** The HTTP binding over the backend; login protection counts failures per socket address. */
async function serveHandler(
  options: ServeOptions,
  backend: ServeBackend,
  {
    secret,
    clients,
    write,
    operatorToken,
    logger,
    outageLog,
  }: {
    secret: string;
    clients: WeakMap<Request, string>;
    write: (text: string) => void;
    operatorToken: string | undefined;
    logger: ServeLogger | undefined;
    outageLog: OutageLog;
  },
): Promise<HttpHandler> {
  return createHttpHandler({
    store: backend.store,
    outageLog,
    ...(operatorToken === undefined ? {} : { operatorToken }),
    webhookUrlPolicy: defaultWebhookUrlPolicy(options.allowLoopbackWebhooks === true),
    ...(options.importWorkers === undefined
      ? {}
      : { importWorkers: options.importWorkers === 0 ? false : options.importWorkers }),
    ...(options.maxConcurrentImports === undefined
      ? {}
      : { maxConcurrentImports: options.maxConcurrentImports }),
    tokenSecret: secret,
    allowedHosts: servedHostNames(options),
    secureCookie: false,
    clientKey: (request) => clients.get(request) ?? "",
    ...(backend.rateLimiter === undefined
      ? options.feedLimit === undefined
        ? {}
        : { rateLimiter: createWindowRateLimiter(options.feedLimit) }
      : { rateLimiter: backend.rateLimiter }),
    ...(backend.loginProtection === undefined ? {} : { loginProtection: backend.loginProtection }),
    ...(backend.jobBoardRateLimiter === undefined
      ? {}
      : { jobBoardRateLimiter: backend.jobBoardRateLimiter }),
    onError: (error) => write(`rpdi serve: unexpected failure: ${describeError(error)}\n`),
    ...(logger === undefined ? {} : { logger }),
    health: { checks: backend.readiness ?? {} },
  });
}

/**
 * What `rpdi serve` prints once it answers, for a person: the addresses, the logins, how to stop.
 * It goes where every other line for a person goes (stderr), so that stdout holds log lines alone.
 */
function banner(
  options: ServeOptions,
  started: {
    backend: ServeBackend;
    root: string;
    snapshots: readonly OrganizationSnapshot[];
    metrics: boolean;
    sharedSecret: string | undefined;
    mail: boolean;
  },
): string {
  const { backend, root, snapshots } = started;
  const lines = [
    `rpdi sandbox: ${backend.description}`,
    `  REST   ${root}/api/v2`,
    `  Docs   ${root}${DOCS_PATH} (API reference: sign in there, then "Try it out")`,
    `  Import ${root}${IMPORT_PATH} (the import screen: sign in, then choose a file)`,
    `  Health ${root}/healthz, ${root}/readyz`,
    ...(started.metrics ? [`  Metrics ${root}/metrics (Prometheus)`] : []),
    ...(options.operatorTokenFile === undefined
      ? []
      : [
          `  Operator ${root}/operator/v1 (Authorization: Bearer <the token in ${options.operatorTokenFile}>)`,
        ]),
    ...(started.mail
      ? [
          `  Mail   ${root}${SANDBOX_MAIL_PATH} (the outbox: invitation and password-reset links; this machine only)`,
        ]
      : []),
    `  Feed   ${root}/v1/job-applications${options.feedLimit === undefined ? "" : ` (limit ${options.feedLimit.limit} requests per ${options.feedLimit.windowMs / 1000} s)`}`,
    ...snapshots.map(
      (snapshot) => `  Login  ${root}/app/${snapshot.organization.shortName}/admin/auth/`,
    ),
  ];
  if (options.seed === undefined) {
    lines.push("Sandbox logins (fake, for this sandbox only):");
    for (const login of SANDBOX_LOGINS) {
      const mfa =
        login.mfaSecret === null
          ? ""
          : `, MFA secret ${login.mfaSecret} (the code valid now: rpdi totp ${login.mfaSecret})`;
      lines.push(`  ${login.email} / ${login.password}${mfa}`);
    }
  }
  if (options.databaseUrl !== undefined && started.sharedSecret === undefined)
    lines.push(
      "RPDI_TOKEN_SECRET is not set: this instance signs sessions with a secret of its own, which other instances refuse.",
    );
  lines.push(
    `Answers the host names ${servedHostNames(options).join(", ")} (more with --allowed-host).`,
    options.persist === undefined
      ? "Stop with Ctrl-C."
      : `Stop with Ctrl-C. Every change is written to ${options.persist} before it is answered.`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * Serves until SIGINT or SIGTERM, then drains: new requests (and `/readyz`) are answered 503 with
 * `Connection: close`, the listener closes, and the requests under way (imports included) may
 * finish for `graceMs`; then the binding and the store close. Answers whether every request
 * finished in time (otherwise their connections were cut). A failed write of the state (`failed`)
 * stops it at once, with the connections cut.
 */
async function serveUntilStopped(
  running: {
    server: Server;
    handler: HttpHandler;
    backend: ServeBackend;
    served: ServeMetrics | undefined;
    persisted: PersistedState | undefined;
    drain: Drain;
  },
  failed: Promise<never>,
  graceMs: number,
  announce: (text: string) => void,
): Promise<boolean> {
  const { server, handler, backend, served, persisted, drain } = running;
  const unlessFailed = <T>(promise: Promise<T>): Promise<T> => Promise.race([promise, failed]);
  let drained: boolean;
  try {
    await unlessFailed(
      new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      }),
    );
    const closing = drain.close(server, graceMs);
    announce(
      `rpdi serve: stopping; new requests answered 503, those under way have ${graceMs} ms to finish\n`,
    );
    drained = await unlessFailed(closing);
    // Cut requests answer no one: their transactions are rolled back rather than waited for.
    if (!drained) await backend.cut?.().catch(() => undefined);
    await unlessFailed(persisted?.settled() ?? Promise.resolve());
  } catch (failure) {
    // Only a failed write of the state lands here, while serving or while stopping.
    if ("closeAllConnections" in server) server.closeAllConnections();
    server.close();
    await handler.close();
    await backend.close();
    throw new Error(
      `${describeError(failure)}; stopped, the file holds every change that was answered`,
    );
  }
  await handler.close();
  await served?.close();
  await backend.close();
  return drained;
}

function metricsPath(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start !== -1 && url.slice(start) === "/metrics";
}

/** A port that cannot be had is the caller's to change: one line and exit 2, not a crash. */
function listenFailure(error: unknown, options: ServeOptions): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const where = `${options.host}:${options.port}`;
  if (code === "EADDRINUSE")
    return new UsageError(`${where} is already in use; pick another port with --port`, {
      usage: false,
    });
  if (code === "EACCES")
    return new UsageError(
      `${where} may not be opened by this user; pick a port above 1023 with --port`,
      { usage: false },
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new UsageError(`${options.host} is not an address of this machine; check --host`, {
      usage: false,
    });
  return error;
}

/**
 * Keeps `path` holding the memory store's state: stray temporaries of a killed process removed,
 * the state written once now (unless `path` is the seed itself, which holds it already).
 */
async function startPersisting(
  path: string,
  seedPath: string,
  store: MemoryStore,
  snapshots: readonly OrganizationSnapshot[],
  write: (text: string) => void,
): Promise<PersistedState> {
  for (const stray of await removeStrayTemporaries(path))
    write(`rpdi serve: removed ${stray}, left by a process killed while writing the state\n`);
  const persisted = persistedState(
    path,
    store,
    snapshots.map((snapshot) => snapshot.organization.id),
  );
  if (!(await sameFile(seedPath, path)))
    await persisted.write().catch((error: unknown) => {
      throw new UsageError(describeError(error));
    });
  return persisted;
}

/** Whether both paths name one existing file. */
async function sameFile(first: string, second: string): Promise<boolean> {
  const [a, b] = await Promise.all([stat(first), stat(second).catch(() => null)]);
  return b !== null && a.dev === b.dev && a.ino === b.ino;
}

/**
 * A seed whose site is on this machine (`http://127.0.0.1:…`, `http://localhost:…`) is a sandbox
 * pointing at itself: its site, and so every feed record's `candidateUrl`, follows the address
 * actually listened on. Other sites are the seed's own.
 */
export function pointedAtSandbox(
  snapshot: OrganizationSnapshot,
  root: string,
): OrganizationSnapshot {
  let site: URL;
  try {
    site = new URL(snapshot.organization.siteUrl);
  } catch {
    return snapshot;
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(site.hostname);
  if (!loopback || site.protocol !== "http:") return snapshot;
  return { ...snapshot, organization: { ...snapshot.organization, siteUrl: root } };
}

async function readSeed(path: string): Promise<OrganizationSnapshot[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new UsageError(`cannot read the seed ${path}: ${describeError(error)}`);
  }
  const list = Array.isArray(json) ? json : [json];
  const parsed = list.map((entry) => organizationSnapshotSchema.safeParse(entry));
  const failed = parsed.findIndex((result) => !result.success);
  if (failed !== -1)
    throw new UsageError(`${path} is not an organization snapshot (entry ${failed + 1})`);
  return parsed.map((result) => result.data as OrganizationSnapshot);
}

function randomSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
