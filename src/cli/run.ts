import { version } from "../../package.json";
import { isProduct, PRODUCTS } from "../domain/products";
import { applicationsCommand } from "./applications-record";
import { examplesCommand } from "./examples";
import { feedPullCommand } from "./feed-pull";
import { feedSyncCommand } from "./feed-sync";
import { headerMappedIo } from "./header-map";
import { type CliIo, ExitCode, UsageError } from "./io";
import { jobsCommand } from "./jobs";
import { listsCommand } from "./lists";
import {
  ALL_OPTIONS,
  FEED_PULL_ONLY_OPTIONS,
  FEED_SYNC_ONLY_OPTIONS,
  isStringOption,
  type OptionValues,
  parseCommandLine,
  refuseFeedOptions,
  refuseOptions,
  SERVE_ONLY_OPTIONS,
} from "./options";
import { orgCommand } from "./org-apply";
import { outboxCommand } from "./outbox";
import { parseFailure } from "./parse-failure";
import { serveCommand } from "./serve";
import { serveOptionsOf } from "./serve-options";
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
  "org",
  "applications",
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
  if (argv[0] === "org") return "org apply";
  if (argv[0] === "applications") return "applications record";
  const [first, second] = argv[0] === "outbox" ? argv : firstWords(argv);
  if (first === "validate")
    return second === "members" || second === "matters" ? `validate ${second}` : "validate";
  if (first === "feed") return second === "sync" ? "feed sync" : "feed pull";
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

async function dispatch(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  if (argv[0] === "outbox") return (await outboxCommand(argv.slice(1), io)) as ExitCode;
  if (argv[0] === "jobs") return jobsCommand(argv.slice(1), io);
  if (argv[0] === "org") return orgCommand(argv.slice(1), io);
  if (argv[0] === "applications") return applicationsCommand(argv.slice(1), io);
  const { values, positionals } = parseOrExplain(argv);
  if (values.help) {
    const command = commandOf(argv);
    io.stdout(`${command === undefined ? USAGE : commandHelp(command)}\n`);
    return ExitCode.VALID;
  }
  if (values.version) {
    io.stdout(`rpdi ${version}\n`);
    return ExitCode.VALID;
  }
  const [command, ...words] = positionals;
  if (command === "serve")
    // stdout is the log's alone (JSON lines with --log-format json); what a person reads goes to stderr.
    return (await serveCommand(serveOptionsOf(words, values, io), io.stderr)) as ExitCode;
  refuseOptions(values, SERVE_ONLY_OPTIONS, "applies to rpdi serve only");
  if (command !== "feed") refuseFeedOptions(values);
  const handler =
    command !== undefined && Object.hasOwn(HANDLERS, command)
      ? HANDLERS[command as keyof typeof HANDLERS]
      : undefined;
  if (handler === undefined)
    throw new UsageError(
      command === undefined
        ? "no command given"
        : `unknown command "${command}"${meantWord(command, COMMANDS)}`,
    );
  return handler(words, values, io);
}

/** The command line parsed, or a usage error told with the options of the command it names. */
function parseOrExplain(argv: readonly string[]): ReturnType<typeof parseCommandLine> {
  try {
    return parseCommandLine(argv);
  } catch (error) {
    const command = commandOf(argv);
    throw parseFailure(error, command === undefined ? ALL_OPTIONS : commandOptions(command));
  }
}

/** A command parsed here, given the words after its name and the options (refused ones checked). */
type Handler = (words: readonly string[], values: OptionValues, io: CliIo) => Promise<ExitCode>;

/**
 * The commands besides serve (its options are parsed apart), outbox, jobs, org and applications
 * (they parse their own).
 */
const HANDLERS = {
  feed,
  examples,
  totp,
  lists,
  validate,
} satisfies Record<string, Handler>;

async function feed([subject, extra]: readonly string[], values: OptionValues, io: CliIo) {
  if (subject !== "pull" && subject !== "sync")
    throw new UsageError(
      `"feed" takes "pull" or "sync", not ${subject === undefined ? "nothing" : `"${subject}"${meantWord(subject, ["pull", "sync"])}`}`,
    );
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return subject === "pull" ? feedPull(values, io) : feedSync(values, io);
}

function feedPull(values: OptionValues, io: CliIo) {
  refuseOptions(values, FEED_SYNC_ONLY_OPTIONS, "applies to rpdi feed sync only");
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

function feedSync(values: OptionValues, io: CliIo) {
  refuseOptions(values, FEED_PULL_ONLY_OPTIONS, "applies to rpdi feed pull only");
  return feedSyncCommand(io, {
    apiUrl: values["api-url"],
    loginUrl: values["login-url"],
    state: values.state,
    copy: values.copy,
    allowInsecureHttp: values["allow-insecure-http"] ?? false,
  });
}

async function examples([name, extra]: readonly string[], _values: OptionValues, io: CliIo) {
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return examplesCommand(io, name);
}

async function totp([secret, extra]: readonly string[], _values: OptionValues, io: CliIo) {
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return totpCommand(io, secret ?? io.env?.("RPDI_MFA_SECRET"));
}

async function lists([org, list, ...extra]: readonly string[], values: OptionValues, io: CliIo) {
  if (org === undefined) throw new UsageError("no organization snapshot given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  refuseOptions(
    values,
    ["product", "org", "report", "now", "review-cycle", "all", "map", "auto-map"],
    "does not apply to rpdi lists",
  );
  return listsCommand(io, { org, list, json: values.json ?? false });
}

/** `rpdi validate members|matters <file>`: the words and options both share, then each's own. */
async function validate(words: readonly string[], values: OptionValues, io: CliIo) {
  const [subject, file, ...extra] = words;
  if (subject !== "members" && subject !== "matters") {
    throw new UsageError(
      `"validate" takes "members" or "matters", not ${subject === undefined ? "nothing" : `"${subject}"${meantWord(subject, ["members", "matters"])}`}`,
    );
  }
  if (file === undefined) throw new UsageError("no file given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const org = values.org;
  if (org === undefined) throw new UsageError("--org <snapshot.json> is required");
  const mapping = { map: values.map ?? [], autoMap: values["auto-map"] ?? false };
  const validateFile = subject === "matters" ? validateMatters : validateMembers;
  return validateFile(values, io, { file, org, mapping });
}

interface ValidateInput {
  file: string;
  org: string;
  mapping: { map: string[]; autoMap: boolean };
}

async function validateMatters(
  values: OptionValues,
  io: CliIo,
  { file, org, mapping }: ValidateInput,
) {
  if (values.product !== undefined) throw new UsageError("--product applies to members only");
  return validateMattersCommand(await headerMappedIo(io, file, "matters", mapping), {
    file,
    org,
    ruleSet: values.legacy ? "legacy" : "upsert",
    reviewCycle: values["review-cycle"],
    json: values.json ?? false,
    report: values.report,
    all: values.all ?? false,
  });
}

async function validateMembers(
  values: OptionValues,
  io: CliIo,
  { file, org, mapping }: ValidateInput,
) {
  if (values.legacy || values["review-cycle"] !== undefined) {
    throw new UsageError("--legacy and --review-cycle apply to matters only");
  }
  const product = values.product;
  if (product === undefined || !isProduct(product)) {
    throw new UsageError(
      `--product must be one of ${PRODUCTS.join(", ")}${product === undefined ? "" : meantWord(product, PRODUCTS)}`,
    );
  }
  return validateMembersCommand(await headerMappedIo(io, file, "members", mapping), {
    file,
    product,
    org,
    json: values.json ?? false,
    report: values.report,
    now: parseNow(values.now, io),
    all: values.all ?? false,
  });
}

function parseNow(text: string | undefined, io: CliIo): Date {
  if (text === undefined) return io.now();
  const now = new Date(text);
  if (Number.isNaN(now.getTime()))
    throw new UsageError(`--now "${text}" is not an ISO date or time`);
  return now;
}
