import {
  FLSA_SPELLINGS,
  type FlsaStatus,
  WORK_ARRANGEMENTS,
  type WorkArrangement,
} from "../domain/enums";
import { Feature } from "../domain/features";
import type { MemberHeader } from "../domain/headers";
import { Product, ROLES, type Role } from "../domain/products";
import type { MessageParams } from "../messages/catalog";
import { BOOLEAN_WORDS, parseBooleanWord } from "../values/booleans";
import { emailKey } from "../values/email";
import type { CaseInsensitiveList } from "../values/lookup";
import { isWebUrl } from "../values/url";
import { parseYear, YEAR_WINDOW } from "../values/years";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { MemberRuleContext } from "./rule-context";

/** The spec's limit on Mentor Emails. */
export const MAX_MENTORS = 50;

/** One column of the member CSV: everything validation, examples and documentation know of it. */
export interface MemberColumn<T> {
  header: MemberHeader;
  /** The cell must be non-blank on every row. */
  required: boolean;
  /** Validated and persisted only when the product is PERFORM (spec and docs/decisions.md). */
  performOnly: boolean;
  /** Besides `performOnly`: when the column counts at all; otherwise it is ignored entirely. */
  appliesWhen?: (context: MemberRuleContext) => boolean;
  /** One sentence for people: the instructions, the docs, the CLI. */
  description: string;
  /** Parses a non-blank, trimmed cell; a {@link CellProblem} when the value breaks the rule. */
  parse: (text: string, context: MemberRuleContext) => T | CellProblem;
}

function column<T>(definition: MemberColumn<T>): MemberColumn<T> {
  return definition;
}

const DISALLOWED_IN_NAMES = /[\\\r\n<>|"`]/;

function personName(header: MemberHeader): MemberColumn<string> {
  return column({
    header,
    required: true,
    performOnly: false,
    description: 'Required. Must not contain \\ < > | " ` or line breaks.',
    parse: (text) =>
      DISALLOWED_IN_NAMES.test(text)
        ? new CellProblem(MemberRowErrorType.INVALID_FORMAT, {
            key: "member.INVALID_FORMAT.nameCharacters",
            params: { column: header },
          })
        : text,
  });
}

function address(header: MemberHeader, required: boolean, description: string) {
  return column<string>({
    header,
    required,
    performOnly: false,
    description,
    parse: (text, context) => (context.isEmail(text) ? text : invalidEmail(header, text)),
  });
}

function invalidEmail(header: string, text: string): CellProblem {
  return new CellProblem(MemberRowErrorType.INVALID_EMAIL, {
    key: "member.INVALID_EMAIL.malformed",
    params: { column: header, value: text },
  });
}

function fromList(
  header: MemberHeader,
  performOnly: boolean,
  list: (context: MemberRuleContext) => CaseInsensitiveList,
  listName: string,
  listed: { list: ListName; endpoint: string; command: string },
) {
  return column<string>({
    header,
    required: false,
    performOnly,
    description: `Optional. Must match ${listName} (case-insensitive).`,
    parse: (text, context) => {
      const values = list(context);
      return (
        values.find(text) ??
        new CellProblem(MemberRowErrorType.INVALID_LIST_SELECTION, {
          key: "member.INVALID_LIST_SELECTION.notInList",
          params: { column: header, value: text, suggestions: values.near(text), ...listed },
        })
      );
    },
  });
}

type ListName = MessageParams["member.INVALID_LIST_SELECTION.notInList"]["list"];

/** Where a user finds every accepted value of a list: the lookup endpoint and the CLI. */
const listedAt = (list: ListName, endpoint: string, command: string) => ({
  list,
  endpoint,
  command: `rpdi lists <snapshot.json> ${command}`,
});

function year(header: MemberHeader) {
  return column<number>({
    header,
    required: false,
    performOnly: true,
    description: `Optional, PERFORM only. Four digits, within ${YEAR_WINDOW} years of the current year.`,
    parse: (text, context) =>
      parseYear(text, context.now) ??
      new CellProblem(MemberRowErrorType.INVALID_YEAR, {
        key: "member.INVALID_YEAR.outOfWindow",
        params: {
          column: header,
          value: text,
          window: YEAR_WINDOW,
          year: context.now.getUTCFullYear(),
        },
      }),
  });
}

function oneOf<T extends string>(
  header: MemberHeader,
  performOnly: boolean,
  spellings: ReadonlyMap<string, T>,
) {
  const acceptedList = [...spellings.keys()];
  const accepted = acceptedList.join(", ");
  return column<T>({
    header,
    required: false,
    performOnly,
    description: `Optional${performOnly ? ", PERFORM only" : ""}. One of ${accepted} (case-sensitive).`,
    parse: (text) =>
      spellings.get(text) ??
      new CellProblem(MemberRowErrorType.INVALID_LIST_SELECTION, {
        key: "member.INVALID_LIST_SELECTION.notOneOf",
        params: { column: header, value: text, accepted: acceptedList },
      }),
  });
}

const plainText = (text: string): string => text;

/**
 * The member CSV's column catalogue: one entry per recognized header, holding its requiredness,
 * product scope and per-cell rule. Rules spanning cells or rows (the office unit, SSO ID with
 * Use MFA, duplicates, managers, mentors, New Email) read these values afterwards.
 */
export const MEMBER_COLUMNS = {
  employeeId: column({
    header: "Employee ID",
    required: false,
    performOnly: false,
    description: "Optional opaque identifier; unique across rows (case-insensitive).",
    parse: plainText,
  }),
  firstName: personName("First Name"),
  lastName: personName("Last Name"),
  email: address(
    "Email",
    true,
    "Required. Well-formed address, unique in the file; matches an existing member (case-insensitive) to update, otherwise creates one.",
  ),
  newEmail: column<string>({
    ...address(
      "New Email",
      false,
      "Optional. Moves the existing member named in Email to this address; only with the bulk email-update feature.",
    ),
    appliesWhen: (context) => context.organization.features.includes(Feature.BULK_EMAIL_UPDATE),
  }),
  jobTitle: column({
    header: "Job Title",
    required: false,
    performOnly: false,
    description: "Optional free text.",
    parse: plainText,
  }),
  level: fromList(
    "Level",
    true,
    (context) => context.memberLevels,
    "the organization's member levels",
    listedAt("levels", "/api/v2/org-member-levels", "levels"),
  ),
  officeCity: column({
    header: "Office City",
    required: false,
    performOnly: false,
    description:
      "Optional. With State (US) or Country (elsewhere), one of the organization's offices.",
    parse: plainText,
  }),
  officeState: column({
    header: "Office State (US Only)",
    required: false,
    performOnly: false,
    description: "With Office City, for a US office.",
    parse: plainText,
  }),
  officeCountry: column({
    header: "Office Country (Non-US Only)",
    required: false,
    performOnly: false,
    description: "With Office City, for an office outside the US.",
    parse: plainText,
  }),
  department: fromList(
    "Department",
    false,
    (context) => context.departments,
    "the organization's departments",
    listedAt("departments", "/api/v2/departments", "departments"),
  ),
  practiceArea: fromList(
    "Practice Area",
    false,
    (context) => context.practiceAreas,
    "the organization's practice areas",
    listedAt("practiceAreas", "/api/v2/practiceAreas/current", "practice-areas"),
  ),
  lawSchool: fromList(
    "Law School",
    false,
    (context) => context.lawSchools,
    "the recognized law schools",
    listedAt("lawSchools", "/api/v2/lawSchoolsList.csv", "law-schools"),
  ),
  graduationYear: year("Graduation Year"),
  effectiveClassYear: year("Effective Class Year"),
  startDate: column<string>({
    header: "Start Date",
    required: false,
    performOnly: false,
    description: "Optional. yyyy-MM-dd, yyyy/MM/dd or M/d/yyyy.",
    parse: (text, context) =>
      context.memberDate(text) ??
      new CellProblem(MemberRowErrorType.INVALID_DATE_FORMAT, {
        key: "member.INVALID_DATE_FORMAT.notADate",
        params: { column: "Start Date", value: text },
      }),
  }),
  role: oneOf<Role>("Role", false, new Map(ROLES.map((role) => [role, role]))),
  ssoId: column<string>({
    header: "SSO ID",
    required: false,
    performOnly: false,
    appliesWhen: (context) => context.ssoIdApplies,
    description:
      "Required when the organization uses SSO with its own identifiers and the member does not use MFA; ignored otherwise.",
    parse: (text, context) =>
      context.ssoIdPattern === null || context.ssoIdPattern.test(text)
        ? text
        : new CellProblem(MemberRowErrorType.INVALID_SSO_ID, {
            key: "member.INVALID_SSO_ID.pattern",
            params: { column: "SSO ID", value: text },
          }),
  }),
  useMfa: column<boolean>({
    header: "Use MFA",
    required: false,
    performOnly: false,
    description: `Optional. One of ${BOOLEAN_WORDS.join(", ")} (case-insensitive).`,
    parse: (text) =>
      parseBooleanWord(text) ??
      new CellProblem(MemberRowErrorType.INVALID_FORMAT, {
        key: "member.INVALID_FORMAT.boolean",
        params: { column: "Use MFA", value: text, accepted: BOOLEAN_WORDS },
      }),
  }),
  bioLink: column<string>({
    header: "Bio Link",
    required: false,
    performOnly: false,
    description: "Optional. A web address (http or https).",
    parse: (text) =>
      isWebUrl(text)
        ? text
        : new CellProblem(MemberRowErrorType.INVALID_URL, {
            key: "member.INVALID_URL.notWebAddress",
            params: { column: "Bio Link", value: text },
          }),
  }),
  workArrangement: oneOf<WorkArrangement>(
    "Work Arrangement",
    false,
    new Map(WORK_ARRANGEMENTS.map((value) => [value, value])),
  ),
  flsaStatus: oneOf<FlsaStatus>("FLSA Status", true, FLSA_SPELLINGS),
  managerEmail: column<string>({
    header: "Manager Email",
    required: false,
    performOnly: true,
    description:
      "Optional, PERFORM only. An existing member or another row of the file; blank clears the manager.",
    parse: (text, context) => (context.isEmail(text) ? text : invalidEmail("Manager Email", text)),
  }),
  mentorEmails: column<string[]>({
    header: "Mentor Emails",
    required: false,
    performOnly: true,
    description: `Optional, PERFORM only. Addresses separated by semicolons, at most ${MAX_MENTORS}; replaces the member's mentors.`,
    parse: parseMentors,
  }),
} as const;

/** A key of {@link MEMBER_COLUMNS}. */
export type MemberField = keyof typeof MEMBER_COLUMNS;

/** The catalogue in the spec's header order. */
export const MEMBER_FIELDS = Object.keys(MEMBER_COLUMNS) as MemberField[];

/** Whether a column counts for this file: product scope, features and SSO setup. */
export function columnApplies(field: MemberField, context: MemberRuleContext): boolean {
  const definition: MemberColumn<unknown> = MEMBER_COLUMNS[field];
  if (definition.performOnly && context.product !== Product.PERFORM) return false;
  return definition.appliesWhen?.(context) ?? true;
}

/** A malformed mentor; when commas or spaces separate well-formed addresses, how to list them. */
function invalidMentor(text: string, context: MemberRuleContext): CellProblem {
  const pieces = text.split(/[,\s]+/).filter((piece) => piece !== "");
  if (pieces.length < 2 || !pieces.every((piece) => context.isEmail(piece)))
    return invalidEmail("Mentor Emails", text);
  return new CellProblem(MemberRowErrorType.INVALID_EMAIL, {
    key: "member.INVALID_EMAIL.mentorSeparators",
    params: { column: "Mentor Emails", value: text, suggestion: pieces.join("; ") },
  });
}

function parseMentors(text: string, context: MemberRuleContext): string[] | CellProblem {
  const mentors: string[] = [];
  // Made once a second mentor shows up: most cells name one.
  let seen: Set<string> | undefined;
  let first: string | undefined;
  for (const piece of text.split(";")) {
    const mentor = piece.trim();
    if (mentor === "") continue;
    if (!context.isEmail(mentor)) return invalidMentor(mentor, context);
    const key = emailKey(mentor);
    if (first === undefined) first = key;
    else {
      seen ??= new Set([first]);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    mentors.push(mentor);
  }
  if (mentors.length > MAX_MENTORS) {
    return new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
      key: "member.ROW_VALUE_CONFLICT.tooManyMentors",
      params: { column: "Mentor Emails", count: mentors.length, max: MAX_MENTORS },
    });
  }
  return mentors;
}
