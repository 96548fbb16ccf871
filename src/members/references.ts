import { emailKey } from "../values/email";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * Manager Email and Mentor Emails name a member already in the organization or another row of
 * the same file, in any row order, and never the row's own member. A row whose Email another row
 * repeats is not told it names itself: which row is meant is the duplicate's question, and the
 * duplicate is already reported on both.
 */
export function reportBadReferences(
  rows: readonly DraftMemberRow[],
  isKnownAddress: (key: string) => boolean,
  isRepeatedEmail: (key: string) => boolean,
  report: ReportProblem,
): void {
  const isOwn = (row: DraftMemberRow, key: string) =>
    isOwnAddress(row, key) && !(key === row.emailKey && isRepeatedEmail(key));
  for (const row of rows) {
    const manager = row.values.managerEmail;
    if (typeof manager === "string") {
      const problem = referenceProblem(row, "Manager Email", [manager], isKnownAddress, isOwn);
      if (problem !== undefined) report(row, "managerEmail", problem);
    }
    const mentors = row.values.mentorEmails;
    if (Array.isArray(mentors) && mentors.length > 0) {
      const problem = referenceProblem(row, "Mentor Emails", mentors, isKnownAddress, isOwn);
      if (problem !== undefined) report(row, "mentorEmails", problem);
    }
  }
}

/**
 * Whether `key` is one of the row's own addresses: its Email, its New Email, its stored address.
 * The stored address needs no look of its own: the address book matched the stored member by the
 * row's lower-cased Email, so it is that key (reading it was a cold member per updating row).
 */
function isOwnAddress(row: DraftMemberRow, key: string): boolean {
  return (
    key === row.emailKey ||
    (typeof row.values.newEmail === "string" && key === emailKey(row.values.newEmail))
  );
}

function referenceProblem(
  row: DraftMemberRow,
  header: string,
  addresses: readonly string[],
  isKnown: (key: string) => boolean,
  isOwn: (row: DraftMemberRow, key: string) => boolean,
): CellProblem | undefined {
  // The usual row names only known others: checked without building anything.
  let unknown: string[] | undefined;
  for (const address of addresses) {
    const key = emailKey(address);
    if (isOwn(row, key)) {
      return new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
        key:
          header === "Manager Email"
            ? "member.ROW_VALUE_CONFLICT.ownManager"
            : "member.ROW_VALUE_CONFLICT.ownMentor",
        params: { column: header },
      });
    }
    if (!isKnown(key)) {
      unknown ??= [];
      unknown.push(address);
    }
  }
  if (unknown === undefined) return undefined;
  return new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
    key: "member.ROW_VALUE_CONFLICT.unknownReference",
    params: { column: header, addresses: unknown },
  });
}
