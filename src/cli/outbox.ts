import { hostname } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  deliverWelcomeEmails,
  type SendWelcomeEmail,
  type WelcomeEmailDeliveryReport,
} from "../members/deliver";
import { type CliIo, ExitCode, UsageError } from "./io";
import { openDatabaseStore } from "./open-store";
import { parseFailure } from "./parse-failure";
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
  let parsed: ReturnType<typeof parseOutboxArgs>;
  try {
    parsed = parseOutboxArgs(argv);
  } catch (error) {
    throw parseFailure(error, commandOptions("outbox"));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${OUTBOX_USAGE}\n`);
    return ExitCode.VALID;
  }
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
  const batchSize = positive("--batch", values.batch, 100);
  const leaseMs = positive("--lease-ms", values["lease-ms"], 60_000);
  const idleMs = positive("--idle-ms", values["idle-ms"], 1000);
  const worker = values.worker ?? `${hostname()}:${process.pid}`;

  const send =
    values.sender === undefined
      ? printingSender(io)
      : await loadSender(resolve(environment.cwd, values.sender));
  if (typeof send === "string") {
    io.stderr(`rpdi: ${send}\n`);
    return ExitCode.USAGE;
  }

  const opened = await openDatabaseStore(databaseUrl, values.schema ?? "rpdi");
  if (typeof opened === "string") {
    io.stderr(`rpdi: outbox deliver: ${opened}\n`);
    return ExitCode.INVALID;
  }
  const stopping = new AbortController();
  const stopListening = environment.onStopSignal(() => stopping.abort());
  let report: WelcomeEmailDeliveryReport;
  const progress = startProgress(io);
  let delivered = 0;
  let failed = 0;
  try {
    report = await deliverWelcomeEmails(opened.store, send, {
      worker,
      batchSize,
      leaseMs,
      idleMs,
      once: values.once ?? false,
      signal: stopping.signal,
      onBatch: (batch) => {
        delivered += batch.delivered;
        failed += batch.failed;
        if (batch.failures.length > 0) progress.done();
        for (const failure of batch.failures)
          io.stderr(
            `rpdi: outbox deliver: sending ${failure.idempotencyKey} failed (retried after the lease): ${message(failure.error)}\n`,
          );
        progress.update(
          () => `rpdi: outbox deliver: ${delivered} delivered, ${failed} failed so far`,
        );
      },
    });
  } catch (error) {
    io.stderr(`rpdi: outbox deliver: the database failed: ${message(error)}\n`);
    return ExitCode.INVALID;
  } finally {
    progress.done();
    stopListening();
    await opened.close();
  }
  io.stderr(
    `rpdi: outbox deliver: worker ${worker} delivered ${report.delivered}, failed ${report.failed}, superseded ${report.superseded}, lease ended before sending ${report.expired} (${report.batches} claims)\n`,
  );
  return values.once === true && report.failed > 0 ? ExitCode.INVALID : ExitCode.VALID;
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

/**
 * The PostgreSQL store on a small pool, migrated; loaded only for this command (the rest of the
 * CLI needs neither `pg` nor the migrations).
 */

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
