import { parseArgs } from "node:util";
import { Feature } from "../domain/features";
import type { Job } from "../domain/feed";
import { isOnJobBoard, type JobBoardFilters, selectBoardJobs } from "../jobs/board";
import { type CliIo, ExitCode, toJson, UsageError } from "./io";
import { parseFailure } from "./parse-failure";
import { readSnapshotFile } from "./snapshot-file";
import { formatTable } from "./table";
import { commandHelp, commandOptions } from "./usage";

function parseJobsArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      department: { type: "string", multiple: true },
      office: { type: "string", multiple: true },
      now: { type: "string" },
      all: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/**
 * `rpdi jobs <snapshot.json>` (argv after `jobs`): the organization's public job board as
 * `GET /v1/job-board/{shortName}/jobs` would answer it at `--now`, as a table or (`--json`) the
 * body itself; `--all` lists every job with why it is or is not on the board.
 */
export async function jobsCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let parsed: ReturnType<typeof parseJobsArgs>;
  try {
    parsed = parseJobsArgs(argv);
  } catch (error) {
    throw parseFailure(error, commandOptions("jobs"));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${commandHelp("jobs")}\n`);
    return ExitCode.VALID;
  }
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError("no organization snapshot given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (values.all && values.json) throw new UsageError("--all and --json do not go together");
  const now = values.now === undefined ? io.now() : new Date(values.now);
  if (Number.isNaN(now.getTime()))
    throw new UsageError(`--now "${values.now}" is not an ISO date or time`);
  const snapshot = await readSnapshotFile(io, file);
  const { organization } = snapshot;
  if (!organization.features.includes(Feature.JOB_BOARD))
    io.stderr(
      `rpdi: ${organization.name} has the job-board feature off: GET /v1/job-board/${organization.shortName}/jobs answers 404 until it is on.\n`,
    );
  if (values.all) {
    const rows = snapshot.jobs.map((job) => [
      job.id,
      job.publicTitle ?? job.title,
      job.department,
      job.officeLocation,
      job.openDate ?? "",
      job.closeDate ?? "",
      boardStatus(job, now),
    ]);
    io.stdout(
      `${formatTable(["ID", "TITLE", "DEPARTMENT", "OFFICE", "OPENS", "CLOSES", "BOARD"], rows)}\n`,
    );
    return ExitCode.VALID;
  }
  const filters: JobBoardFilters = {
    ...(values.department === undefined ? {} : { department: values.department }),
    ...(values.office === undefined ? {} : { office: values.office }),
  };
  const jobs = selectBoardJobs(snapshot.jobs, now, filters);
  if (values.json) {
    io.stdout(toJson({ jobs }));
    return ExitCode.VALID;
  }
  const rows = jobs.map((job) => [
    job.id,
    job.title,
    job.department,
    job.officeLocation,
    job.openDate ?? "",
    job.closeDate ?? "",
  ]);
  io.stdout(`${formatTable(["ID", "TITLE", "DEPARTMENT", "OFFICE", "OPENS", "CLOSES"], rows)}\n`);
  io.stdout(
    `(${jobs.length} of ${snapshot.jobs.length} jobs on the board on ${now.toISOString().slice(0, 10)} UTC; over HTTP: GET /v1/job-board/${organization.shortName}/jobs)\n`,
  );
  return ExitCode.VALID;
}

/** Why a job is or is not on the board at `now`, in a word or two. */
function boardStatus(job: Job, now: Date): string {
  if (isOnJobBoard(job, now)) return "open";
  if (!job.public) return "not public";
  const today = now.toISOString().slice(0, 10);
  if (job.openDate !== null && today < job.openDate) return "not yet open";
  return "closed";
}
