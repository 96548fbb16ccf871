import { CSV_SLICE_BYTES } from "../csv/parse";
import { csvSizeError, MAX_CSV_BYTES } from "../csv/read";
import { MEMBER_HEADERS } from "../domain/headers";
import type { Product } from "../domain/products";
import { memberErrorReport } from "../members/error-report";
import type {
  MemberImportResult,
  MemberRowColumnError,
  MemberValidationResult,
} from "../members/result";
import type { MemberValidation } from "../members/row-validator";
import { memberRowsDespiteHeader } from "../members/rows-despite-header";
import { createMemberRuleContext } from "../members/rule-context";
import { memberReadFailure } from "../members/sheet";
import { summarizeMemberImport } from "../members/summary";
import { readMemberRowSteps } from "../members/validate";
import { runSteps } from "../runtime/steps";
import { describeRest, type ErrorTally, splitByRows } from "./capped-errors";
import { delimiterHint } from "./delimiter-hint";
import { type CliIo, DIM, ExitCode, GREEN, paint, RED, toJson } from "./io";
import { startProgress } from "./progress";
import { sizeLimitNote } from "./size-limit-note";
import { readInputFile, readSnapshotFile, statInputFile } from "./snapshot-file";
import { formatTable } from "./table";
import {
  notCheckedSentence,
  otherWrongLengthRowsSentence,
  wrongLengthRows,
} from "./wrong-length-rows";

export interface ValidateMembersOptions {
  file: string;
  product: Product;
  org: string;
  json: boolean;
  /** Write the file with an Errors column here when it has row errors. */
  report?: string | undefined;
  now: Date;
  /** Print every row's errors, not the first rows' and counts of the rest. */
  all?: boolean;
}

/**
 * `rpdi validate members`: the 400 body an import would answer, or (valid) the 200 body it would
 * answer, against an organization snapshot. Nothing is written anywhere.
 */
export async function validateMembersCommand(
  io: CliIo,
  options: ValidateMembersOptions,
): Promise<ExitCode> {
  const snapshot = await readSnapshotFile(io, options.org);
  const verdict = await validate(io, options, snapshot);
  if ("fileError" in verdict) {
    const readable = verdict.fileError !== null && verdict.fileError.type !== "FILE_SIZE_EXCEEDED";
    const hint = readable
      ? delimiterHint(await readInputFile(io, options.file), MEMBER_HEADERS)
      : null;
    if (options.json) {
      io.stdout(toJson(verdict));
      if (hint !== null) io.stderr(`rpdi: ${hint}\n`);
    } else {
      io.stdout(describeInvalid(io, options, verdict));
      // Split on commas, a file of another separator has no columns to judge rows by.
      if (hint !== null) io.stdout(`  ${capitalized(hint)}\n`);
      else if (readable) io.stdout(await describeRowsDespiteHeader(io, options, snapshot));
    }
    if (options.report !== undefined) {
      const report =
        verdict.fileError === null
          ? memberErrorReport(await readInputFile(io, options.file), verdict)
          : null;
      if (report === null) {
        io.stderr(
          `rpdi: no report written to ${options.report}: the file has a file error (${verdict.fileError?.type ?? "unreadable"}), and a report annotates rows, which are judged once the file error is fixed.\n`,
        );
      } else {
        await io.writeFile(options.report, report);
        if (!options.json) io.stdout(`Report written to ${options.report}.\n`);
      }
    }
    return ExitCode.INVALID;
  }
  io.stdout(options.json ? toJson(verdict) : describeValid(io, options, verdict));
  return ExitCode.VALID;
}

async function validate(
  io: CliIo,
  options: ValidateMembersOptions,
  snapshot: Awaited<ReturnType<typeof readSnapshotFile>>,
): Promise<MemberValidationResult | MemberImportResult> {
  const oversize = csvSizeError(await statInputFile(io, options.file));
  if (oversize !== null) return memberReadFailure(oversize);
  const bytes = await readInputFile(io, options.file);
  const progress = startProgress(io);
  let sliced = 0;
  const reading = async () => {
    sliced++;
    progress.update(
      () =>
        `rpdi: reading ${options.file}: ${mebibytes(Math.min(sliced * CSV_SLICE_BYTES, bytes.byteLength))} of ${mebibytes(bytes.byteLength)}`,
    );
  };
  const checking = async () =>
    progress.update(() => `rpdi: checking ${options.file}: rules across rows`);
  const rules = createMemberRuleContext(snapshot.organization, options.product, options.now);
  let validation: MemberValidation;
  try {
    const read = await runSteps(
      readMemberRowSteps(bytes, rules, MAX_CSV_BYTES, CSV_SLICE_BYTES),
      reading,
    );
    validation = read.ok
      ? await runSteps(
          read.rows.finishSteps(snapshot.members, snapshot.externalUserEmails ?? []),
          checking,
        )
      : read;
  } finally {
    progress.done();
  }
  if (!validation.ok) return validation.result;
  return summarizeMemberImport(validation.rows, snapshot.members, options.product);
}

function describeInvalid(
  io: CliIo,
  options: ValidateMembersOptions,
  body: MemberValidationResult,
): string {
  const file = options.file;
  if (body.fileError !== null) {
    const note = sizeLimitNote(body.fileError.type, body.fileError.message);
    return `${paint(io, RED, "✗")} ${file}: ${body.fileError.type}: ${body.fileError.message}\n${note === null ? "" : paint(io, DIM, `  ${note}\n`)}`;
  }
  const table = errorTable(body.rowColumnErrors, options.all ?? false);
  const rows = new Set(body.rowColumnErrors.map((error) => error.rowNumber)).size;
  const count = body.rowColumnErrors.length;
  return `${table}${paint(io, RED, "✗")} ${file}: ${count.toLocaleString("en-US")} problem${count === 1 ? "" : "s"} on ${rows.toLocaleString("en-US")} row${rows === 1 ? "" : "s"}; an import would write nothing.\n`;
}

const TALLIES: readonly ErrorTally<MemberRowColumnError>[] = [
  { heading: "TYPE", keys: (error) => [error.type] },
  { heading: "COLUMN", keys: (error) => [error.columnName] },
];

/**
 * The spec's data row beside the spreadsheet's row (the header is row 1), so a user can jump to
 * it; past the first 50 rows with errors (unless `all`), counts of the rest. Ends with a line break.
 */
function errorTable(errors: readonly MemberRowColumnError[], all: boolean): string {
  const rowOf = (error: MemberRowColumnError) => error.rowNumber;
  const { shown, rest } = splitByRows(errors, rowOf, all);
  const table = formatTable(
    ["ROW", "SPREADSHEET ROW", "COLUMN", "VALUE", "TYPE", "MESSAGE"],
    shown.map((error) => [
      String(error.rowNumber),
      String(error.rowNumber + 1),
      error.columnName,
      error.value,
      error.type,
      error.message,
    ]),
  );
  return `${table}\n${describeRest(rest, rowOf, TALLIES, "problems")}`;
}

/**
 * Under a header problem, the rows judged on the columns the header does recognize, marked as
 * such: the interface answers the file error alone, but a person can fix both in one pass.
 */
async function describeRowsDespiteHeader(
  io: CliIo,
  options: ValidateMembersOptions,
  snapshot: Awaited<ReturnType<typeof readSnapshotFile>>,
): Promise<string> {
  const input = await readInputFile(io, options.file);
  const errors = memberRowsDespiteHeader(input, {
    product: options.product,
    organization: snapshot.organization,
    members: snapshot.members,
    externalUserEmails: snapshot.externalUserEmails,
    now: options.now,
  });
  const lengths = wrongLengthRows(input);
  if (errors === null) {
    const others = otherWrongLengthRowsSentence(lengths);
    return others === null ? "" : paint(io, DIM, `  ${others}\n`);
  }
  const notChecked =
    lengths === null || lengths.count === 0 ? "" : `  ${notCheckedSentence(lengths)}\n`;
  if (errors.length === 0) {
    if (notChecked === "")
      return paint(io, DIM, "  The rows pass every rule of the columns the header recognizes.\n");
    const checked =
      lengths !== null && lengths.rightLength > 0
        ? "  The other rows pass every rule of the columns the header recognizes.\n"
        : "";
    return paint(io, DIM, `${checked}${notChecked}`);
  }
  return `${paint(io, DIM, "  Also found in the columns the header recognizes (an import reports these only once the header is fixed):")}\n${errorTable(errors, options.all ?? false)}${notChecked === "" ? "" : paint(io, DIM, notChecked)}`;
}

function describeValid(
  io: CliIo,
  options: ValidateMembersOptions,
  result: MemberImportResult,
): string {
  const rows = result.createdCount + result.updatedCount;
  const lines = [
    `${paint(io, GREEN, "✓")} ${options.file}: ${rows} row${rows === 1 ? "" : "s"} valid for ${options.product}; an import would create ${result.createdCount} and update ${result.updatedCount} member${result.updatedCount === 1 ? "" : "s"}.`,
  ];
  if (result.absentMembers.length > 0) {
    lines.push(
      paint(
        io,
        DIM,
        `  ${result.absentMembers.length} member${result.absentMembers.length === 1 ? " has" : "s have"} ${options.product} access but ${result.absentMembers.length === 1 ? "is" : "are"} not in the file (an import keeps them): ${result.absentMembers.map((member) => member.email).join(", ")}`,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
