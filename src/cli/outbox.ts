import { hostname } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { deliverWebhookEvents, type WebhookAttemptFailure } from "../changes/deliver-webhooks";
import { createWebhookSender } from "../http/webhook-sender";
import {
  deliverWelcomeEmails,
  type SendWelcomeEmail,
  type WelcomeEmailSendFailure,
} from "../members/deliver";
import { createOutageLog, type OutageLogger } from "../runtime/outages";
import { isWebhookOutbox, type WelcomeEmailOutbox } from "../store/port";
import { type CliIo, ExitCode, UsageError } from "./io";
import { type OpenStore, openDatabaseStore } from "./open-store";
import { parseFailure } from "./parse-failure";
import { patientOutbox } from "./patient-outbox";
import { startProgress } from "./progress";
import { meantWord } from "./suggest";
import { commandHelp, commandOptions } from "./usage";

/** `rpdi outbox --help`. */
export const OUTBOX_USAGE = commandHelp("outbox");

/** What `rpdi outbox` needs beyond {@link CliIo}: where it runs, for the sender and signals. */
export interface OutboxCliEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Calls `stop` on SIGINT or SIGTERM; returns the way to stop listening. */
  onStopSignal: (stop: () => void) => () => void;
  /** Opens the store (default: PostgreSQL at `--database-url`); tests hand in another. */
  openStore?: OpenStore;
}

const processEnvironment: OutboxCliEnvironment = {
  env: process.env,
  cwd: process.cwd(),
  onStopSignal(stop) {
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    return () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
  },
};

/** `rpdi outbox …` (argv after `outbox`); resolves to the exit code. */
export async function outboxCommand(
  argv: readonly string[],
  io: CliIo,
  environment: OutboxCliEnvironment = processEnvironment,
): Promise<number> {
  const settings = deliverSettings(argv, environment);
  if (settings === "help") {
    io.stdout(`${OUTBOX_USAGE}\n`);
    return ExitCode.VALID;
  }
  const send =
    settings.sender === undefined
      ? printingSender(io)
      : await loadSender(resolve(environment.cwd, settings.sender));
  if (typeof send === "string") {
    io.stderr(`rpdi: ${send}\n`);
    return ExitCode.USAGE;
  }
  const opened = await (environment.openStore ?? openDatabaseStore)(
    settings.databaseUrl,
    settings.schema,
  );
  if (typeof opened === "string") {
    io.stderr(`rpdi: outbox deliver: ${opened}\n`);
    return ExitCode.INVALID;
  }
  const stopping = new AbortController();
  const stopListening = environment.onStopSignal(() => stopping.abort());
  try {
    const loop = { ...settings.loop, signal: stopping.signal };
    // A database restart is waited out, said once when it goes and once when it is back.
    const store = settings.loop.once
      ? opened.store
      : patientOutbox(opened.store, {
          outageLog: createOutageLog(outageLines(io)),
          signal: stopping.signal,
        });
    const failed = await deliverAll(store, send, io, loop, settings.allowLoopbackWebhooks);
    return settings.loop.once && failed > 0 ? ExitCode.INVALID : ExitCode.VALID;
  } catch (error) {
    stopping.abort();
    io.stderr(`rpdi: outbox deliver: the database failed: ${message(error)}\n`);
    return ExitCode.INVALID;
  } finally {
    stopListening();
    await opened.close();
  }
}

/** What `rpdi outbox deliver` was asked to do, `"help"`, or a {@link UsageError}. */
function deliverSettings(argv: readonly string[], environment: OutboxCliEnvironment) {
  let parsed: ReturnType<typeof parseOutboxArgs>;
  try {
    parsed = parseOutboxArgs(argv);
  } catch (error) {
    throw parseFailure(error, commandOptions("outbox"));
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const [action, ...extra] = positionals;
  if (action !== "deliver")
    throw new UsageError(
      action === undefined
        ? '"outbox" takes "deliver"'
        : `"outbox" takes "deliver", not "${action}"${meantWord(action, ["deliver"])}`,
    );
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const databaseUrl = values["database-url"] ?? environment.env.DATABASE_URL;
  if (databaseUrl === undefined || databaseUrl === "")
    throw new UsageError("outbox deliver needs --database-url <postgres://…> (or DATABASE_URL)");
  return {
    databaseUrl,
    schema: values.schema ?? "rpdi",
    sender: values.sender,
    allowLoopbackWebhooks: values["allow-loopback-webhooks"] ?? false,
    loop: {
      worker: values.worker ?? `${hostname()}:${process.pid}`,
      batchSize: positive("--batch", values.batch, 100),
      leaseMs: positive("--lease-ms", values["lease-ms"], 60_000),
      idleMs: positive("--idle-ms", values["idle-ms"], 1000),
      once: values.once ?? false,
    },
  };
}

/** How both delivery loops run. */
interface DeliveryLoop {
  worker: string;
  batchSize: number;
  leaseMs: number;
  idleMs: number;
  once: boolean;
  signal: AbortSignal;
}

/**
 * Delivers the welcome emails and, when the store keeps webhook events too, the webhooks beside
 * them, each loop with its own claims; answers how many sends failed. Each failure is a line on
 * stderr, one progress line counts both loops, and a summary of each follows at the end.
 */
async function deliverAll(
  store: WelcomeEmailOutbox,
  send: SendWelcomeEmail,
  io: CliIo,
  loop: DeliveryLoop,
  allowLoopbackWebhooks: boolean,
): Promise<number> {
  const progress = startProgress(io);
  const total = { delivered: 0, failed: 0 };
  const onBatch = (batch: { delivered: number; failed: number }, lines: readonly string[]) => {
    total.delivered += batch.delivered;
    total.failed += batch.failed;
    if (lines.length > 0) progress.done();
    for (const line of lines) io.stderr(`rpdi: outbox deliver: ${line}\n`);
    progress.update(
      () => `rpdi: outbox deliver: ${total.delivered} delivered, ${total.failed} failed so far`,
    );
  };
  const sendWebhook = createWebhookSender({
    allowLoopback: allowLoopbackWebhooks,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  });
  try {
    const [emails, webhooks] = await Promise.all([
      deliverWelcomeEmails(store, send, {
        ...loop,
        onBatch: (batch) => onBatch(batch, batch.failures.map(emailFailureLine)),
      }),
      isWebhookOutbox(store)
        ? deliverWebhookEvents(store, sendWebhook, {
            ...loop,
            batchSize: webhookBatchSize(loop),
            concurrency: WEBHOOK_CONCURRENCY,
            onBatch: (batch) => onBatch(batch, batch.failures.map(webhookFailureLine)),
          })
        : null,
    ]);
    progress.done();
    io.stderr(
      `rpdi: outbox deliver: worker ${loop.worker} delivered ${emails.delivered}, failed ${emails.failed}, superseded ${emails.superseded}, lease ended before sending ${emails.expired} (${emails.batches} claims)\n`,
    );
    if (webhooks !== null)
      io.stderr(
        `rpdi: outbox deliver: worker ${loop.worker} webhooks delivered ${webhooks.delivered}, retried ${webhooks.retried}, disabled ${webhooks.disabled}, superseded ${webhooks.superseded}, lease ended before sending ${webhooks.expired} (${webhooks.batches} claims)\n`,
      );
    return emails.failed + (webhooks?.failed ?? 0);
  } finally {
    progress.done();
  }
}

const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_CONCURRENCY = 8;

/**
 * The webhook loop's batch: `--batch`, but no more than fits twice in the lease when every
 * receiver of the batch times out, so that a dead receiver makes events wait for the next claim
 * rather than outlive their lease (and go to the next worker while still being sent).
 */
function webhookBatchSize(loop: DeliveryLoop): number {
  const rounds = Math.max(1, Math.floor(loop.leaseMs / (2 * WEBHOOK_TIMEOUT_MS)));
  return Math.min(loop.batchSize, WEBHOOK_CONCURRENCY * rounds);
}

function emailFailureLine(failure: WelcomeEmailSendFailure): string {
  return `sending ${failure.idempotencyKey} failed (retried after the lease): ${message(failure.error)}`;
}

/**
 * A failed webhook attempt, naming the organization, endpoint and event: never a secret, nor the
 * receiver's URL (its path or query may carry a token of the receiver's).
 */
function webhookFailureLine(failure: WebhookAttemptFailure): string {
  const then = failure.outcome === "retry" ? "retried on the schedule" : "the endpoint is disabled";
  return `webhook ${failure.eventId} to endpoint ${failure.endpointId} of ${failure.orgId} failed (attempt ${failure.attempt}, ${then}): ${failure.problem}`;
}

function parseOutboxArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      "database-url": { type: "string" },
      schema: { type: "string" },
      sender: { type: "string" },
      once: { type: "boolean" },
      batch: { type: "string" },
      "lease-ms": { type: "string" },
      "idle-ms": { type: "string" },
      worker: { type: "string" },
      "allow-loopback-webhooks": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function positive(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
    throw new UsageError(`${flag} must be a positive whole number, not "${text}"`);
  return value;
}

/** The sandbox sender: one JSON line per email on stdout. */
function printingSender(io: CliIo): SendWelcomeEmail {
  return (email, context) => {
    io.stdout(
      `${JSON.stringify({ idempotencyKey: context.idempotencyKey, orgId: context.orgId, email })}\n`,
    );
  };
}

/** The host's sender module's default export, or why it cannot be used. */
async function loadSender(path: string): Promise<SendWelcomeEmail | string> {
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    return `--sender ${path} could not be loaded: ${message(error)}`;
  }
  if (typeof loaded.default !== "function")
    return `--sender ${path} has no default export send(email, { idempotencyKey })`;
  const send = loaded.default as (...args: unknown[]) => unknown;
  return async (email, context) => {
    await send(email, context);
  };
}

/** Outage lines on stderr, as the loop's other lines: the cause on the way down, the length back. */
function outageLines(io: CliIo): OutageLogger {
  return {
    warn: (fields) =>
      io.stderr(
        `rpdi: outbox deliver: the database cannot be reached (${fields.code === undefined ? "" : `${String(fields.code)}: `}${String(fields.cause)}); waiting and retrying, nothing is lost\n`,
      ),
    info: (fields) =>
      io.stderr(
        `rpdi: outbox deliver: the database is back after ${String(fields.durationMs)} ms (${String(fields.refused)} failed calls); delivering again\n`,
      ),
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
