import fc from "fast-check";
import { type OrganizationProfile, organizationProfileSchema } from "../../src/domain/organization";
import { organizationArbitrary } from "../../src/testing/member-arbitraries";

/** Starts a spreadsheet would evaluate, and apostrophes or spaces before them. */
const LEADS = [
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\n",
  "＝",
  "＋",
  "－",
  "＠",
  "'",
  "'=",
  "''-",
  "'\t",
  " '=",
];
/** Whole values that look like numbers, phone numbers or formulas. */
const WHOLE = [
  "-5",
  "+44",
  "-12.5",
  "-1+1",
  "+44 20 7946 0958",
  "@SUM(1,2)",
  '=HYPERLINK("https://evil.example","x")',
  "-cmd|' /C calc'!A0",
];

const spreadsheetValue = (word: string) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...LEADS), fc.string({ maxLength: 4 }))
      .map(([lead, tail]) => `${lead}${word}${tail}`),
    fc.constantFrom(...WHOLE).map((whole) => `${whole} ${word}`),
    fc.constantFrom(...WHOLE),
  );

const listOf = (values: readonly string[]) =>
  fc.tuple(...values.map(spreadsheetValue)).map((list) => list as string[]);

/**
 * The generated organizations with every office, department, level, practice area and law
 * school value starting like a formula (or a signed number), and the organization's own static
 * practice areas and law schools so the example rows use them too.
 */
export const formulaOrganization: fc.Arbitrary<OrganizationProfile> = organizationArbitrary.chain(
  (organization) =>
    fc
      .record({
        offices: fc.tuple(
          ...organization.offices.map((office) =>
            fc.record({
              city: spreadsheetValue(office.city),
              state: office.state === null ? fc.constant(null) : spreadsheetValue(office.state),
              country:
                office.country === null ? fc.constant(null) : spreadsheetValue(office.country),
            }),
          ),
        ),
        departments: listOf(organization.departments),
        memberLevels: listOf(organization.memberLevels),
        customPracticeAreas: listOf(organization.customPracticeAreas),
        staticPracticeAreas: listOf(["Tax", "Litigation"]),
        lawSchools: listOf(["Yale Law School", "Bucerius Law School"]),
      })
      .map((lists) => organizationProfileSchema.parse({ ...organization, ...lists })),
);
