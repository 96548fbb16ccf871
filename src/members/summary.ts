import type { ProductMemberName } from "../domain/member";
import { type Product, Role } from "../domain/products";
import { drainSteps, ROWS_PER_STEP, type Steps } from "../runtime/steps";
import { emailKey } from "../values/email";
import type { AbsentMember, MemberImportResult } from "./result";
import type { ValidatedMemberRow } from "./row";

/**
 * `absentMembers`: every member with the `MEMBER` role on the product whose address no row of the
 * file names, ordered by address. An import never removes them; bulk remove does.
 */
export function findAbsentMembers(
  rows: readonly Pick<ValidatedMemberRow, "email">[],
  members: readonly ProductMemberName[],
  product: Product,
): AbsentMember[] {
  return drainSteps(findAbsentMemberSteps(rows, members, product));
}

/** {@link findAbsentMembers} in steps of `ROWS_PER_STEP` rows and members. */
export function* findAbsentMemberSteps(
  rows: readonly Pick<ValidatedMemberRow, "email">[],
  members: readonly ProductMemberName[],
  product: Product,
): Steps<AbsentMember[]> {
  const inFile = new Set<string>();
  for (let index = 0; index < rows.length; index++) {
    inFile.add(emailKey((rows[index] as Pick<ValidatedMemberRow, "email">).email));
    if ((index + 1) % ROWS_PER_STEP === 0) yield;
  }
  return yield* absentMemberSteps(members, product, (key) => inFile.has(key));
}

/**
 * {@link findAbsentMemberSteps} with the file's Emails already known: `inFile` says whether a
 * lower-cased address is a row's Email.
 */
export function* absentMemberSteps(
  members: readonly ProductMemberName[],
  product: Product,
  inFile: (key: string) => boolean,
): Steps<AbsentMember[]> {
  const absent: AbsentMember[] = [];
  for (let index = 0; index < members.length; index++) {
    const member = members[index] as ProductMemberName;
    if (
      !inFile(emailKey(member.email)) &&
      member.products.some((access) => access.product === product && access.role === Role.MEMBER)
    )
      absent.push({ email: member.email, firstName: member.firstName, lastName: member.lastName });
    if ((index + 1) % ROWS_PER_STEP === 0) yield;
  }
  return sortAbsentMembers(absent);
}

/** `absentMembers` in the body's order, by lower-cased address (sorted in place). */
export function sortAbsentMembers(absent: AbsentMember[]): AbsentMember[] {
  return absent.sort((a, b) => compareText(emailKey(a.email), emailKey(b.email)));
}

/**
 * The 200 body an import of these validated rows would return: rows matching a stored member
 * count as updated (see docs/decisions.md), the others as created.
 */
export function summarizeMemberImport(
  rows: readonly ValidatedMemberRow[],
  members: readonly ProductMemberName[],
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
