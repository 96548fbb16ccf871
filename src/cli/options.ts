import { parseArgs } from "node:util";
import { UsageError } from "./io";

/** Every option of the commands parsed here (outbox and jobs parse their own). */
export const OPTIONS = {
  product: { type: "string" },
  org: { type: "string" },
  json: { type: "boolean" },
  now: { type: "string" },
  legacy: { type: "boolean" },
  seed: { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  "allowed-host": { type: "string", multiple: true },
  "import-workers": { type: "string" },
  "max-imports": { type: "string" },
  "log-format": { type: "string" },
  "log-level": { type: "string" },
  metrics: { type: "boolean" },
  persist: { type: "string" },
  "database-url": { type: "string" },
  schema: { type: "string" },
  "redis-url": { type: "string" },
  "pool-size": { type: "string" },
  "pool-timeout-ms": { type: "string" },
  "shutdown-grace-ms": { type: "string" },
  "operator-token-file": { type: "string" },
  "allow-loopback-webhooks": { type: "boolean" },
  "feed-limit": { type: "string" },
  "api-url": { type: "string" },
  "login-url": { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  window: { type: "string" },
  out: { type: "string" },
  status: { type: "string" },
  bucket: { type: "string" },
  "unknown-degree": { type: "string" },
  "allow-insecure-http": { type: "boolean" },
  state: { type: "string" },
  copy: { type: "string" },
  report: { type: "string" },
  all: { type: "boolean" },
  "review-cycle": { type: "string" },
  map: { type: "string", multiple: true },
  "auto-map": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Every option of every command (outbox's aside), for "did you mean" before the command is known. */
export const ALL_OPTIONS = Object.keys(OPTIONS).map((name) => `--${name}`);

export function parseCommandLine(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}

/** The options given, by name. */
export type OptionValues = ReturnType<typeof parseCommandLine>["values"];

/** Whether `--name` takes a value (so the next argument is that value, not a word). */
export function isStringOption(name: string): boolean {
  return Object.hasOwn(OPTIONS, name) && OPTIONS[name as keyof typeof OPTIONS].type === "string";
}

/** The options of `rpdi validate` alone, refused elsewhere rather than ignored. */
export const VALIDATE_OPTIONS = [
  "product",
  "org",
  "json",
  "now",
  "legacy",
  "report",
  "review-cycle",
  "all",
  "map",
  "auto-map",
] as const;

/** The options of `rpdi feed pull` alone. */
export const FEED_PULL_OPTIONS = [
  "api-url",
  "login-url",
  "since",
  "until",
  "window",
  "out",
  "status",
  "bucket",
  "unknown-degree",
  "allow-insecure-http",
] as const;

/** The options of `rpdi feed sync` alone. */
export const FEED_SYNC_ONLY_OPTIONS = ["state", "copy"] as const;

/** The connection options `rpdi feed pull` and `rpdi feed sync` share. */
const FEED_SHARED_OPTIONS = ["api-url", "login-url", "allow-insecure-http"] as const;

/** The options of `rpdi feed pull` that `rpdi feed sync` does not take. */
export const FEED_PULL_ONLY_OPTIONS = FEED_PULL_OPTIONS.filter(
  (name) => !(FEED_SHARED_OPTIONS as readonly string[]).includes(name),
);

/** Refuses the options of `rpdi feed pull` and `rpdi feed sync`, for every other command. */
export function refuseFeedOptions(values: OptionValues): void {
  refuseOptions(values, FEED_PULL_ONLY_OPTIONS, "applies to rpdi feed pull only");
  refuseOptions(values, FEED_SYNC_ONLY_OPTIONS, "applies to rpdi feed sync only");
  refuseOptions(values, FEED_SHARED_OPTIONS, "applies to rpdi feed pull and rpdi feed sync only");
}

/** The options refused outside `rpdi serve`. */
export const SERVE_ONLY_OPTIONS = [
  "database-url",
  "schema",
  "redis-url",
  "pool-size",
  "pool-timeout-ms",
  "shutdown-grace-ms",
  "feed-limit",
  "allowed-host",
  "import-workers",
  "max-imports",
  "log-format",
  "log-level",
  "metrics",
  "operator-token-file",
  "allow-loopback-webhooks",
] as const;

/** Refuses the first of `names` given, with `why` after its name ("applies to rpdi serve only"). */
export function refuseOptions(
  values: OptionValues,
  names: readonly (keyof OptionValues)[],
  why: string,
): void {
  for (const name of names)
    if (values[name] !== undefined) throw new UsageError(`--${name} ${why}`);
}
