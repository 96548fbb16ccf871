import { csvSizeError } from "../csv/read";
import { MATTER_HEADERS } from "../domain/headers";
import { flattenCycle } from "../domain/matters";
import { type OrganizationSnapshot, performMemberEmails } from "../domain/snapshot";
import { matterErrorReport } from "../matters/error-report";
import { MatterFileErrorType } from "../matters/errors";
import { legacyConflictText } from "../matters/legacy-conflict-text";
import { planLegacyUpload } from "../matters/plan-legacy";
import { planMatterUpsert } from "../matters/plan-upsert";
import { type MatterProblemLine, matterProblemLines } from "../matters/problem-lines";
import type { MatterValidationResult } from "../matters/result";
import type { MatterRuleSet } from "../matters/rule-sets";
import { matterReadFailure, readMatterRowTexts } from "../matters/sheet";
import { checkMatterRows, type MatterCheck, matterFileErrorCheck } from "../matters/validate";
import { canonicalId } from "../values/uuid";
import { describeRest, type ErrorTally, splitByRows } from "./capped-errors";
import { delimiterHint } from "./delimiter-hint";
import { type CliIo, DIM, ExitCode, GREEN, paint, RED, toJson, UsageError } from "./io";
import { sizeLimitNote } from "./size-limit-note";
import { readInputFile, readSnapshotFile, statInputFile } from "./snapshot-file";
import { formatTable } from "./table";
import { otherWrongLengthRowsSentence, wrongLengthRows } from "./wrong-length-rows";

export interface ValidateMattersOptions {
  file: string;
  org: string;
  ruleSet: MatterRuleSet;
  reviewCycle: string | undefined;
  json: boolean;
  /** Write the file with an Errors column here when it has row errors. */
  report?: string | undefined;
  /** Print every row's problems, not the first rows' and counts of the rest. */
  all?: boolean;
}

/**
 * `rpdi validate matters`: the validators' body for a file, under the upsert rules or (`--legacy`)
 * the deprecated upload's; with `--review-cycle`, also what writing it into that cycle would do.
 */
export async function validateMattersCommand(
  io: CliIo,
  options: ValidateMattersOptions,
): Promise<ExitCode> {
  const snapshot = await readSnapshotFile(io, options.org);
  const wanted = options.reviewCycle === undefined ? undefined : canonicalId(options.reviewCycle);
  const cycle =
    wanted === undefined
      ? undefined
      : snapshot.reviewCycles.find((candidate) => candidate.id === wanted);
  if (options.reviewCycle !== undefined && cycle === undefined) {
    throw new UsageError(unknownCycle(options, snapshot), { usage: false });
  }
  const check = await checkFile(io, options, snapshot);
  if (!check.ok) {
    io.stdout(options.json ? toJson(check.result) : describeInvalid(io, options, check));
    const fileError = check.result.fileError;
    if (fileError !== null && fileError.type === MatterFileErrorType.UNREADABLE_FILE) {
      const hint = delimiterHint(await readInputFile(io, options.file), MATTER_HEADERS);
      if (hint !== null && options.json) io.stderr(`rpdi: ${hint}\n`);
      else if (hint !== null) io.stdout(`  ${hint.charAt(0).toUpperCase()}${hint.slice(1)}\n`);
    }
    if (
      !options.json &&
      check.result.fileError?.type === MatterFileErrorType.COLUMN_COUNT_MISMATCH
    ) {
      const others = otherWrongLengthRowsSentence(
        wrongLengthRows(await readInputFile(io, options.file)),
      );
      if (others !== null) io.stdout(paint(io, DIM, `  ${others}\n`));
    }
    if (options.report !== undefined && check.result.fileError === null) {
      const report = matterErrorReport(
        await readInputFile(io, options.file),
        check.result,
        check.problems,
      );
      if (report !== null) await io.writeFile(options.report, report);
    }
    return ExitCode.INVALID;
  }
  if (cycle === undefined) {
    io.stdout(
      options.json ? toJson(check.result) : describeValid(io, options, check.result, undefined),
    );
    return ExitCode.VALID;
  }
  const matters = flattenCycle(cycle);
  let counter = 0;
  const newId = () => `planned-${++counter}`;
  if (options.ruleSet === "upsert") {
    const plan = planMatterUpsert(check.rows, matters.entries, matters.clientMatters, newId);
    io.stdout(
      options.json
        ? toJson(plan.result)
        : describeValid(
            io,
            options,
            check.result,
            `an upsert into review cycle ${cycle.id} would create ${plan.result.created} and update ${plan.result.updated} entries.`,
          ),
    );
    return ExitCode.VALID;
  }
  const plan = planLegacyUpload(check.rows, matters.entries, matters.clientMatters, newId);
  const outcome =
    plan.conflicts.length > 0
      ? `an upload into review cycle ${cycle.id} would be refused (409):\n${legacyConflictText(plan.conflicts)}`
      : `an upload into review cycle ${cycle.id} would create ${plan.createEntries.length} entries and skip ${plan.skipped} already there.`;
  io.stdout(
    options.json ? toJson(check.result) : describeValid(io, options, check.result, outcome),
  );
  return ExitCode.VALID;
}

async function checkFile(
  io: CliIo,
  options: ValidateMattersOptions,
  snapshot: OrganizationSnapshot,
): Promise<MatterCheck> {
  const oversize = csvSizeError(await statInputFile(io, options.file));
  if (oversize !== null) return matterFileErrorCheck(matterReadFailure(oversize));
  const read = readMatterRowTexts(await readInputFile(io, options.file));
  if (!read.ok) return matterFileErrorCheck(read.result);
  return checkMatterRows(read.rows, {
    ruleSet: options.ruleSet,
    performMemberEmails: performMemberEmails(snapshot),
  });
}

/** An unknown --review-cycle, with the snapshot's cycles to pick from. */
function unknownCycle(options: ValidateMattersOptions, snapshot: OrganizationSnapshot): string {
  const cycles = snapshot.reviewCycles;
  const head = `${options.org} has no review cycle "${options.reviewCycle}"`;
  if (cycles.length === 0) return `${head}; it has no review cycles at all.`;
  const table = formatTable(
    ["ID", "NAME"],
    cycles.map((cycle) => [cycle.id, cycle.name]),
    Number.POSITIVE_INFINITY,
  );
  return `${head}; its review cycles are:\n${table.replace(/^/gm, "  ")}`;
}

function rules(options: ValidateMattersOptions): string {
  return options.ruleSet === "upsert" ? "the upsert rules" : "the deprecated upload-csv rules";
}

function describeInvalid(
  io: CliIo,
  options: ValidateMattersOptions,
  { result, problems }: MatterCheck,
): string {
  if (result.fileError !== null) {
    const row = result.fileError.rowNumber === null ? "" : ` (row ${result.fileError.rowNumber})`;
    const note = sizeLimitNote(result.fileError.type, result.fileError.description);
    return `${paint(io, RED, "✗")} ${options.file}: ${result.fileError.type}${row}: ${result.fileError.description}\n${note === null ? "" : paint(io, DIM, `  ${note}\n`)}`;
  }
  // ROW is the spec's row number, as in --json; SPREADSHEET ROW is where the row sits under the header.
  const rowOf = (line: MatterProblemLine) => line.rowNumber;
  const { shown, rest } = splitByRows(matterProblemLines(problems), rowOf, options.all ?? false);
  const table = `${formatTable(
    ["ROW", "SPREADSHEET ROW", "COLUMNS", "RULE", "PROBLEM"],
    shown.map((line) => [
      String(line.rowNumber),
      String(line.rowNumber + 1),
      line.columns.join(", "),
      line.rule,
      line.message,
    ]),
  )}\n${describeRest(rest, rowOf, TALLIES, "problems")}`;
  const failing = result.rowErrors.length;
  return `${table}${paint(io, RED, "✗")} ${options.file}: ${failing.toLocaleString("en-US")} row${failing === 1 ? "" : "s"} with errors and ${result.numValidRows.toLocaleString("en-US")} valid under ${rules(options)}; nothing would be written.\n`;
}

const TALLIES: readonly ErrorTally<MatterProblemLine>[] = [
  { heading: "RULE", keys: (line) => [line.rule] },
  { heading: "COLUMN", keys: (line) => line.columns },
];

function describeValid(
  io: CliIo,
  options: ValidateMattersOptions,
  result: MatterValidationResult,
  outcome: string | undefined,
): string {
  const rows = result.numValidRows;
  return `${paint(io, GREEN, "✓")} ${options.file}: ${rows} row${rows === 1 ? "" : "s"} valid under ${rules(options)}${outcome === undefined ? "." : `; ${outcome}`}\n`;
}
