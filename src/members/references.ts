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
  isKnownAddress: (key: string) => boolean,
  report: ReportProblem,
): void {
  for (const row of rows) {
    const own = ownAddresses(row);
    const manager = row.values.managerEmail;
    if (typeof manager === "string") {
      const problem = referenceProblem("Manager Email", [manager], own, isKnownAddress);
      if (problem !== undefined) report(row, "managerEmail", problem);
    }
    const mentors = row.values.mentorEmails;
    if (Array.isArray(mentors) && mentors.length > 0) {
      const problem = referenceProblem("Mentor Emails", mentors, own, isKnownAddress);
      if (problem !== undefined) report(row, "mentorEmails", problem);
    }
  }
}

/** The row's own addresses, lower-cased: its Email, its New Email, its stored address. */
function ownAddresses(row: DraftMemberRow): string[] {
  const own: string[] = [];
  if (row.emailKey !== null) own.push(row.emailKey);
  if (typeof row.values.newEmail === "string") own.push(emailKey(row.values.newEmail));
  if (row.existing !== null) own.push(emailKey(row.existing.email));
  return own;
}

function referenceProblem(
  header: string,
  addresses: readonly string[],
  own: readonly string[],
  isKnown: (key: string) => boolean,
): CellProblem | undefined {
  const keys = addresses.map(emailKey);
  if (keys.some((key) => own.includes(key))) {
    return new CellProblem(
      MemberRowErrorType.ROW_VALUE_CONFLICT,
      header === "Manager Email"
        ? "A member cannot be their own manager."
        : "A member cannot be their own mentor.",
    );
  }
  const unknown = addresses.filter((_, index) => !isKnown(keys[index] as string));
  if (unknown.length === 0) return undefined;
  return new CellProblem(
    MemberRowErrorType.ROW_VALUE_CONFLICT,
    `${header}: ${unknown.map((address) => `"${address}"`).join(", ")} ${unknown.length > 1 ? "match" : "matches"} no member of the organization and no row of this file.`,
  );
}
