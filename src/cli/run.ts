import { parseArgs } from "node:util";
import { version } from "../../package.json";
import { isProduct, PRODUCTS } from "../domain/products";
import { hostNameOf } from "../http/allowed-hosts";
import { examplesCommand } from "./examples";
import { feedPullCommand } from "./feed-pull";
import { headerMappedIo } from "./header-map";
import { type CliIo, ExitCode, UsageError } from "./io";
import { jobsCommand } from "./jobs";
import { listsCommand } from "./lists";
import { outboxCommand } from "./outbox";
import { parseFailure } from "./parse-failure";
import { serveCommand } from "./serve";
import { parseLogFormat, parseLogLevel } from "./serve-logger";
import { meantWord } from "./suggest";
import { totpCommand } from "./totp";
import { type CommandName, commandHelp, commandOptions, commandUsage, overview } from "./usage";
import { validateMattersCommand } from "./validate-matters";
import { validateMembersCommand } from "./validate-members";

export const USAGE = overview();

const COMMANDS = [
  "serve",
  "validate",
  "lists",
  "feed",
  "totp",
  "examples",
  "outbox",
  "jobs",
] as const;

/** Runs the CLI on `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`rpdi: ${error.message}\n${error.usage ? usageOf(commandOf(argv)) : ""}`);
      return ExitCode.USAGE;
    }
    throw error;
  }
}

/** After a usage error: the command's usage lines alone, or where the commands are listed. */
function usageOf(command: CommandName | undefined): string {
  return command === undefined
    ? `The commands are ${COMMANDS.join(", ")}; rpdi --help shows their usage.\n`
    : `\n${commandUsage(command)}\n`;
}

/** The command the first words name, if any: whose usage and options a mistake is told with. */
function commandOf(argv: readonly string[]): CommandName | undefined {
  if (argv[0] === "jobs") return "jobs";
  const [first, second] = argv[0] === "outbox" ? argv : firstWords(argv);
  if (first === "validate")
    return second === "members" || second === "matters" ? `validate ${second}` : "validate";
  if (first === "feed") return "feed pull";
  if (
    first === "serve" ||
    first === "lists" ||
    first === "totp" ||
    first === "examples" ||
    first === "outbox"
  )
    return first;
  return undefined;
}

/** The first two words that are not options or their values (`rpdi --json validate …`). */
function firstWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let index = 0; index < argv.length && words.length < 2; index++) {
    const arg = argv[index] as string;
    if (arg === "--") break;
    if (!arg.startsWith("-")) words.push(arg);
    else if (!arg.includes("=") && isStringOption(arg.replace(/^--/, ""))) index++;
  }
  return words;
}

function isStringOption(name: string): boolean {
  return Object.hasOwn(OPTIONS, name) && OPTIONS[name as keyof typeof OPTIONS].type === "string";
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  if (argv[0] === "outbox") return (await outboxCommand(argv.slice(1), io)) as ExitCode;
  if (argv[0] === "jobs") return jobsCommand(argv.slice(1), io);
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    const command = commandOf(argv);
    throw parseFailure(error, command === undefined ? ALL_OPTIONS : commandOptions(command));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    const command = commandOf(argv);
    io.stdout(`${command === undefined ? USAGE : commandHelp(command)}\n`);
    return ExitCode.VALID;
  }
  if (values.version) {
    io.stdout(`rpdi ${version}\n`);
    return ExitCode.VALID;
  }
  if (positionals[0] === "serve") {
    if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
    for (const option of FEED_PULL_OPTIONS)
      if (values[option] !== undefined)
        throw new UsageError(`--${option} applies to rpdi feed pull only`);
    for (const option of VALIDATE_OPTIONS)
      if (values[option] !== undefined)
        throw new UsageError(`--${option} applies to rpdi validate, not rpdi serve`);
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
    const importWorkers =
      values["import-workers"] === undefined ? undefined : Number(values["import-workers"]);
    if (importWorkers !== undefined && (!Number.isInteger(importWorkers) || importWorkers < 0))
      throw new UsageError("--import-workers must be a whole number of threads (0 for none)");
    const maxImports =
      values["max-imports"] === undefined ? undefined : Number(values["max-imports"]);
    if (maxImports !== undefined && (!Number.isInteger(maxImports) || maxImports < 1))
      throw new UsageError("--max-imports must be a whole number of imports, at least 1");
    return (await serveCommand(
      {
        seed: values.seed,
        port,
        host: values.host ?? "127.0.0.1",
        allowedHosts: parseAllowedHosts(values["allowed-host"] ?? []),
        persist: values.persist,
        databaseUrl: values["database-url"],
        schema: values.schema,
        redisUrl: values["redis-url"],
        poolSize,
        ...(feedLimit === undefined ? {} : { feedLimit }),
        ...(importWorkers === undefined ? {} : { importWorkers }),
        ...(maxImports === undefined ? {} : { maxConcurrentImports: maxImports }),
        logFormat: parseLogFormat(values["log-format"], io.color),
        logLevel: parseLogLevel(values["log-level"]),
        metrics: values.metrics ?? false,
      },
      io.stdout,
    )) as ExitCode;
  }
  for (const option of [
    "database-url",
    "schema",
    "redis-url",
    "pool-size",
    "feed-limit",
    "allowed-host",
    "import-workers",
    "max-imports",
    "log-format",
    "log-level",
    "metrics",
  ] as const)
    if (values[option] !== undefined)
      throw new UsageError(`--${option} applies to rpdi serve only`);
  const [command, subject, file, ...extra] = positionals;
  if (command === "feed") {
    if (subject !== "pull")
      throw new UsageError(
        `"feed" takes "pull", not ${subject === undefined ? "nothing" : `"${subject}"${meantWord(subject, ["pull"])}`}`,
      );
    if (file !== undefined) throw new UsageError(`unexpected argument "${file}"`);
    return feedPullCommand(io, {
      apiUrl: values["api-url"],
      loginUrl: values["login-url"],
      since: values.since,
      until: values.until,
      window: values.window,
      out: values.out,
      status: values.status,
      bucket: values.bucket,
      unknownDegree: values["unknown-degree"],
      allowInsecureHttp: values["allow-insecure-http"] ?? false,
    });
  }
  for (const option of FEED_PULL_OPTIONS)
    if (values[option] !== undefined)
      throw new UsageError(`--${option} applies to rpdi feed pull only`);
  if (command === "examples") {
    if (file !== undefined) throw new UsageError(`unexpected argument "${file}"`);
    return examplesCommand(io, subject);
  }
  if (command === "totp") {
    if (file !== undefined) throw new UsageError(`unexpected argument "${file}"`);
    return totpCommand(io, subject ?? io.env?.("RPDI_MFA_SECRET"));
  }
  if (command === "lists") {
    if (subject === undefined) throw new UsageError("no organization snapshot given");
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    for (const option of [
      "product",
      "org",
      "report",
      "now",
      "review-cycle",
      "all",
      "map",
      "auto-map",
    ] as const)
      if (values[option] !== undefined)
        throw new UsageError(`--${option} does not apply to rpdi lists`);
    return listsCommand(io, { org: subject, list: file, json: values.json ?? false });
  }
  if (command !== "validate")
    throw new UsageError(
      command === undefined
        ? "no command given"
        : `unknown command "${command}"${meantWord(command, COMMANDS)}`,
    );
  if (subject !== "members" && subject !== "matters") {
    throw new UsageError(
      `"validate" takes "members" or "matters", not ${subject === undefined ? "nothing" : `"${subject}"${meantWord(subject, ["members", "matters"])}`}`,
    );
  }
  if (file === undefined) throw new UsageError("no file given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (values.org === undefined) throw new UsageError("--org <snapshot.json> is required");
  const mapping = { map: values.map ?? [], autoMap: values["auto-map"] ?? false };
  if (subject === "matters") {
    if (values.product !== undefined) throw new UsageError("--product applies to members only");
    return validateMattersCommand(await headerMappedIo(io, file, subject, mapping), {
      file,
      org: values.org,
      ruleSet: values.legacy ? "legacy" : "upsert",
      reviewCycle: values["review-cycle"],
      json: values.json ?? false,
      report: values.report,
      all: values.all ?? false,
    });
  }
  if (values.legacy || values["review-cycle"] !== undefined) {
    throw new UsageError("--legacy and --review-cycle apply to matters only");
  }
  const product = values.product;
  if (product === undefined || !isProduct(product)) {
    throw new UsageError(
      `--product must be one of ${PRODUCTS.join(", ")}${product === undefined ? "" : meantWord(product, PRODUCTS)}`,
    );
  }
  return validateMembersCommand(await headerMappedIo(io, file, subject, mapping), {
    file,
    product,
    org: values.org,
    json: values.json ?? false,
    report: values.report,
    now: parseNow(values.now, io),
    all: values.all ?? false,
  });
}

/** The options of `rpdi validate` alone, refused elsewhere rather than ignored. */
const VALIDATE_OPTIONS = [
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

const FEED_PULL_OPTIONS = [
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

function parseCommandLine(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}

const OPTIONS = {
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
  report: { type: "string" },
  all: { type: "boolean" },
  "review-cycle": { type: "string" },
  map: { type: "string", multiple: true },
  "auto-map": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Every option of every command (outbox's aside), for "did you mean" before the command is known. */
const ALL_OPTIONS = Object.keys(OPTIONS).map((name) => `--${name}`);

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

function parseNow(text: string | undefined, io: CliIo): Date {
  if (text === undefined) return io.now();
  const now = new Date(text);
  if (Number.isNaN(now.getTime()))
    throw new UsageError(`--now "${text}" is not an ISO date or time`);
  return now;
}
