import type { MessageRef } from "../messages/catalog";
import { emailKey } from "../values/email";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * New Email (only with the bulk email-update feature): a blank or unchanged value is a no-op;
 * otherwise the row must match an existing member, no two rows may target one address, and the
 * address must not belong to anyone else. Leaves `newEmail` on a row only when it really moves.
 */
export function resolveNewEmails(
  rows: readonly DraftMemberRow[],
  isTakenAddress: (key: string) => boolean,
  report: ReportProblem,
): void {
  const moving: DraftMemberRow[] = [];
  const targets = new Map<string, DraftMemberRow[]>();
  for (const row of rows) {
    const target = row.values.newEmail;
    const email = row.values.email;
    if (typeof target !== "string" || typeof email !== "string") continue;
    if (emailKey(target) === emailKey(email)) {
      row.values.newEmail = undefined;
      continue;
    }
    moving.push(row);
    const group = targets.get(emailKey(target));
    if (group === undefined) targets.set(emailKey(target), [row]);
    else group.push(row);
  }
  for (const row of moving) {
    const target = row.values.newEmail as string;
    const targetKey = emailKey(target);
    const sharing = targets.get(targetKey) ?? [];
    let problem: MessageRef | undefined;
    if (row.existing === null) {
      problem = {
        key: "member.ROW_VALUE_CONFLICT.newEmailNoMember",
        params: { email: String(row.values.email) },
      };
    } else if (sharing.length > 1) {
      problem = {
        key: "member.ROW_VALUE_CONFLICT.newEmailSameTarget",
        params: { address: target, rows: sharing.map((other) => other.rowNumber) },
      };
    } else if (isTakenAddress(targetKey)) {
      problem = { key: "member.ROW_VALUE_CONFLICT.newEmailTaken", params: { address: target } };
    }
    if (problem !== undefined) {
      report(row, "newEmail", new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, problem));
    }
  }
}
