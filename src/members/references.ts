import { emailKey } from "../values/email";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * Manager Email and Mentor Emails name a member already in the organization or another row of
 * the same file, in any row order, and never the row's own member.
 */
export function reportBadReferences(
  rows: readonly DraftMemberRow[],
  knownAddresses: ReadonlySet<string>,
  report: ReportProblem,
): void {
  for (const row of rows) {
    const own = ownAddresses(row);
    const manager = row.values.managerEmail;
    if (typeof manager === "string") {
      const problem = referenceProblem("Manager Email", [manager], own, knownAddresses);
      if (problem !== undefined) report(row, "managerEmail", problem);
    }
    const mentors = row.values.mentorEmails;
    if (Array.isArray(mentors) && mentors.length > 0) {
      const problem = referenceProblem("Mentor Emails", mentors, own, knownAddresses);
      if (problem !== undefined) report(row, "mentorEmails", problem);
    }
  }
}

function ownAddresses(row: DraftMemberRow): Set<string> {
  const own = new Set<string>();
  for (const address of [row.values.email, row.values.newEmail, row.existing?.email]) {
    if (typeof address === "string") own.add(emailKey(address));
  }
  return own;
}

function referenceProblem(
  header: string,
  addresses: readonly string[],
  own: ReadonlySet<string>,
  known: ReadonlySet<string>,
): CellProblem | undefined {
  if (addresses.some((address) => own.has(emailKey(address)))) {
    return new CellProblem(
      MemberRowErrorType.ROW_VALUE_CONFLICT,
      header === "Manager Email"
        ? "A member cannot be their own manager."
        : "A member cannot be their own mentor.",
    );
  }
  const unknown = addresses.filter((address) => !known.has(emailKey(address)));
  if (unknown.length === 0) return undefined;
  return new CellProblem(
    MemberRowErrorType.ROW_VALUE_CONFLICT,
    `${header}: ${unknown.map((address) => `"${address}"`).join(", ")} ${unknown.length > 1 ? "match" : "matches"} no member of the organization and no row of this file.`,
  );
}
