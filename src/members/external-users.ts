import { emailKey } from "../values/email";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * EXISTING_USER_CONFLICT (spec: "conflict from the create path, for example a user in another
 * organization"): a row that would create a member whose address already belongs to a user of
 * another organization.
 */
export function reportExternalUsers(
  rows: readonly DraftMemberRow[],
  externalUserEmails: ReadonlySet<string>,
  report: ReportProblem,
): void {
  if (externalUserEmails.size === 0) return;
  for (const row of rows) {
    const email = row.values.email;
    if (row.existing !== null || typeof email !== "string") continue;
    if (!externalUserEmails.has(row.emailKey ?? emailKey(email))) continue;
    report(
      row,
      "email",
      new CellProblem(MemberRowErrorType.EXISTING_USER_CONFLICT, {
        key: "member.EXISTING_USER_CONFLICT.otherOrganization",
        params: { email },
      }),
    );
  }
}
