import { LAW_SCHOOLS } from "../../src/lists/law-schools";
import { STATIC_PRACTICE_AREAS } from "../../src/lists/practice-areas";
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES } from "../../src/members/example-csv";
import { pickFrom, seededRandom } from "../bench/random";

const HEADER = [
  "Employee ID",
  "First Name",
  "Last Name",
  "Email",
  "Job Title",
  "Level",
  "Office City",
  "Office State (US Only)",
  "Office Country (Non-US Only)",
  "Department",
  "Practice Area",
  "Law School",
  "Graduation Year",
  "Start Date",
  "Role",
  "Bio Link",
  "Work Arrangement",
] as const;

/** The bundled sandbox's offices, departments and levels (fixtures/sandbox.json). */
const OFFICES = [
  ["New York", "NY", ""],
  ["Chicago", "IL", ""],
  ["San Francisco", "CA", ""],
  ["London", "", "United Kingdom"],
  ["Toronto", "", "Canada"],
] as const;
const DEPARTMENTS = ["Litigation", "Corporate", "Finance", "Tax", "Real Estate", "Human Resources"];
const LEVELS = [
  "Junior Associate",
  "Mid-Level Associate",
  "Senior Associate",
  "Counsel",
  "Partner",
];

/** A member file for the bundled sandbox and the email every row creates. */
export interface SandboxMemberFile {
  csv: string;
  rows: number;
  /** Every row's email starts with this (`<prefix>.<row>@hartwell.example`): a count finds them. */
  emailPrefix: string;
}

/**
 * A valid PERFORM member file of at most `targetBytes` for the bundled sandbox: every row creates a
 * member whose email starts with `emailPrefix`, so an import of it is seen whole or not at all by
 * counting those emails.
 */
export function sandboxMemberFile(
  targetBytes: number,
  emailPrefix: string,
  seed = 7,
): SandboxMemberFile {
  const random = seededRandom(seed);
  const header = HEADER.join(",");
  const lines = [header];
  let bytes = header.length + 2;
  let row = 0;
  for (;;) {
    const [city, state, country] = pickFrom(random, OFFICES);
    const cells = [
      `F-${row}`,
      pickFrom(random, FIRST_NAMES),
      pickFrom(random, LAST_NAMES),
      `${emailPrefix}.${row}@hartwell.example`,
      pickFrom(random, JOB_TITLES),
      pickFrom(random, LEVELS),
      city,
      state,
      country,
      pickFrom(random, DEPARTMENTS),
      pickFrom(random, STATIC_PRACTICE_AREAS),
      pickFrom(random, LAW_SCHOOLS),
      String(1990 + Math.floor(random() * 35)),
      `${1 + Math.floor(random() * 12)}/${1 + Math.floor(random() * 28)}/${2000 + Math.floor(random() * 25)}`,
      "MEMBER",
      `https://profiles.hartwell.example/people/${emailPrefix}-${row}`,
      pickFrom(random, ["REMOTE", "HYBRID", "IN_PERSON"]),
    ];
    const line = cells
      .map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
      .join(",");
    const lineBytes = Buffer.byteLength(line) + 2;
    if (bytes + lineBytes > targetBytes) break;
    lines.push(line);
    bytes += lineBytes;
    row++;
  }
  return { csv: `${lines.join("\r\n")}\r\n`, rows: row, emailPrefix };
}
