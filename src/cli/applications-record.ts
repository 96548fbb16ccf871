import { parseArgs } from "node:util";
import type { ApplicationRecord } from "../applications/input";
import { recordJobApplications } from "../applications/record";
import { MAX_BATCH_RECORDS } from "../organizations/live-data-work";
import { parseNdjson } from "../runtime/ndjson";
import { OrganizationNotFoundError } from "../store/errors";
import { type CliIo, ExitCode, UsageError } from "./io";
import { type OpenStore, openCommandStore, openDatabaseStore } from "./open-store";
import { parseFailure } from "./parse-failure";
import { describe, statInputFile } from "./snapshot-file";
import { meantWord } from "./suggest";
import { commandHelp, commandOptions } from "./usage";

/**
 * The largest NDJSON file `rpdi applications record` reads: 256 MiB (a quarter of a million long
 * applications), checked before reading; the file is read whole.
 */
export const MAX_APPLICATIONS_FILE_BYTES = 256 * 1024 * 1024;

/** How many problems are printed before the rest are counted. */
const SHOWN_PROBLEMS = 100;

function parseApplicationsArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      org: { type: "string" },
      "database-url": { type: "string" },
      schema: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/**
 * `rpdi applications record <file.ndjson> --org <orgId> --database-url <url>` (argv after
 * `applications`): one application a line, recorded in batches of at most 10,000 lines, each
 * batch its own transaction; resolves to the exit code.
 */
export async function applicationsCommand(
  argv: readonly string[],
  io: CliIo,
  openStore: OpenStore = openDatabaseStore,
): Promise<ExitCode> {
  let parsed: ReturnType<typeof parseApplicationsArgs>;
  try {
    parsed = parseApplicationsArgs(argv);
  } catch (error) {
    throw parseFailure(error, commandOptions("applications record"));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${commandHelp("applications record")}\n`);
    return ExitCode.VALID;
  }
  const [action, file, ...extra] = positionals;
  if (action !== "record")
    throw new UsageError(
      `"applications" takes "record", not ${action === undefined ? "nothing" : `"${action}"${meantWord(action, ["record"])}`}`,
    );
  if (file === undefined) throw new UsageError("no NDJSON file given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const orgId = values.org;
  if (orgId === undefined || orgId === "")
    throw new UsageError("--org <organization id> is required");
  const read = parseNdjson(await readTextFile(io, file));
  if (read.failures.length > 0) {
    io.stderr(
      `rpdi: applications record: ${read.failures.length} line${read.failures.length === 1 ? " is" : "s are"} not JSON; nothing was written\n`,
    );
    printLines(
      io,
      read.failures.map((failure) => ({ line: failure.lineIndex + 1, text: failure.message })),
    );
    return ExitCode.INVALID;
  }
  const opened = await openCommandStore(
    "applications record",
    values["database-url"],
    values.schema,
    openStore,
  );
  try {
    return await recordInBatches(io, opened.store, orgId, read);
  } finally {
    await opened.close();
  }
}

async function recordInBatches(
  io: CliIo,
  store: Parameters<typeof recordJobApplications>[0],
  orgId: string,
  read: { values: unknown[]; lineIndexes: number[] },
): Promise<ExitCode> {
  const totals = { created: 0, updated: 0, unchanged: 0, statusChangesAdded: 0 };
  const batches = Math.ceil(read.values.length / MAX_BATCH_RECORDS);
  for (let start = 0; start < read.values.length; start += MAX_BATCH_RECORDS) {
    const end = Math.min(start + MAX_BATCH_RECORDS, read.values.length);
    const lines = `lines ${(read.lineIndexes[start] as number) + 1}–${(read.lineIndexes[end - 1] as number) + 1}`;
    let outcome: Awaited<ReturnType<typeof recordJobApplications>>;
    try {
      outcome = await recordJobApplications(store, {
        orgId,
        applications: read.values.slice(start, end) as ApplicationRecord[],
        now: io.now(),
        // A command of its own: nothing else waits on this process's event loop.
        pace: null,
      });
    } catch (error) {
      if (error instanceof OrganizationNotFoundError) {
        io.stderr(
          `rpdi: applications record: no organization with id ${orgId}; nothing was written\n`,
        );
        return ExitCode.INVALID;
      }
      throw error;
    }
    if (!outcome.ok) {
      const written =
        start === 0
          ? "Nothing was written."
          : `The batches before it (up to line ${(read.lineIndexes[start - 1] as number) + 1}) were recorded; this batch wrote nothing and the lines after it were not sent.`;
      io.stderr(
        `rpdi: applications record: ${lines} refused: ${outcome.error.code}: ${outcome.error.message} ${written}\n`,
      );
      printLines(
        io,
        outcome.error.problems.map((problem) => ({
          line:
            problem.index === null ? null : (read.lineIndexes[start + problem.index] as number) + 1,
          text: `${problem.field === "" ? "" : `${problem.field}: `}${problem.message}`,
        })),
      );
      return ExitCode.INVALID;
    }
    totals.created += outcome.created;
    totals.updated += outcome.updated;
    totals.unchanged += outcome.unchanged;
    totals.statusChangesAdded += outcome.statusChangesAdded;
    if (batches > 1)
      io.stdout(
        `${lines}: ${outcome.created} created, ${outcome.updated} updated, ${outcome.unchanged} unchanged (committed)\n`,
      );
  }
  io.stdout(
    `recorded ${read.values.length} application${read.values.length === 1 ? "" : "s"} in ${batches} batch${batches === 1 ? "" : "es"}: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged; ${totals.statusChangesAdded} status change${totals.statusChangesAdded === 1 ? "" : "s"} added\n`,
  );
  return ExitCode.VALID;
}

/** The file as UTF-8 text, its size checked before it is read. */
async function readTextFile(io: CliIo, path: string): Promise<string> {
  const size = await statInputFile(io, path);
  if (size > MAX_APPLICATIONS_FILE_BYTES)
    throw new UsageError(
      `${path} is ${size} bytes, over the ${MAX_APPLICATIONS_FILE_BYTES} this command reads; split it`,
      { usage: false },
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await io.readFile(path));
  } catch (error) {
    throw new UsageError(`cannot read ${path} as UTF-8 text: ${describe(error)}`, { usage: false });
  }
}

function printLines(io: CliIo, problems: readonly { line: number | null; text: string }[]): void {
  for (const problem of problems.slice(0, SHOWN_PROBLEMS))
    io.stderr(`  ${problem.line === null ? "batch" : `line ${problem.line}`}: ${problem.text}\n`);
  if (problems.length > SHOWN_PROBLEMS)
    io.stderr(`  … and ${problems.length - SHOWN_PROBLEMS} more\n`);
}
