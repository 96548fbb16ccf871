import { hostNameOf } from "../http/allowed-hosts";
import { type CliIo, UsageError } from "./io";
import { type OptionValues, refuseFeedOptions, refuseOptions, VALIDATE_OPTIONS } from "./options";
import type { ServeOptions } from "./serve";
import { parseLogFormat, parseLogLevel } from "./serve-logger";

/** `rpdi serve`'s options, checked: `words` are the arguments after `serve` (there should be none). */
export function serveOptionsOf(
  words: readonly string[],
  values: OptionValues,
  io: CliIo,
): ServeOptions {
  if (words.length > 0) throw new UsageError(`unexpected argument "${words[0]}"`);
  refuseFeedOptions(values);
  refuseOptions(values, VALIDATE_OPTIONS, "applies to rpdi validate, not rpdi serve");
  const port = Number(values.port ?? "8787");
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError("--port must be a port number");
  const feedLimit = parseFeedLimit(values["feed-limit"]);
  if (feedLimit !== undefined && values["database-url"] !== undefined)
    throw new UsageError(
      "--feed-limit applies to the memory store only; with PostgreSQL the instances share the spec's limit",
    );
  const poolSize = Number(values["pool-size"] ?? "10");
  if (!Number.isInteger(poolSize) || poolSize < 1)
    throw new UsageError("--pool-size must be a whole number of connections");
  const poolTimeoutMs = wholeNumber(
    values["pool-timeout-ms"],
    1,
    "--pool-timeout-ms must be a whole number of milliseconds, at least 1",
  );
  const shutdownGraceMs = wholeNumber(
    values["shutdown-grace-ms"],
    0,
    "--shutdown-grace-ms must be a whole number of milliseconds",
  );
  const importWorkers = wholeNumber(
    values["import-workers"],
    0,
    "--import-workers must be a whole number of threads (0 for none)",
  );
  const maxImports = wholeNumber(
    values["max-imports"],
    1,
    "--max-imports must be a whole number of imports, at least 1",
  );
  return {
    seed: values.seed,
    port,
    host: values.host ?? "127.0.0.1",
    allowedHosts: parseAllowedHosts(values["allowed-host"] ?? []),
    persist: values.persist,
    databaseUrl: values["database-url"],
    schema: values.schema,
    redisUrl: values["redis-url"],
    poolSize,
    ...(poolTimeoutMs === undefined ? {} : { poolTimeoutMs }),
    ...(shutdownGraceMs === undefined ? {} : { shutdownGraceMs }),
    ...(feedLimit === undefined ? {} : { feedLimit }),
    ...(importWorkers === undefined ? {} : { importWorkers }),
    ...(maxImports === undefined ? {} : { maxConcurrentImports: maxImports }),
    logFormat: parseLogFormat(values["log-format"], io.color),
    logLevel: parseLogLevel(values["log-level"]),
    metrics: values.metrics ?? false,
    ...(values["operator-token-file"] === undefined
      ? {}
      : { operatorTokenFile: values["operator-token-file"] }),
    allowLoopbackWebhooks: values["allow-loopback-webhooks"] ?? false,
  };
}

/** An optional whole-number option of at least `least`; `mistake` when it is anything else. */
function wholeNumber(text: string | undefined, least: number, mistake: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) throw new UsageError(mistake);
  return value;
}

/** `--allowed-host <name>` (repeatable): host names besides loopback and `--host` to answer. */
function parseAllowedHosts(names: readonly string[]): string[] {
  for (const name of names) {
    const bare = name.startsWith(".") ? name.slice(1) : name;
    if (hostNameOf(bare) === null || /:\d*$/.test(bare.replace(/^\[.*\]/, "")))
      throw new UsageError(
        `--allowed-host "${name}" is not a host name (hr.example.com, .example.com for it and its subdomains, 192.0.2.10, [2001:db8::1]; no port)`,
      );
  }
  return [...names];
}

/** `--feed-limit <requests>/<seconds>`: the sandbox feed's limit, e.g. to try a client's 429s. */
function parseFeedLimit(text: string | undefined): { limit: number; windowMs: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(text);
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (match === null || limit < 1 || seconds < 1)
    throw new UsageError(
      `--feed-limit "${text}" is not <requests>/<seconds> (the spec's limit is 1000/300)`,
    );
  return { limit, windowMs: seconds * 1000 };
}
