import { type Product, Role } from "../store/products";
import type { Member } from "../store/snapshot";
import { emailKey } from "../values/email";
import type { AbsentMember, MemberImportResult } from "./result";
import type { ValidatedMemberRow } from "./row";

/**
 * `absentMembers`: every member with the `MEMBER` role on the product whose address no row of the
 * file names, ordered by address. An import never removes them; bulk remove does.
 */
export function findAbsentMembers(
  rows: readonly Pick<ValidatedMemberRow, "email">[],
  members: readonly Member[],
  product: Product,
): AbsentMember[] {
  const inFile = new Set(rows.map((row) => emailKey(row.email)));
  return members
    .filter(
      (member) =>
        !inFile.has(emailKey(member.email)) &&
        member.products.some((access) => access.product === product && access.role === Role.MEMBER),
    )
    .map(({ email, firstName, lastName }) => ({ email, firstName, lastName }))
    .sort((a, b) => compareText(emailKey(a.email), emailKey(b.email)));
}

/**
 * The 200 body an import of these validated rows would return: rows matching a stored member
 * count as updated (see docs/decisions.md), the others as created.
 */
export function summarizeMemberImport(
  rows: readonly ValidatedMemberRow[],
  members: readonly Member[],
  product: Product,
): MemberImportResult {
  const updatedCount = rows.filter((row) => row.existing !== null).length;
  return {
    createdCount: rows.length - updatedCount,
    updatedCount,
    absentMembers: findAbsentMembers(rows, members, product),
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
