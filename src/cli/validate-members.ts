import { csvSizeError } from "../csv/read";
import { memberErrorReport } from "../members/error-report";
import type { MemberImportResult, MemberValidationResult } from "../members/result";
import { memberReadFailure } from "../members/sheet";
import { summarizeMemberImport } from "../members/summary";
import { validateMemberCsv } from "../members/validate";
import type { Product } from "../store/products";
import { type CliIo, DIM, ExitCode, GREEN, paint, RED, toJson } from "./io";
import { readInputFile, readSnapshotFile, statInputFile } from "./snapshot-file";
import { formatTable } from "./table";

export interface ValidateMembersOptions {
  file: string;
  product: Product;
  org: string;
  json: boolean;
  /** Write the file with an Errors column here when it has row errors. */
  report?: string | undefined;
  now: Date;
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
    io.stdout(options.json ? toJson(verdict) : describeInvalid(io, options.file, verdict));
    if (options.report !== undefined && verdict.fileError === null) {
      const report = memberErrorReport(await readInputFile(io, options.file), verdict);
      if (report !== null) await io.writeFile(options.report, report);
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
  const validation = validateMemberCsv(await readInputFile(io, options.file), {
    product: options.product,
    organization: snapshot.organization,
    members: snapshot.members,
    externalUserEmails: snapshot.externalUserEmails,
    now: options.now,
  });
  if (!validation.ok) return validation.result;
  return summarizeMemberImport(validation.rows, snapshot.members, options.product);
}

function describeInvalid(io: CliIo, file: string, body: MemberValidationResult): string {
  if (body.fileError !== null) {
    return `${paint(io, RED, "✗")} ${file}: ${body.fileError.type}: ${body.fileError.message}\n`;
  }
  const table = formatTable(
    ["ROW", "COLUMN", "VALUE", "TYPE", "MESSAGE"],
    body.rowColumnErrors.map((error) => [
      String(error.rowNumber),
      error.columnName,
      error.value,
      error.type,
      error.message,
    ]),
  );
  const rows = new Set(body.rowColumnErrors.map((error) => error.rowNumber)).size;
  const count = body.rowColumnErrors.length;
  return `${table}\n${paint(io, RED, "✗")} ${file}: ${count} problem${count === 1 ? "" : "s"} on ${rows} row${rows === 1 ? "" : "s"}; an import would write nothing.\n`;
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
