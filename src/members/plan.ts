import type { Member, ProductMemberName } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import {
  NEW_CREDENTIALS,
  NO_EDUCATION,
  NO_MENTORS,
  sharedAccess,
  withRole,
} from "../domain/member-parts";
import type { MemberWrites } from "../domain/member-writes";
import { type Product, Role } from "../domain/products";
import { drainSteps, ROWS_PER_STEP, type Steps } from "../runtime/steps";
import { emailKey } from "../values/email";
import type { AbsentMember, MemberImportResult } from "./result";
import type { ValidatedMemberRow } from "./row";
import { findAbsentMemberSteps } from "./summary";

/** A member import's writes ({@link MemberWrites}) with the answer it gives. */
export interface MemberPlan extends MemberWrites {
  result: MemberImportResult;
}

/**
 * What planning an import needs besides the rows: the product, stored members, the clock and an id
 * source.
 */
export interface MemberPlanContext {
  product: Product;
  now: Date;
  /** Makes the id of each created member and welcome email. */
  newId: () => string;
  /** Stored members the file names by any address (Email, New Email, managers, mentors). */
  members: readonly Member[];
  /** Stored members with access to the product, for `absentMembers`. */
  productMembers: readonly ProductMemberName[];
  /**
   * `absentMembers` found already (`findAbsentMembers` over the same rows and product): then
   * `productMembers` is not read. A service finds them as soon as it lists the members, so the
   * list is let go before the plan's own work begins.
   */
  absentMembers?: AbsentMember[];
  /**
   * `members` were loaded for this plan alone (a transaction's fresh copies): an update then
   * changes its stored record in place instead of copying it first. A frozen record is still
   * copied. Absent or `false`, `members` stay the caller's, untouched.
   */
  membersAreCopies?: boolean;
  /**
   * The rows were made for this plan alone: each row's slot in the array is cleared once its
   * member is planned, so a large file's rows and its members are not all held at once, and a
   * row's office (the organization's own, which stores keep frozen) is given to its member as it
   * is rather than copied for each.
   */
  consumeRows?: boolean;
  /**
   * Whom a lower-cased address names, as the validation of these rows against `members` found it
   * (`MemberRowValidator.addressOwners`): a member's id, or the number of the row creating the
   * member. Given, the plan resolves Manager Email and Mentor Emails by it instead of indexing
   * every address again.
   */
  addressOwner?: (key: string) => string | number | undefined;
}

/**
 * Plans a member import of validated rows (spec: POST /members/import-csv, "Update rules" and
 * "States and transitions"). Pure: ids and time come from the context.
 */
export function planMemberImport(
  rows: readonly ValidatedMemberRow[],
  context: MemberPlanContext,
): MemberPlan {
  return drainSteps(planMemberImportSteps(rows, context));
}

/**
 * {@link planMemberImport} in steps of {@link ROWS_PER_STEP} rows, for a service that lets other
 * work run between them. The plan is the same.
 */
export function* planMemberImportSteps(
  rows: readonly ValidatedMemberRow[],
  context: MemberPlanContext,
): Steps<MemberPlan> {
  const { ids, rowIds } = yield* memberIdSteps(rows, context);
  yield;
  const resolve = addressResolver(context.addressOwner, ids, rowIds);
  const plan: MemberPlan = {
    creates: [],
    updates: [],
    welcomeEmails: [],
    result: {
      createdCount: 0,
      updatedCount: 0,
      absentMembers:
        context.absentMembers ??
        (yield* findAbsentMemberSteps(rows, context.productMembers, context.product)),
    },
  };
  yield;
  const createdAt = context.now.toISOString();
  for (let index = 0; index < rows.length; index++) {
    if (index > 0 && index % ROWS_PER_STEP === 0) yield;
    const row = rows[index] as ValidatedMemberRow;
    if (context.consumeRows === true)
      (rows as (ValidatedMemberRow | undefined)[])[index] = undefined;
    const id = rowIds[ids === undefined ? row.rowNumber : index] as string;
    planRow(plan, row, id, { context, resolve, createdAt });
  }
  return plan;
}

/** The member ids of an import: `rowIds` by row, and without `addressOwner`, `ids` by address. */
interface MemberIds {
  /** Each address (stored members' and the rows' Email and New Email) to its member's id. */
  ids: Map<string, string> | undefined;
  /** Each row's member id: by row number with `addressOwner`, else by index. */
  rowIds: string[];
}

/** Each row's member id, its stored one or a new one, drawn in the rows' order. */
function* memberIdSteps(
  rows: readonly ValidatedMemberRow[],
  context: MemberPlanContext,
): Steps<MemberIds> {
  // With `addressOwner`, a created member's id is found by its row's number, not its index.
  const last = rows[rows.length - 1];
  const rowIds: string[] =
    context.addressOwner === undefined || last === undefined
      ? []
      : new Array<string>(last.rowNumber + 1);
  let ids: Map<string, string> | undefined;
  if (context.addressOwner === undefined) {
    ids = new Map();
    for (const member of context.members) ids.set(emailKey(member.email), member.id);
  }
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as ValidatedMemberRow;
    const id = row.existing?.id ?? context.newId();
    if (ids === undefined) rowIds[row.rowNumber] = id;
    else {
      rowIds.push(id);
      ids.set(emailKey(row.email), id);
      if (row.newEmail !== undefined) ids.set(emailKey(row.newEmail), id);
    }
    if ((index + 1) % ROWS_PER_STEP === 0) yield;
  }
  return { ids, rowIds };
}

/** The id of the member an address names (Manager Email, Mentor Emails). */
function addressResolver(
  owner: MemberPlanContext["addressOwner"],
  ids: Map<string, string> | undefined,
  rowIds: readonly string[],
): (address: string) => string {
  return (address) => {
    let id: string | undefined;
    if (ids !== undefined) id = ids.get(emailKey(address));
    else {
      const found = (owner as NonNullable<typeof owner>)(emailKey(address));
      id = typeof found === "number" ? rowIds[found] : found;
    }
    // Validation resolved every reference against the same members; a miss is a caller's bug.
    if (id === undefined) throw new Error(`no member for ${address}: validate before planning`);
    return id;
  };
}

/** Adds a row's create or update to the plan, with its welcome email when it gets one. */
function planRow(
  plan: MemberPlan,
  row: ValidatedMemberRow,
  id: string,
  {
    context,
    resolve,
    createdAt,
  }: { context: MemberPlanContext; resolve: (address: string) => string; createdAt: string },
): void {
  const stored = row.existing;
  // Decided before the update, which may change the stored record in place.
  const reason =
    stored === null
      ? "MEMBER_CREATED"
      : hasAccess(stored, context.product)
        ? null
        : "PRODUCT_GRANTED";
  const member = plannedMember(row, id, context, resolve);
  if (reason !== null) {
    plan.welcomeEmails.push({
      id: context.newId(),
      memberId: id,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      product: context.product,
      reason,
      createdAt,
      token: null,
      tokenExpiresAt: null,
    });
  }
  if (stored === null) {
    plan.creates.push(member);
    plan.result.createdCount++;
  } else {
    plan.updates.push(member);
    plan.result.updatedCount++;
  }
}

/** The row's member as the import leaves it, its manager and mentors resolved to ids. */
function plannedMember(
  row: ValidatedMemberRow,
  id: string,
  context: MemberPlanContext,
  resolve: (address: string) => string,
): Member {
  const stored = row.existing;
  const shareOffice = context.consumeRows === true;
  // Resolved before the member is made, so a create is made with its mentors rather than with
  // an empty list replaced at once.
  const mentorIds =
    row.mentorEmails === undefined
      ? undefined
      : row.mentorEmails === null
        ? shareOffice
          ? NO_MENTORS
          : []
        : row.mentorEmails.map(resolve);
  const member =
    stored === null
      ? createdMember(id, row, context.product, shareOffice, mentorIds)
      : updatedMember(
          context.membersAreCopies === true && !Object.isFrozen(stored)
            ? stored
            : copyMember(stored),
          row,
          context.product,
          shareOffice,
        );
  if (row.managerEmail !== undefined)
    member.managerId = row.managerEmail === null ? null : resolve(row.managerEmail);
  if (mentorIds !== undefined && stored !== null) member.mentorIds = mentorIds;
  return member;
}

function hasAccess(member: Member, product: Product): boolean {
  return member.products.some((access) => access.product === product);
}

/**
 * A create: every given value, defaults elsewhere, the product with Role or `MEMBER`. Shared
 * (the service's import), its credentials, its product list and its empty lists are frozen ones
 * shared by every create alike: a large file's new members would otherwise each hold two more
 * objects and up to three lists, never changed in place (a change copies the member first).
 */
function createdMember(
  id: string,
  row: ValidatedMemberRow,
  product: Product,
  shareOffice: boolean,
  mentorIds: string[] | undefined,
): Member {
  const role = row.role ?? Role.MEMBER;
  const member: Member = {
    id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    employeeId: null,
    jobTitle: null,
    level: null,
    office: null,
    department: null,
    practiceArea: null,
    startDate: null,
    effectiveClassYear: null,
    ssoId: null,
    useMfa: false,
    bioLink: null,
    workArrangement: null,
    flsaStatus: null,
    managerId: null,
    mentorIds: mentorIds ?? (shareOffice ? NO_MENTORS : []),
    education: firstEducation(row) ?? (shareOffice ? NO_EDUCATION : []),
    products: shareOffice ? sharedAccess(product, role) : [{ product, role }],
    credentials: shareOffice
      ? NEW_CREDENTIALS
      : { passwordHash: null, mfaSecret: null, sessionEpoch: 0 },
  };
  copyPresentFields(member, row, shareOffice);
  return member;
}

/**
 * An update by the spec's rules: an absent header preserves (1), a value replaces (2), a blank
 * clears (3); the office is one unit (4); PERFORM-only fields arrive only for PERFORM (5, done by
 * validation); SSO ID and Use MFA were merged before validation (6); education is create-only (7).
 * `member` is the stored record's copy, changed in place.
 */
function updatedMember(
  member: Member,
  row: ValidatedMemberRow,
  product: Product,
  shareOffice: boolean,
): Member {
  if (row.newEmail !== undefined) member.email = row.newEmail;
  member.firstName = row.firstName;
  member.lastName = row.lastName;
  copyPresentFields(member, row, shareOffice);
  addEducationOnce(member, row);
  const access = member.products.find((entry) => entry.product === product);
  if (access === undefined)
    member.products = [...member.products, { product, role: row.role ?? Role.MEMBER }];
  else if (row.role !== undefined && row.role !== null && access.role !== row.role)
    member.products = withRole(member.products, product, row.role);
  return member;
}

const COPIED = [
  "employeeId",
  "jobTitle",
  "level",
  "department",
  "practiceArea",
  "startDate",
  "effectiveClassYear",
  "ssoId",
  "bioLink",
  "workArrangement",
  "flsaStatus",
] as const;

function copyPresentFields(member: Member, row: ValidatedMemberRow, shareOffice: boolean): void {
  for (const field of COPIED) {
    const value = row[field];
    if (value !== undefined) (member as Record<(typeof COPIED)[number], unknown>)[field] = value;
  }
  if (row.office !== undefined)
    member.office = row.office === null || shareOffice ? row.office : { ...row.office };
  if (row.useMfa !== undefined) member.useMfa = row.useMfa ?? false;
}

/**
 * Rule 7: Law School with Graduation Year is added only to a member with no education yet. A new
 * one-entry array rather than a push: a push onto an empty array reserves room for 17 entries,
 * kept by every stored member.
 */
function addEducationOnce(member: Member, row: ValidatedMemberRow): void {
  if (member.education.length > 0) return;
  const education = firstEducation(row);
  if (education !== undefined) member.education = education;
}

/** The row's Law School and Graduation Year as a member's education; `undefined` for neither. */
function firstEducation(row: ValidatedMemberRow): Member["education"] | undefined {
  const lawSchool = row.lawSchool ?? null;
  const graduationYear = row.graduationYear ?? null;
  if (lawSchool === null && graduationYear === null) return undefined;
  return [{ lawSchool, graduationYear }];
}
