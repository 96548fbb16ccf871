import { fieldValue } from "../csv/cells";
import { MEMBER_HEADERS, type MemberHeader } from "../domain/headers";
import type { Member } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import { renderMessageRef } from "../messages/catalog";
import { holdsNul } from "../values/nul";
import { MEMBER_COLUMNS, type MemberColumn } from "./columns";
import { MemberRowErrorType } from "./errors";
import { checkOffice } from "./office";
import { CellProblem } from "./problem";
import type { MemberRuleContext } from "./rule-context";
import { checkSsoRequirement } from "./sso";

/** The fields the per-member operations edit. */
export const EDITABLE_MEMBER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "employeeId",
  "jobTitle",
  "level",
  "officeCity",
  "officeState",
  "officeCountry",
  "department",
  "practiceArea",
  "startDate",
  "bioLink",
  "lawSchool",
  "graduationYear",
  "workArrangement",
  "ssoId",
  "useMfa",
] as const;
/** A member field the per-member edit operation may change (see {@link EDITABLE_MEMBER_FIELDS}). */
export type EditableMemberField = (typeof EDITABLE_MEMBER_FIELDS)[number];

/**
 * An edit in the member CSV's own terms: each value is the text a cell would hold. A field left
 * out is unchanged, a blank or `null` clears it, a value replaces it after the column's rule.
 */
export type MemberEdit = Partial<Record<EditableMemberField, string | null>>;

/** A field an edit got wrong: the column it belongs to and the CSV's error type. */
export interface MemberFieldError {
  columnName: MemberHeader;
  value: string;
  type: (typeof MemberRowErrorType)[keyof typeof MemberRowErrorType];
  message: string;
}

/** What {@link applyMemberEdit} answers: the edited member, or the field errors. */
export type MemberEditResult =
  | { ok: true; member: Member }
  | { ok: false; errors: MemberFieldError[] };

const OFFICE = ["officeCity", "officeState", "officeCountry"] as const;

/** The fields a plain column assignment copies onto the member. */
const PLAIN_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "employeeId",
  "jobTitle",
  "level",
  "department",
  "practiceArea",
  "startDate",
  "bioLink",
  "workArrangement",
  "ssoId",
] as const;

/** Records a field's problem, with the text the edit gave it. */
type Report = (field: EditableMemberField, text: string | null, problem: CellProblem) => void;

/** The edited fields that passed their column's rule, parsed (`null`: cleared). */
type EditedValues = Partial<Record<EditableMemberField, unknown>>;

/**
 * Applies an edit to a stored member with exactly the rules the member CSV applies to the same
 * columns (one catalogue serves both): required names, disallowed characters, email syntax, list
 * membership, years, dates, URLs, the office unit, and SSO ID with Use MFA per the organization's
 * SSO setup. Email uniqueness needs the store and is checked by the service. Pure.
 */
export function applyMemberEdit(
  member: Member,
  edit: MemberEdit,
  rules: MemberRuleContext,
): MemberEditResult {
  const errors: MemberFieldError[] = [];
  const report: Report = (field, text, problem) =>
    errors.push({
      columnName: MEMBER_COLUMNS[field].header,
      value: text ?? "",
      type: problem.type,
      message: renderMessageRef(rules.messages, problem.ref),
    });
  const withNul = reportNul(edit, report);
  const values = parseFields(edit, rules, withNul, report);
  const office = checkEditedOffice(edit, rules, withNul, report);
  checkEditedSso(member, edit, values, rules, report);
  if (errors.length > 0) {
    const order = (error: MemberFieldError) => MEMBER_HEADERS.indexOf(error.columnName);
    return { ok: false, errors: errors.sort((a, b) => order(a) - order(b)) };
  }
  return { ok: true, member: editedMember(member, values, office) };
}

function isGiven(edit: MemberEdit, field: EditableMemberField): boolean {
  return field in edit && edit[field] !== undefined;
}

/**
 * Reports the fields holding NUL and answers them, to be left out of every other rule: no store
 * can hold NUL (PostgreSQL text refuses it), and no CSV cell can carry one.
 */
function reportNul(edit: MemberEdit, report: Report): Set<EditableMemberField> {
  const withNul = new Set(EDITABLE_MEMBER_FIELDS.filter((field) => holdsNul(edit[field] ?? "")));
  for (const field of withNul)
    report(
      field,
      edit[field] ?? "",
      new CellProblem(MemberRowErrorType.INVALID_FORMAT, {
        key: "member.INVALID_FORMAT.nul",
        params: { column: MEMBER_COLUMNS[field].header },
      }),
    );
  return withNul;
}

/** Each given field but the office's, through its column's rule: a blank clears it unless required. */
function parseFields(
  edit: MemberEdit,
  rules: MemberRuleContext,
  withNul: ReadonlySet<EditableMemberField>,
  report: Report,
): EditedValues {
  const values: EditedValues = {};
  for (const field of EDITABLE_MEMBER_FIELDS) {
    if (
      !isGiven(edit, field) ||
      withNul.has(field) ||
      (OFFICE as readonly string[]).includes(field)
    )
      continue;
    if (field === "ssoId" && !rules.ssoIdApplies) continue;
    const text = fieldValue(edit[field] ?? "");
    const definition: MemberColumn<unknown> = MEMBER_COLUMNS[field];
    if (text === null) {
      if (definition.required)
        report(
          field,
          text,
          new CellProblem(MemberRowErrorType.EMPTY_REQUIRED_VALUE, {
            key: "member.EMPTY_REQUIRED_VALUE.blank",
            params: { column: definition.header },
          }),
        );
      else values[field] = null;
      continue;
    }
    const value = definition.parse(text, rules);
    if (value instanceof CellProblem) report(field, text, value);
    else values[field] = value;
  }
  return values;
}

/**
 * City, State and Country checked as one unit when any is given (and none holds NUL): the office
 * to store, or undefined to leave the member's as it is.
 */
function checkEditedOffice(
  edit: MemberEdit,
  rules: MemberRuleContext,
  withNul: ReadonlySet<EditableMemberField>,
  report: Report,
): { office: Member["office"] } | undefined {
  if (!OFFICE.some((field) => isGiven(edit, field)) || OFFICE.some((field) => withNul.has(field)))
    return undefined;
  const [city, state, country] = OFFICE.map((field) => fieldValue(edit[field] ?? ""));
  const verdict = checkOffice(city ?? null, state ?? null, country ?? null, rules.offices);
  if (verdict.ok) return { office: verdict.office === null ? null : { ...verdict.office } };
  for (const { field, problem } of verdict.problems)
    report(field, fieldValue(edit[field] ?? ""), problem);
  return undefined;
}

/** SSO ID with Use MFA, per the organization's SSO setup, when either is given. */
function checkEditedSso(
  member: Member,
  edit: MemberEdit,
  values: EditedValues,
  rules: MemberRuleContext,
  report: Report,
): void {
  const ssoId = isGiven(edit, "ssoId");
  const useMfa = isGiven(edit, "useMfa");
  if (!rules.ssoIdApplies || !(ssoId || useMfa)) return;
  // As in the CSV: a given value that failed its own rule is left out (undefined) here.
  const problem = checkSsoRequirement(
    {
      rowNumber: 0,
      existing: member,
      emailKey: null,
      values: {
        ssoId: values.ssoId as string | null | undefined,
        useMfa: values.useMfa as boolean | null | undefined,
      },
    },
    { ssoId, useMfa },
  );
  if (problem !== undefined) report("ssoId", fieldValue(edit.ssoId ?? ""), problem);
}

/** A copy of `member` with the edited values (and office, when checked) in place. */
function editedMember(
  member: Member,
  values: EditedValues,
  office: { office: Member["office"] } | undefined,
): Member {
  const next = copyMember(member);
  if (office !== undefined) next.office = office.office;
  const assign = <K extends keyof Member>(key: K, value: unknown) => {
    (next as Record<K, unknown>)[key] = value;
  };
  for (const field of PLAIN_FIELDS) if (field in values) assign(field, values[field]);
  if ("useMfa" in values) next.useMfa = values.useMfa === true;
  if ("lawSchool" in values || "graduationYear" in values) {
    // A direct edit changes the member's education record (an import only ever adds the first).
    const first = next.education[0] ?? { lawSchool: null, graduationYear: null };
    if ("lawSchool" in values) first.lawSchool = values.lawSchool as string | null;
    if ("graduationYear" in values) first.graduationYear = values.graduationYear as number | null;
    next.education = [first, ...next.education.slice(1)].filter(
      (entry) => entry.lawSchool !== null || entry.graduationYear !== null,
    );
  }
  return next;
}
