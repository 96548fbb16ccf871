import { writeCsv } from "../csv/write";
import type { Office, OrganizationProfile } from "../domain/organization";
import { Product } from "../domain/products";
import { LAW_SCHOOLS } from "../lists/law-schools";
import { STATIC_PRACTICE_AREAS } from "../lists/practice-areas";
import { MEMBER_COLUMNS, MEMBER_FIELDS, type MemberField } from "./columns";
import { compileSsoIdPattern } from "./rule-context";

/** The spec's cap on `numRows` for the sample CSV. */
export const MAX_EXAMPLE_ROWS = 1000;

/** Names and titles the example rows cycle through (the benchmarks reuse them). */
export const FIRST_NAMES = [
  "Avery",
  "Jordan",
  "Riley",
  "Morgan",
  "Casey",
  "Taylor",
  "Quinn",
  "Harper",
  "Rowan",
  "Emerson",
];
export const LAST_NAMES = [
  "Chen",
  "Okafor",
  "Garcia",
  "Nguyen",
  "Patel",
  "Schmidt",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Silva",
];
export const JOB_TITLES = ["Associate", "Senior Associate", "Counsel", "Partner", "Paralegal"];
const WORK_ARRANGEMENTS = ["HYBRID", "IN_PERSON", "REMOTE"];

interface ExampleRow {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  ssoId: string;
  office: Office | undefined;
}

type ExampleCell = (row: ExampleRow, organization: OrganizationProfile) => string;

const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % list.length];

const EXAMPLES: Record<Exclude<MemberField, "newEmail">, ExampleCell> = {
  employeeId: (row) => `EX-${String(row.index + 1).padStart(5, "0")}`,
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  email: (row) => row.email,
  jobTitle: (row) => pick(JOB_TITLES, row.index) ?? "",
  level: (row, org) => pick(org.memberLevels, row.index) ?? "",
  officeCity: (row) => row.office?.city ?? "",
  officeState: (row) => row.office?.state ?? "",
  officeCountry: (row) => row.office?.country ?? "",
  department: (row, org) => pick(org.departments, row.index) ?? "",
  practiceArea: (row, org) =>
    pick(org.staticPracticeAreas ?? STATIC_PRACTICE_AREAS, row.index) ?? "",
  lawSchool: (row, org) => pick(org.lawSchools ?? LAW_SCHOOLS, row.index) ?? "",
  graduationYear: (row) => String(2010 + (row.index % 12)),
  effectiveClassYear: (row) => String(2010 + (row.index % 12)),
  startDate: (row) => `${2015 + (row.index % 10)}-09-01`,
  role: () => "MEMBER",
  ssoId: (row) => row.ssoId,
  useMfa: (row) => (row.ssoId === "" ? "true" : "false"),
  bioLink: (row) => `https://www.example.com/people/${row.email.split("@")[0]}`,
  workArrangement: (row) => pick(WORK_ARRANGEMENTS, row.index) ?? "",
  flsaStatus: () => "EXEMPT",
  managerEmail: (row) => (row.index > 0 ? exampleEmail(0) : ""),
  mentorEmails: (row) => (row.index > 1 ? exampleEmail(1) : ""),
};

/**
 * A sample member CSV fitted to the organization: its offices, lists and SSO setup, with the
 * PERFORM-only columns only for PERFORM. `numRows` is capped at {@link MAX_EXAMPLE_ROWS}.
 * Written with a UTF-8 BOM so spreadsheets read accented names correctly.
 */
export function generateExampleMemberCsv(
  organization: OrganizationProfile,
  product: Product,
  numRows: number,
): string {
  const count = Number.isFinite(numRows)
    ? Math.min(Math.max(Math.floor(numRows), 0), MAX_EXAMPLE_ROWS)
    : 0;
  const ssoIdApplies = organization.sso.enabled && !organization.sso.emailAsSsoId;
  const fields = MEMBER_FIELDS.filter(
    (field): field is Exclude<MemberField, "newEmail"> =>
      field !== "newEmail" &&
      (product === Product.PERFORM || !MEMBER_COLUMNS[field].performOnly) &&
      (field !== "ssoId" || ssoIdApplies),
  );
  const offices = organization.offices.filter(
    (office) => (office.state === null) !== (office.country === null),
  );
  const pattern = compileSsoIdPattern(organization.sso.ssoIdPattern);
  const rows = Array.from({ length: count }, (_, index) => {
    const row = exampleRow(index, offices, pattern);
    return fields.map((field) => EXAMPLES[field](row, organization));
  });
  return writeCsv([fields.map((field) => MEMBER_COLUMNS[field].header), ...rows], { bom: true });
}

function exampleEmail(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[
    (index + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length
  ] as string;
  return `${first}.${last}.${index + 1}@example.com`.toLowerCase();
}

function exampleRow(index: number, offices: readonly Office[], pattern: RegExp | null): ExampleRow {
  const email = exampleEmail(index);
  const [firstName, lastName] = email.split("@")[0]?.split(".") ?? [];
  const initials = `${firstName?.charAt(0) ?? ""}${lastName?.charAt(0) ?? ""}`.toUpperCase();
  const candidates = [
    `${initials}${String(index + 1).padStart(4, "0")}`,
    `${firstName}.${lastName}${index + 1}`,
    `EX${String(index + 1).padStart(6, "0")}`,
    email,
  ];
  return {
    index,
    firstName: capitalize(firstName ?? ""),
    lastName: capitalize(lastName ?? ""),
    email,
    // An SSO ID the organization's pattern accepts; none fits, the member uses MFA instead.
    ssoId: candidates.find((candidate) => pattern === null || pattern.test(candidate)) ?? "",
    office: pick(offices, index),
  };
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
