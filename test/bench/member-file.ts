import { MEMBER_HEADERS } from "../../src/domain/headers";
import { type Member, memberSchema } from "../../src/domain/member";
import { type OrganizationProfile, organizationProfileSchema } from "../../src/domain/organization";
import { LAW_SCHOOLS } from "../../src/lists/law-schools";
import { STATIC_PRACTICE_AREAS } from "../../src/lists/practice-areas";
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from "../../src/members/example-csv";
import { pickFrom, seededRandom } from "./random";

const FIRST = [...FIRST_NAMES, "Noor", "Mateo"];
const LAST = [...LAST_NAMES, "Dubois", "Ito"];
// One title holds a comma, so the file has quoted cells for a reason.
const TITLES = [...JOB_TITLES, "Of Counsel, Litigation"];
const STATES = ["NY", "CA", "IL", "TX", "MA", "WA", "GA", "FL", "CO", "DC"];
const COUNTRIES = [
  "United Kingdom",
  "Canada",
  "France",
  "Germany",
  "Japan",
  "Singapore",
  "Australia",
];
const LEVELS = [
  "Junior Associate",
  "Mid-Level Associate",
  "Senior Associate",
  "Counsel",
  "Partner",
];

export interface MemberBenchInput {
  csv: string;
  rows: number;
  organization: OrganizationProfile;
  members: Member[];
}

/**
 * The issue's realistic member file: 24 columns, about a tenth of the values quoted, rows until
 * `targetBytes`, PERFORM columns filled, managers and mentors naming stored members and other
 * rows, against 50 offices, 200 departments, the full lists and `storedCount` stored members.
 * Every rule is on: the organization has the bulk email-update feature (one update in fifty moves
 * its member with New Email) and SSO with its own identifiers and a pattern (every row has one).
 */
export function generateMemberBenchInput(
  targetBytes: number,
  storedCount = 20_000,
  seed = 42,
): MemberBenchInput {
  const random = seededRandom(seed);
  const offices = Array.from({ length: 50 }, (_, index) =>
    index < 35
      ? { city: `City ${index}`, state: STATES[index % STATES.length] as string, country: null }
      : {
          city: `City ${index}`,
          state: null,
          country: COUNTRIES[index % COUNTRIES.length] as string,
        },
  );
  const departments = Array.from({ length: 200 }, (_, index) => `Department ${index}`);
  const organization = organizationProfileSchema.parse({
    id: "bench",
    shortName: "bench",
    name: "Bench LLP",
    features: ["custom-practice-areas", "member-levels", "bulk-email-update"],
    sso: { enabled: true, emailAsSsoId: false, ssoIdPattern: "[A-Z]{2}[0-9]{6}" },
    offices,
    departments,
    customPracticeAreas: ["Fintech Regulation", "Art Law"],
    memberLevels: LEVELS,
  });
  const members = Array.from({ length: storedCount }, (_, index) =>
    memberSchema.parse({
      id: `s-${index}`,
      email: `stored.${index}@bench.example`,
      firstName: pickFrom(random, FIRST),
      lastName: pickFrom(random, LAST),
      products: [{ product: "PERFORM", role: index % 50 === 0 ? "ADMIN" : "MEMBER" }],
    }),
  );
  const quote = (value: string) =>
    /[",]/.test(value) || (value !== "" && random() < 0.1)
      ? `"${value.replaceAll('"', '""')}"`
      : value;
  const lines = [MEMBER_HEADERS.join(",")];
  let bytes = Buffer.byteLength(lines[0] ?? "") + 2;
  let row = 0;
  for (;;) {
    const first = pickFrom(random, FIRST);
    const last = pickFrom(random, LAST);
    // Every other row updates a stored member; the others create members.
    const email =
      row % 2 === 0 && row / 2 < storedCount
        ? `stored.${row / 2}@bench.example`
        : `new.${row}@bench.example`;
    const office = pickFrom(random, offices);
    const mentorCount = Math.floor(random() * 3);
    const mentors = Array.from(
      { length: mentorCount },
      () => `stored.${Math.floor(random() * storedCount)}@bench.example`,
    );
    const sometimes = (share: number, value: () => string) => (random() < share ? value() : "");
    const cells = [
      `E${100000 + row}`,
      first,
      last,
      email,
      email.startsWith("stored.") && random() < 0.02 ? `moved.${row}@bench.example` : "",
      pickFrom(random, TITLES),
      sometimes(0.6, () => pickFrom(random, LEVELS)),
      office.city,
      office.state ?? "",
      office.country ?? "",
      pickFrom(random, departments),
      sometimes(0.5, () => pickFrom(random, STATIC_PRACTICE_AREAS)),
      sometimes(0.35, () => pickFrom(random, LAW_SCHOOLS)),
      sometimes(0.35, () => String(1990 + Math.floor(random() * 35))),
      sometimes(0.2, () => String(1990 + Math.floor(random() * 35))),
      `${1 + Math.floor(random() * 12)}/${1 + Math.floor(random() * 28)}/${2000 + Math.floor(random() * 25)}`,
      random() < 0.05 ? "ADMIN" : "MEMBER",
      `SS${String(row % 1_000_000).padStart(6, "0")}`,
      sometimes(0.5, () => (random() < 0.5 ? "true" : "false")),
      sometimes(0.15, () => `https://bench.example/p/${row}`),
      sometimes(0.7, () => pickFrom(random, ["REMOTE", "HYBRID", "IN_PERSON"])),
      sometimes(0.6, () => pickFrom(random, ["Exempt", "NON_EXEMPT", "Not Applicable"])),
      managerOf(row, storedCount),
      sometimes(0.25, () => [...new Set(mentors)].filter((mentor) => mentor !== email).join(";")),
    ];
    const line = cells.map(quote).join(",");
    const lineBytes = Buffer.byteLength(line) + 2;
    if (bytes + lineBytes > targetBytes) break;
    lines.push(line);
    bytes += lineBytes;
    row++;
  }
  return { csv: `${lines.join("\r\n")}\r\n`, rows: row, organization, members };
}

/** A manager that is never the row itself: a stored member for updates, an earlier created row for creates. */
function managerOf(row: number, storedCount: number): string {
  if (row % 2 === 0) return `stored.${(row / 2 + 1) % storedCount}@bench.example`;
  return row >= 3 ? `new.${row - 2}@bench.example` : "stored.0@bench.example";
}

/** The clock every member benchmark validates at. */
export const MEMBER_BENCH_NOW = new Date("2026-06-15T00:00:00Z");

/** Validation of a benchmark file as the issue states it: PERFORM, every rule, its organization. */
export function memberBenchContext(input: MemberBenchInput) {
  return {
    product: "PERFORM" as const,
    organization: input.organization,
    members: input.members,
    now: MEMBER_BENCH_NOW,
  };
}
