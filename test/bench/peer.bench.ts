import { parse } from "csv-parse/sync";
import { DateTime } from "luxon";
import isEmail from "validator/lib/isEmail.js";
import isURL from "validator/lib/isURL.js";
import { z } from "zod";
import { LAW_SCHOOLS } from "../../src/lists/law-schools";
import { STATIC_PRACTICE_AREAS } from "../../src/lists/practice-areas";
import type { MemberBenchInput } from "./member-file";

/**
 * What a user writes instead of rpdi: csv-parse with named columns and one zod object schema per
 * row (validator for addresses and links, luxon for dates, Sets for lists), plus a Set for
 * duplicate addresses. It checks fewer rules than rpdi: no office units, no update rules, no
 * references to stored members, no per-cell error report.
 */
export function peerMemberValidator(input: MemberBenchInput): (bytes: Uint8Array) => number {
  const lower = (values: readonly string[]) => new Set(values.map((value) => value.toLowerCase()));
  const inList = (set: Set<string>) => (value: string) => set.has(value.toLowerCase());
  const optional = (check: (value: string) => boolean) =>
    z
      .string()
      .optional()
      .refine((value) => value === undefined || value === "" || check(value));
  const name = z
    .string()
    .min(1)
    .regex(/^[^\\\r\n<>|"`]*$/);
  const email = (value: string) => isEmail(value);
  const year = (value: string) => /^\d{4}$/.test(value);
  const date = (value: string) =>
    ["yyyy-MM-dd", "yyyy/MM/dd", "M/d/yyyy"].some(
      (format) => DateTime.fromFormat(value, format).isValid,
    );
  const { organization } = input;
  const offices = lower(organization.offices.map((office) => office.city));
  const schema = z.object({
    "Employee ID": z.string().optional(),
    "First Name": name,
    "Last Name": name,
    Email: z.string().refine(email),
    "New Email": optional(email),
    "Job Title": z.string().optional(),
    Level: optional(inList(lower(organization.memberLevels))),
    "Office City": optional(inList(offices)),
    "Office State (US Only)": z.string().optional(),
    "Office Country (Non-US Only)": z.string().optional(),
    Department: optional(inList(lower(organization.departments))),
    "Practice Area": optional(
      inList(lower([...STATIC_PRACTICE_AREAS, ...organization.customPracticeAreas])),
    ),
    "Law School": optional(inList(lower(LAW_SCHOOLS))),
    "Graduation Year": optional(year),
    "Effective Class Year": optional(year),
    "Start Date": optional(date),
    Role: optional((value) => value === "ADMIN" || value === "MEMBER"),
    "SSO ID": z.string().optional(),
    "Use MFA": optional(
      inList(lower(["true", "t", "1", "yes", "y", "false", "f", "0", "no", "n"])),
    ),
    "Bio Link": optional((value) => isURL(value, { protocols: ["http", "https"] })),
    "Work Arrangement": optional((value) => ["REMOTE", "HYBRID", "IN_PERSON"].includes(value)),
    "FLSA Status": optional((value) =>
      ["Exempt", "Non-Exempt", "Not Applicable", "EXEMPT", "NON_EXEMPT", "NOT_APPLICABLE"].includes(
        value,
      ),
    ),
    "Manager Email": optional(email),
    "Mentor Emails": optional((value) => value.split(";").every((part) => isEmail(part.trim()))),
  });
  return (bytes) => {
    const records = parse(bytes, { columns: true, trim: true, skip_empty_lines: true }) as Record<
      string,
      string
    >[];
    const seen = new Set<string>();
    let invalid = 0;
    for (const record of records) {
      if (!schema.safeParse(record).success) invalid++;
      const key = (record.Email ?? "").toLowerCase();
      if (seen.has(key)) invalid++;
      seen.add(key);
    }
    return invalid;
  };
}
