import { PRODUCTS } from "../domain/products";
import { LIST_NAMES } from "./lists";

/** The commands with a help page of their own. */
export type CommandName =
  | "serve"
  | "validate"
  | "validate members"
  | "validate matters"
  | "lists"
  | "feed pull"
  | "feed sync"
  | "totp"
  | "examples"
  | "outbox"
  | "jobs"
  | "org apply"
  | "applications record";

interface CommandHelp {
  /** The usage lines, each from `rpdi`. */
  synopsis: readonly string[];
  about: string;
  /** Each option (with its value's placeholder) and a sentence on what it does. */
  options: readonly (readonly [string, string])[];
  exit: string;
}

const VALIDATE_EXIT = "Exit status: 0 valid, 1 invalid, 2 usage error.";

const MEMBERS_SYNOPSIS = `rpdi validate members <file.csv> --product <${PRODUCTS.join("|")}> --org <snapshot.json> [--map <header=Column> …] [--auto-map] [--json] [--report <errors.csv>] [--all] [--now <ISO time>]`;
const MATTERS_SYNOPSIS =
  "rpdi validate matters <file.csv> --org <snapshot.json> [--map <header=Column> …] [--auto-map] [--legacy] [--review-cycle <id>] [--json] [--report <errors.csv>] [--all]";

const SHARED_VALIDATE_OPTIONS = [
  [
    "--org <snapshot.json>",
    "The organization snapshot the file is checked against (docs/organization-snapshot.md).",
  ],
  ["--json", "Print the body the interface would answer, exactly, instead of a table."],
  [
    "--report <errors.csv>",
    "When rows have errors, write the file again with an Errors column beside each row (every error, whatever the table shows).",
  ],
  [
    "--all",
    "Print every row's errors; without it the table stops after the first 50 rows with errors and counts the rest.",
  ],
  [
    "--map <header=Column>",
    "Read a header cell of an export as a spec column, e.g. --map 'E-mail Address=Email'; repeatable. Only the header row is rewritten; rows are judged as written, and the mapping used is printed on stderr.",
  ],
  [
    "--auto-map",
    "Rename the header cells rpdi is sure about (case and spacing of the spec's names, known HRIS export names such as Work Email or Hire Date) and print the mapping used on stderr; --map entries win. Unsure guesses are listed, never applied.",
  ],
] as const;

const HELP: Record<CommandName, CommandHelp> = {
  serve: {
    synopsis: [
      "rpdi serve [--seed <snapshot.json>] [--port 8787] [--host 127.0.0.1] [--allowed-host <name> …] [--persist <file.json>]",
      "           [--feed-limit 1000/300] [--import-workers <n>] [--max-imports 2] [--log-format json|pretty]",
      "           [--log-level debug|info|warn|error|silent] [--metrics]",
      "rpdi serve --database-url <postgres://…> [--schema rpdi] [--redis-url <redis://…>] [--pool-size 10] [--pool-timeout-ms 5000] [--seed …] [--port …] [--host …]",
    ],
    about:
      "Runs the whole interface (REST, GraphQL, the feed, /docs) over the in-memory store seeded with the sandbox organization, or over PostgreSQL. On the memory store, /_sandbox/mail lists the emails the outbox holds (invitation and password-reset links), to this machine only.",
    options: [
      [
        "--seed <snapshot.json>",
        "The organizations to start from (default: the bundled sandbox); with a database, those it does not hold yet are loaded.",
      ],
      ["--port <n>", "The port to listen on (default 8787; 0 for any free port)."],
      ["--host <address>", "The address to bind (default 127.0.0.1)."],
      [
        "--allowed-host <name>",
        "A host name to answer besides loopback and --host (.example.com for it and its subdomains); repeatable.",
      ],
      [
        "--persist <file.json>",
        "Write the memory store's state to the file after every change, before answering it; go on later with --seed <file.json> --persist <file.json>.",
      ],
      [
        "--feed-limit <requests>/<seconds>",
        "The feed's rate limit on the memory store (default the spec's 1000/300).",
      ],
      ["--import-workers <n>", "Worker threads reading large import files (0 for none)."],
      [
        "--max-imports <n>",
        "File imports running at once before the next is answered 503 (default 2).",
      ],
      [
        "--log-format json|pretty",
        "How request and import lines are written to stdout (default pretty on a terminal, json otherwise); the start-up banner and every other line for a person go to stderr.",
      ],
      [
        "--log-level <level>",
        "The least severe lines written: debug, info (the default: a line per request and per import), warn, error, or silent for none.",
      ],
      ["--metrics", "Serve /metrics for Prometheus."],
      [
        "--database-url <postgres://…>",
        "Serve on PostgreSQL instead of the memory store (migrated first).",
      ],
      ["--schema <name>", "The PostgreSQL schema to use (default rpdi)."],
      [
        "--redis-url <redis://…>",
        "Share the feed's limit and the login protection in Redis rather than in the database.",
      ],
      ["--pool-size <n>", "PostgreSQL connections in the pool (default 10)."],
      [
        "--pool-timeout-ms <ms>",
        "How long a request waits for a free PostgreSQL connection (or for a new one to connect) before it is answered 503 with Retry-After (default 5000).",
      ],
      [
        "--shutdown-grace-ms <ms>",
        "On SIGTERM or SIGINT: how long requests and imports under way may take to finish (default 25000). Meanwhile /readyz and new requests answer 503 with Connection: close; the exit status is 0 once they finished, 1 if the grace ran out first.",
      ],
      [
        "--operator-token-file <file>",
        "Turn on the operator API (/operator/v1: organizations, job applications, erasure) for callers sending Authorization: Bearer <the token in the file>. The file is read once at start and must be readable by its owner alone (chmod 600); the token is never printed or logged.",
      ],
      [
        "--allow-loopback-webhooks",
        "Let the operator register webhook receivers on this machine (127.0.0.1, ::1, localhost; plain http too): for the sandbox, never in production. Deliver them with rpdi outbox deliver --allow-loopback-webhooks.",
      ],
    ],
    exit: "Exit status: 0 stopped by a signal once the requests under way finished, 1 stopped by a signal with requests cut when --shutdown-grace-ms ran out, 2 usage error (a port in use), 70 unexpected failure (a failed write of the --persist file).",
  },
  validate: {
    synopsis: [MEMBERS_SYNOPSIS, MATTERS_SYNOPSIS],
    about:
      "Checks a member or matter file as the interface would, against an organization snapshot, and writes nothing anywhere. rpdi validate members --help and rpdi validate matters --help describe each.",
    options: SHARED_VALIDATE_OPTIONS,
    exit: VALIDATE_EXIT,
  },
  "validate members": {
    synopsis: [MEMBERS_SYNOPSIS],
    about:
      "Checks a member file as POST /members/import-csv would: prints its errors (the 400 body with --json) or what an import would create and update (the 200 body).",
    options: [
      ["--product <product>", `The product the file is imported for: ${PRODUCTS.join(", ")}.`],
      ...SHARED_VALIDATE_OPTIONS,
      ["--now <ISO time>", "The time the rules judge dates by (default now)."],
    ],
    exit: VALIDATE_EXIT,
  },
  "validate matters": {
    synopsis: [MATTERS_SYNOPSIS],
    about:
      "Checks a matter file as the matter validators would, under the upsert rules; with --review-cycle, also says what writing it into that cycle would do.",
    options: [
      ...SHARED_VALIDATE_OPTIONS,
      ["--legacy", "Apply the deprecated upload-csv rules instead of the upsert's."],
      [
        "--review-cycle <id>",
        "Also say what an upsert (or with --legacy, an upload) into this review cycle of the snapshot would create, update or refuse.",
      ],
    ],
    exit: VALIDATE_EXIT,
  },
  lists: {
    synopsis: [`rpdi lists <snapshot.json> [${LIST_NAMES.join("|")}] [--json]`],
    about:
      "Prints the values a member file's list columns accept for an organization, as the lookup endpoints serve them; without a list, which lists there are.",
    options: [["--json", "Print the named list's values as a JSON array."]],
    exit: "Exit status: 0 printed, 1 the list is off for the organization (levels), 2 usage error.",
  },
  "feed pull": {
    synopsis: [
      "rpdi feed pull --api-url <{api_url}> --login-url <{login_url}> --since <date> [--until <date>] [--window 7d]",
      "               [--out <applications.ndjson>] [--status <step>] [--bucket <bucket>] [--unknown-degree <degree>]",
      "               [--allow-insecure-http]   (credentials from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET)",
    ],
    about:
      "Fetches every job application with a status change in a period, window by window, and writes them as NDJSON (one application per line); the file appears only when the pull is complete. The service account's credentials come from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET (for an organization with MFA), never from arguments.",
    options: [
      ["--api-url <{api_url}>", "The feed's root (its paths begin with /v1)."],
      ["--login-url <{login_url}>", "The login address, {site_url}/app/{org}/admin/auth/."],
      [
        "--since <date>",
        "The start of the period: yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ssZ (no zone means UTC).",
      ],
      ["--until <date>", "The end of the period, in the same forms (default now)."],
      [
        "--window <length>",
        "How much of the period each request covers: 7d (the default), 12h, 90m, 2w.",
      ],
      ["--out <file>", "Write to this file (default stdout, also with -)."],
      ["--status <step>", "Only applications now at this pipeline step."],
      ["--bucket <bucket>", "Only applications in this bucket of the pipelines."],
      [
        "--unknown-degree <degree>",
        "Write degrees outside the spec's list as this degree (kept as they came otherwise).",
      ],
      [
        "--allow-insecure-http",
        "Send the credentials over plain http to a host other than this machine.",
      ],
    ],
    exit: "Exit status: 0 pulled, 1 the service refused or failed (nothing written), 2 usage error.",
  },
  "feed sync": {
    synopsis: [
      "rpdi feed sync --api-url <{api_url}> --login-url <{login_url}> --state <sync.json> [--copy <applications.ndjson>]",
      "               [--allow-insecure-http]   (credentials from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET)",
    ],
    about:
      "Keeps a local NDJSON copy of the job-application feed current: the first run reads every application's current record from GET /v1/job-applications/changes, each later run applies only what changed since (new and changed records, erased ones removed), one record a line sorted by applicationId. The state file keeps the cursor; the copy is written (atomically) before the state, so an interrupted run is simply run again. A cursor past the service's retention (410) starts the copy over from empty, and the run says so. Prints one line: changed, deleted, the copy's total. The service account's credentials come from RPDI_EMAIL, RPDI_PASSWORD and RPDI_MFA_SECRET, never from arguments.",
    options: [
      ["--api-url <{api_url}>", "The feed's root (its paths begin with /v1)."],
      ["--login-url <{login_url}>", "The login address, {site_url}/app/{org}/admin/auth/."],
      [
        "--state <file>",
        'The state file ({ "version": 1, "cursor", "copy" }), created by the first run; keep one per copy.',
      ],
      [
        "--copy <file>",
        "Where the first run puts the copy (default: the state's path with .ndjson for .json); later runs take it from the state.",
      ],
      [
        "--allow-insecure-http",
        "Send the credentials over plain http to a host other than this machine.",
      ],
    ],
    exit: "Exit status: 0 synced, 1 the service refused or failed (what was read before is saved) or the state or copy is damaged, 2 usage error.",
  },
  totp: {
    synopsis: [
      "rpdi totp [<base32 secret>]   (the MFA code now; the secret may come from RPDI_MFA_SECRET)",
    ],
    about:
      "Prints the code an authenticator app shows now for a base32 MFA secret, and how long it stays valid. Without an argument the secret comes from RPDI_MFA_SECRET, so a real one need not enter the shell's history.",
    options: [],
    exit: "Exit status: 0 printed, 2 usage error.",
  },
  examples: {
    synopsis: ["rpdi examples [<dir>]"],
    about:
      "Writes the guides' example organizations (org.json, sandbox.json) and files (demo/…, matters/…) under <dir>, ./fixtures by default, so every command of the guides runs in a project that installed rpdi. A file already there is kept as it is.",
    options: [],
    exit: "Exit status: 0 written, 2 usage error.",
  },
  outbox: {
    synopsis: [
      "rpdi outbox deliver --database-url <postgres://…> [--once] [--sender <module.mjs>] [--schema rpdi]",
      "                    [--batch 100] [--lease-ms 60000] [--worker <id>] [--idle-ms 1000]",
    ],
    about:
      "Delivers the welcome-email outbox of a PostgreSQL store, and its webhook events when the store keeps them, at least once, with any number of workers side by side (docs/outbox.md). Each worker claims a batch under a lease, sends it, and acknowledges what it sent; a worker that dies leaves its batch to the others once the lease ends. Webhooks are signed (Standard Webhooks), posted over https to public addresses only, never redirected, and retried for about three days.",
    options: [
      [
        "--database-url <postgres://…>",
        "The store's database (default: $DATABASE_URL); the schema is migrated first.",
      ],
      [
        "--sender <module.mjs>",
        "An ES module whose default export is send(email, { idempotencyKey, orgId }); a rejection leaves the email for a retry after its lease. Without it each email is printed to stdout as one JSON line (a sandbox).",
      ],
      [
        "--once",
        "Deliver what is claimable now, then exit; otherwise run until SIGINT or SIGTERM, finishing and acknowledging the batch in hand.",
      ],
      ["--schema <name>", "The PostgreSQL schema (default rpdi)."],
      [
        "--batch <n>",
        "Emails per claim (default 100); webhook events too, at most as many as fit twice in the lease when every receiver times out (10 s, 8 at once).",
      ],
      [
        "--lease-ms <ms>",
        "How long a claim is the worker's (default 60000); longer than a batch takes to send.",
      ],
      ["--worker <id>", "The name on the worker's leases (default host:pid)."],
      [
        "--idle-ms <ms>",
        "The wait before claiming again once the outbox is drained (default 1000).",
      ],
      [
        "--allow-loopback-webhooks",
        "Also post webhooks to receivers on this machine (127.0.0.1, ::1, localhost), over plain http too: for the sandbox, never in production.",
      ],
    ],
    exit: "Exit status: 0 done (or stopped by a signal), 1 an email or a webhook could not be sent (--once) or the database failed, 2 usage error.",
  },
  jobs: {
    synopsis: [
      "rpdi jobs <snapshot.json> [--department <name> …] [--office <location> …] [--now <ISO time>] [--json | --all]",
    ],
    about:
      "Prints an organization's public job board as GET /v1/job-board/{shortName}/jobs would answer it: the public jobs open on the day (UTC) of --now, by title. With --json, the body itself; with --all, every job of the snapshot and whether it is on the board.",
    options: [
      [
        "--department <name>",
        "Only jobs of this department (case-insensitive); repeat for any of several.",
      ],
      [
        "--office <location>",
        "Only jobs at this office location (case-insensitive); repeat for any of several.",
      ],
      ["--now <ISO time>", "The time the open and close dates are judged by (default now)."],
      ["--json", "Print the body the endpoint would answer, exactly, instead of a table."],
      ["--all", "List every job with its board status: open, not public, not yet open or closed."],
    ],
    exit: "Exit status: 0 printed, 2 usage error.",
  },
  "org apply": {
    synopsis: ["rpdi org apply <org.json> --database-url <postgres://…> [--schema rpdi]"],
    about:
      "Makes an organization in the database what the file says. The file is { organization, jobs?, reviewCycles? }: organization as a new organization is written (docs/operating.md), jobs and review cycles as their operator routes take them. An unknown organization id is created; a known one is changed in place to what the file says (a profile field the file leaves out takes its default, as at creation): its profile fields (name, shortName, features, mfaRequired, sso, siteUrl, departments, customPracticeAreas, memberLevels, applicationCustomFields), its offices (those not in the file are retired), its pipelines (those not in the file are kept; retire one with active: false) and its jobs; review cycles are created when missing. The whole file is checked before anything is written; each part is then a transaction of its own. Prints a line per change, or nothing changed. Changing the MFA requirement or SSO ends every member's sessions.",
    options: [
      [
        "--database-url <postgres://…>",
        "The database to write to (migrated first); required: a memory store would vanish when the command ends.",
      ],
      ["--schema <name>", "The PostgreSQL schema (default rpdi)."],
    ],
    exit: "Exit status: 0 applied (or nothing to change), 1 the file has problems or a change was refused (each problem printed), 2 usage error.",
  },
  "applications record": {
    synopsis: [
      "rpdi applications record <file.ndjson> --org <organization id> --database-url <postgres://…> [--schema rpdi]",
    ],
    about:
      "Records job applications from an NDJSON file, one application a line as POST /operator/v1/organizations/{orgId}/job-applications takes them: created or updated, status changes appended once (known by their id), so running a file again changes nothing. The file is read whole (at most 256 MiB, checked before reading); a line that is not JSON stops it before anything is written. It is sent in batches of at most 10,000 lines, each batch one transaction that commits separately: a refused batch writes nothing of itself, the batches before it stay recorded, and the lines after it are not sent. Problems are printed with their line numbers. Status times are judged against this machine's clock.",
    options: [
      ["--org <organization id>", "The organization the applications belong to."],
      [
        "--database-url <postgres://…>",
        "The database to write to (migrated first); required: a memory store would vanish when the command ends.",
      ],
      ["--schema <name>", "The PostgreSQL schema (default rpdi)."],
    ],
    exit: "Exit status: 0 recorded, 1 a line or batch was refused (problems printed with line numbers), 2 usage error.",
  },
};

const INDENT = "  ";
const WIDTH = 100;

/** `rpdi --help`: every command's usage lines, and where each command's options are described. */
export function overview(): string {
  const commands: CommandName[] = [
    "serve",
    "validate members",
    "validate matters",
    "lists",
    "feed pull",
    "feed sync",
    "totp",
    "examples",
    "outbox",
    "jobs",
    "org apply",
    "applications record",
  ];
  const lines = commands.flatMap((name) => HELP[name].synopsis.map((line) => `${INDENT}${line}`));
  return `Usage:
${lines.join("\n")}

Run "rpdi <command> --help" (rpdi serve --help, rpdi validate members --help, rpdi feed pull --help, …)
for what a command does and a sentence on each of its options.

serve --persist <file.json> writes the state to the file after every change, before answering it;
go on from it later with --seed <file.json> --persist <file.json>.

Exit status: 0 valid, 1 invalid, 2 usage error, 70 unexpected failure (serve: a failed write of
the --persist file).`;
}

/** `rpdi <command> --help`: the usage lines, what the command does, a sentence per option. */
export function commandHelp(name: CommandName): string {
  const help = HELP[name];
  const flagWidth = help.options.reduce((widest, [flag]) => Math.max(widest, flag.length), 0);
  const hang = " ".repeat(INDENT.length + flagWidth + 2);
  const options = help.options.map(([flag, sentence]) =>
    wrap(sentence, WIDTH - hang.length)
      .map((line, index) =>
        index === 0 ? `${INDENT}${flag.padEnd(flagWidth)}  ${line}` : `${hang}${line}`,
      )
      .join("\n"),
  );
  return [
    synopsis(name),
    "",
    wrap(help.about, WIDTH).join("\n"),
    ...(options.length === 0 ? [] : ["", "Options:", ...options]),
    "",
    wrap(help.exit, WIDTH).join("\n"),
  ].join("\n");
}

/** What a usage error of a command prints after its message: that command's usage lines alone. */
export function commandUsage(name: CommandName): string {
  return `${synopsis(name)}\nRun "rpdi ${name} --help" for what each option does.`;
}

/** The options a command takes, for "did you mean" (with --help, which every command takes). */
export function commandOptions(name: CommandName): string[] {
  return [...HELP[name].options.map(([flag]) => flag.split(" ")[0] as string), "--help"];
}

function synopsis(name: CommandName): string {
  return `Usage:\n${HELP[name].synopsis.map((line) => `${INDENT}${line}`).join("\n")}`;
}

/** A paragraph's words in lines of at most `width` characters (a longer word gets its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
