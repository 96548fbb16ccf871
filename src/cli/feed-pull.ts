import { DEFAULT_PULL_WINDOW_MS } from "../client/feed";
import { createClient, type FeedPull, RpdiClientError } from "../client/index";
import { parseFeedInstant } from "../feed/params";
import { createAtomicWriter } from "./atomic-file";
import { type CliIo, ExitCode, UsageError } from "./io";
import { startProgress } from "./progress";

/** What `rpdi feed pull` was asked for (credentials come from the environment). */
export interface FeedPullCommand {
  apiUrl: string | undefined;
  loginUrl: string | undefined;
  since: string | undefined;
  until: string | undefined;
  window: string | undefined;
  out: string | undefined;
  status: string | undefined;
  bucket: string | undefined;
  unknownDegree: string | undefined;
  allowInsecureHttp: boolean;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** `7d`, `12h`, `90m`, `2w`: a window length. */
export function parseWindow(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PULL_WINDOW_MS;
  const match = /^(\d{1,6})([mhdw])$/.exec(text.trim());
  const amount = Number(match?.[1]);
  if (match === null || amount < 1)
    throw new UsageError(`--window "${text}" is not a length such as 7d, 12h, 90m or 2w`);
  const length = amount * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (length < 60_000) throw new UsageError("--window must be at least one minute");
  return length;
}

/** `--since` or `--until` as the feed reads it, checked here so the message quotes what was typed. */
function parseInstantOption(option: string, text: string): Date {
  const at = parseFeedInstant(text);
  if (at === null)
    throw new UsageError(
      `${option} "${text}" is not a date or time: write yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ssZ (no zone means UTC)`,
      { usage: false },
    );
  return at;
}

/** The client's words for what the command line and environment set, and the CLI's. */
const CLI_TERMS: readonly (readonly [RegExp, string])[] = [
  [/\bpass credentials\.mfaSecret\b/g, "set RPDI_MFA_SECRET"],
  [/\bcredentials\.mfaSecret\b/g, "RPDI_MFA_SECRET"],
  [/\bcredentials\.email\b/g, "RPDI_EMAIL"],
  [/\bcredentials\.password\b/g, "RPDI_PASSWORD"],
  [/\bpass allowInsecureHttp: true\b/g, "pass --allow-insecure-http"],
  [/\ballowInsecureHttp\b/g, "--allow-insecure-http"],
  [/\bapiUrl\b/g, "--api-url"],
  [/\bloginUrl\b/g, "--login-url"],
  [/\bwindowMs\b/g, "--window"],
];

/**
 * A client message in the CLI's terms: its options and environment variables rather than the
 * library's fields, which a CLI user never wrote.
 */
export function inCliTerms(message: string): string {
  let text = message;
  for (const [pattern, replacement] of CLI_TERMS) text = text.replace(pattern, replacement);
  return text;
}

/**
 * `rpdi feed pull`: every job application with a status change in a period, fetched window by
 * window through `rpdi/client`, written as NDJSON (one application per line). The file appears
 * only when the pull is complete; a failed pull leaves an existing file as it was. Credentials
 * come from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET, never from arguments, which other users
 * of the machine can read in the process list.
 */
export async function feedPullCommand(io: CliIo, command: FeedPullCommand): Promise<ExitCode> {
  const { pull, since, until } = startPull(io, command);
  const toFile = command.out !== undefined && command.out !== "-";
  const writer = toFile ? await createAtomicWriter(command.out as string) : undefined;
  const write = writer === undefined ? async (text: string) => io.stdout(text) : writer.write;
  const progress = startProgress(io);
  try {
    let lines: string[] = [];
    for await (const application of pull) {
      progress.update(
        () =>
          `rpdi feed pull: ${pull.stats.windows} windows fetched, ${pull.stats.applications} applications`,
      );
      lines.push(`${JSON.stringify(application)}\n`);
      if (lines.length >= 500) {
        await write(lines.join(""));
        lines = [];
      }
    }
    await write(lines.join(""));
    await writer?.commit();
  } catch (error) {
    progress.done();
    await writer?.abort();
    if (error instanceof RpdiClientError) {
      io.stderr(
        `rpdi feed pull: ${inCliTerms(error.message)}\n  nothing written${toFile ? `; ${command.out} is unchanged` : ""} (${pull.stats.windows} windows fetched)\n`,
      );
      return ExitCode.INVALID;
    }
    throw error;
  }
  progress.done();
  io.stderr(pullSummary(command, pull.stats, { since, until, toFile }));
  return ExitCode.VALID;
}

/** The pull the command line and environment ask for, checked; not started until iterated. */
function startPull(
  io: CliIo,
  command: FeedPullCommand,
): { pull: FeedPull; since: string; until: string } {
  const required = (value: string | undefined, option: string) => {
    if (value === undefined || value === "") throw new UsageError(`${option} is required`);
    return value;
  };
  const apiUrl = required(command.apiUrl, "--api-url <{api_url}>");
  const loginUrl = required(command.loginUrl, "--login-url <{site_url}/app/{org}/admin/auth/>");
  const since = required(command.since, "--since <date or datetime>");
  const until =
    command.until ??
    io
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, "Z");
  const from = parseInstantOption("--since", since);
  const to = parseInstantOption("--until", until);
  if (from.getTime() > to.getTime())
    throw new UsageError(`--since "${since}" is after --until "${until}"`, { usage: false });
  const windowMs = parseWindow(command.window);
  const credentials = credentialsOf(io);
  try {
    const pull = createClient({
      apiUrl,
      loginUrl,
      credentials,
      allowInsecureHttp: command.allowInsecureHttp,
    }).feed.pull({
      since,
      until,
      windowMs,
      ...(command.status === undefined ? {} : { status: command.status }),
      ...(command.bucket === undefined ? {} : { bucket: command.bucket }),
      ...(command.unknownDegree === undefined ? {} : { unknownDegree: command.unknownDegree }),
    });
    return { pull, since, until };
  } catch (error) {
    // createClient and pull throw TypeError for what the command line gave them.
    if (error instanceof TypeError)
      throw new UsageError(inCliTerms(error.message), { usage: false });
    throw error;
  }
}

/** The service account's credentials, from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET. */
export function credentialsOf(io: CliIo): { email: string; password: string; mfaSecret?: string } {
  const email = io.env?.("RPDI_EMAIL");
  const password = io.env?.("RPDI_PASSWORD");
  if (email === undefined || email === "" || password === undefined || password === "")
    throw new UsageError(
      "set RPDI_EMAIL and RPDI_PASSWORD (and RPDI_MFA_SECRET for an organization with MFA) to the service account's credentials",
      { usage: false },
    );
  const mfaSecret = io.env?.("RPDI_MFA_SECRET");
  return {
    email,
    password,
    ...(mfaSecret === undefined || mfaSecret === "" ? {} : { mfaSecret }),
  };
}

/** What a complete pull tells on stderr: how many, where to, and what to look at. */
function pullSummary(
  command: FeedPullCommand,
  stats: FeedPull["stats"],
  { since, until, toFile }: { since: string; until: string; toFile: boolean },
): string {
  const unknown = [...stats.unknownDegrees].map(([degree, count]) => `"${degree}" (${count})`);
  return `${[
    `rpdi feed pull: ${stats.applications} applications from ${since} to ${until} in ${stats.windows} windows${toFile ? `, written to ${command.out}` : ""}`,
    ...(unknown.length === 0
      ? []
      : [
          `  degrees outside the spec's list: ${unknown.join(", ")}${command.unknownDegree === undefined ? " (kept; route them with --unknown-degree <degree>)" : ` (written as "${command.unknownDegree}")`}`,
        ]),
    ...(stats.lateRepeats === 0
      ? []
      : [
          `  ${stats.lateRepeats} applications changed during the pull and came back after they were written; pull again to include those changes`,
        ]),
  ].join("\n")}\n`;
}
