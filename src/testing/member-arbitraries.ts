import fc from "fast-check";
import { writeCsv } from "../csv/write";
import { Feature } from "../domain/features";
import { type Member, memberSchema } from "../domain/member";
import { type OrganizationProfile, organizationProfileSchema } from "../domain/organization";
import { PRODUCTS, type Product } from "../domain/products";
import { MEMBER_COLUMNS, MEMBER_FIELDS, type MemberField } from "../members/columns";

const word = fc.constantFrom(
  "Alder",
  "Birch",
  "Cedar",
  "Dogwood",
  "Elm",
  "Fir",
  "Ginkgo",
  "Hazel",
  "Ironwood",
  "Juniper",
  "Kapok",
  "Linden",
  "Maple",
  "Nutmeg",
  "Oak",
  "Pine",
  "Quince",
  "Rowan",
  "Spruce",
  "Teak",
);
const SSO_PATTERNS = [null, "[A-Z]{2}[0-9]{4}", "[a-z]+\\.[a-z]+[0-9]*", "EX[0-9]{6}"] as const;

/** An organization profile with a few offices, departments, levels, features and an SSO setup. */
export const organizationArbitrary: fc.Arbitrary<OrganizationProfile> = fc
  .record({
    offices: fc.uniqueArray(
      fc.record({
        city: word,
        us: fc.boolean(),
        region: fc.constantFrom("NY", "CA", "IL", "TX", "Canada", "France", "Japan"),
      }),
      { minLength: 0, maxLength: 4, selector: (office) => office.city },
    ),
    departments: fc.uniqueArray(word, { maxLength: 4 }),
    memberLevels: fc.uniqueArray(word, { maxLength: 3 }),
    customPracticeAreas: fc.uniqueArray(
      word.map((name) => `${name} Practice`),
      { maxLength: 2 },
    ),
    features: fc.subarray([
      Feature.CUSTOM_PRACTICE_AREAS,
      Feature.BULK_EMAIL_UPDATE,
      Feature.MEMBER_LEVELS,
    ]),
    sso: fc.record({
      enabled: fc.boolean(),
      emailAsSsoId: fc.boolean(),
      ssoIdPattern: fc.constantFrom(...SSO_PATTERNS),
    }),
  })
  .map((shape) =>
    organizationProfileSchema.parse({
      id: "org-generated",
      shortName: "generated",
      name: "Generated LLP",
      ...shape,
      offices: shape.offices.map(({ city, us, region }) => ({
        city,
        state: us ? region : null,
        country: us ? null : region,
      })),
    }),
  );

/** Any product. */
export const productArbitrary = fc.constantFrom(...PRODUCTS);

/** Stored members with addresses `stored{n}@firm.example`, some with products. */
export function storedMembers(count: number): Member[] {
  return Array.from({ length: count }, (_, index) =>
    memberSchema.parse({
      id: `stored-${index}`,
      email: `stored${index}@firm.example`,
      firstName: "Stored",
      lastName: `Member${index}`,
      ssoId: "AB1234",
      products: [
        { product: PRODUCTS[index % PRODUCTS.length], role: index % 4 === 0 ? "ADMIN" : "MEMBER" },
      ],
    }),
  );
}

/** A generated member CSV with the snapshot it is valid against. */
export interface GeneratedMemberFile {
  organization: OrganizationProfile;
  product: Product;
  members: Member[];
  fields: MemberField[];
  /** Cells by field, one record per row, before shuffling the columns. */
  rows: Record<string, string>[];
  /** Column order in the file. */
  order: MemberField[];
}

/** What a generated valid member file may contain. */
export interface ValidFileOptions {
  /** Managers and mentors may name other rows of the file (otherwise stored members only). */
  referenceRows?: boolean;
  /** Leave out Manager Email and Mentor Emails. */
  withoutReferences?: boolean;
}

const OPTIONAL_FIELDS = MEMBER_FIELDS.filter(
  (field) =>
    !MEMBER_COLUMNS[field].required &&
    field !== "newEmail" &&
    field !== "ssoId" &&
    field !== "useMfa",
);

/**
 * A member file that every rule accepts for its organization and product. When the organization
 * needs SSO IDs, the SSO ID and Use MFA columns are both present so no row leans on stored values.
 */
export function validMemberFileArbitrary(
  options: ValidFileOptions = {},
): fc.Arbitrary<GeneratedMemberFile> {
  return fc
    .record({
      organization: organizationArbitrary,
      product: productArbitrary,
      storedCount: fc.integer({ min: 0, max: 6 }),
      optional: fc.subarray(
        OPTIONAL_FIELDS.filter(
          (field) =>
            !options.withoutReferences || (field !== "managerEmail" && field !== "mentorEmails"),
        ),
      ),
      rowCount: fc.integer({ min: 1, max: 12 }),
      seed: fc.integer(),
    })
    .chain(({ organization, product, storedCount, optional, rowCount, seed }) => {
      const members = storedMembers(storedCount);
      const ssoIdApplies = organization.sso.enabled && !organization.sso.emailAsSsoId;
      const officeUnit: MemberField[] = ["officeCity", "officeState", "officeCountry"];
      const withOffice = optional.some((field) => officeUnit.includes(field))
        ? [...optional.filter((field) => !officeUnit.includes(field)), ...officeUnit]
        : optional;
      const fields: MemberField[] = [
        "firstName",
        "lastName",
        "email",
        ...withOffice,
        ...(ssoIdApplies ? (["ssoId", "useMfa"] as const) : []),
      ];
      return fc
        .record({
          rows: fc.array(rowArbitrary(organization, members, rowCount, options), {
            minLength: rowCount,
            maxLength: rowCount,
          }),
          order: fc.shuffledSubarray(fields, {
            minLength: fields.length,
            maxLength: fields.length,
          }),
        })
        .map(({ rows, order }) => ({
          organization,
          product,
          members,
          fields,
          rows: rows.map((cells, index) => ({ ...cells, email: rowEmail(index, seed, members) })),
          order,
        }));
    });
}

/** Row `index`'s address: some rows update stored members, the rest create new ones. */
function rowEmail(index: number, seed: number, members: readonly Member[]): string {
  const stored = members[index];
  if (stored !== undefined && (seed + index) % 2 === 0) return stored.email.toUpperCase();
  return `row${index}.${Math.abs(seed) % 1000}@new.example`;
}

function rowArbitrary(
  organization: OrganizationProfile,
  members: readonly Member[],
  rowCount: number,
  options: ValidFileOptions,
): fc.Arbitrary<Record<string, string>> {
  const choose = (list: readonly string[]) =>
    list.length === 0 ? fc.constant("") : fc.oneof(fc.constant(""), fc.constantFrom(...list));
  const ssoPattern = organization.sso.ssoIdPattern;
  const ssoId =
    ssoPattern === "[A-Z]{2}[0-9]{4}"
      ? "QX1234"
      : ssoPattern === "EX[0-9]{6}"
        ? "EX000123"
        : "jo.doe7";
  const references = options.referenceRows
    ? [
        ...members.map((member) => member.email),
        ...Array.from({ length: rowCount }, (_, i) => `row${i}`),
      ]
    : members.map((member) => member.email);
  return fc
    .record({
      firstName: fc.stringMatching(/^[A-Z][a-z]{0,8}( [A-Z][a-z' -]{0,8})?$/),
      lastName: fc.stringMatching(/^[A-Z][a-z'-]{0,10}$/),
      employeeId: fc.oneof(fc.constant(""), fc.uuid()),
      jobTitle: fc.oneof(fc.constant(""), fc.string({ maxLength: 20 })),
      level: choose(organization.memberLevels),
      office: fc.option(
        fc.constantFrom(...(organization.offices.length > 0 ? organization.offices : [null])),
      ),
      department: choose(organization.departments),
      practiceArea: choose(["Tax", "Real Estate", "Litigation"]),
      lawSchool: choose([
        "Yale Law School",
        "McGill University Faculty of Law",
        "Bucerius Law School",
      ]),
      graduationYear: fc.oneof(fc.constant(""), fc.integer({ min: 1950, max: 2030 }).map(String)),
      effectiveClassYear: fc.oneof(
        fc.constant(""),
        fc.integer({ min: 1950, max: 2030 }).map(String),
      ),
      startDate: fc.oneof(
        fc.constant(""),
        fc.constantFrom("2020-01-31", "2020/02/29", "3/4/2021", "12/31/1999"),
      ),
      role: fc.constantFrom("", "ADMIN", "MEMBER"),
      useMfa: fc.constantFrom("", "true", "no", "Y", "0"),
      bioLink: fc.oneof(fc.constant(""), fc.webUrl({ validSchemes: ["https"] })),
      workArrangement: fc.constantFrom("", "REMOTE", "HYBRID", "IN_PERSON"),
      flsaStatus: fc.constantFrom("", "Exempt", "NON_EXEMPT", "Not Applicable"),
      manager:
        references.length === 0
          ? fc.constant("")
          : fc.oneof(fc.constant(""), fc.constantFrom(...references)),
      mentors: fc.uniqueArray(
        references.length === 0 ? fc.constant("") : fc.constantFrom(...references),
        { maxLength: 3 },
      ),
    })
    .map(({ office, manager, mentors, useMfa, ...cells }) => ({
      ...cells,
      officeCity: office?.city ?? "",
      officeState: office?.state ?? "",
      officeCountry: office?.country ?? "",
      managerEmail: manager,
      mentorEmails: mentors.filter((mentor) => mentor !== "").join(";"),
      ssoId,
      useMfa,
    }));
}

/**
 * The file as CSV text. Row references written as `row{n}` become that row's address, and a
 * reference to the row itself is dropped, so references stay valid whatever the rows became.
 */
export function memberFileCsv(file: GeneratedMemberFile): string {
  const emails = file.rows.map((row) => row.email as string);
  const resolve = (reference: string) =>
    /^row\d+$/.test(reference) ? (emails[Number(reference.slice(3))] ?? "") : reference;
  const records = file.rows.map((row, index) => {
    const own = (emails[index] ?? "").toLowerCase();
    const manager = resolve(row.managerEmail ?? "");
    const mentors = (row.mentorEmails ?? "")
      .split(";")
      .map(resolve)
      .filter((mentor) => mentor !== "" && mentor.toLowerCase() !== own);
    const cells: Record<string, string> = {
      ...row,
      managerEmail: manager.toLowerCase() === own ? "" : manager,
      mentorEmails: [
        ...new Map(mentors.map((mentor) => [mentor.toLowerCase(), mentor])).values(),
      ].join(";"),
    };
    return file.order.map((field) => cells[field] ?? "");
  });
  return writeCsv([file.order.map((field) => MEMBER_COLUMNS[field].header), ...records], {
    escapeFormulas: false,
  });
}

/** A value that breaks `field`'s rule on this row and nothing else, or undefined when there is none. */
export function corruptMemberCell(
  file: GeneratedMemberFile,
  row: number,
  field: MemberField,
): string | undefined {
  const perform = file.product === "PERFORM";
  const cells = file.rows[row] as Record<string, string>;
  switch (field) {
    case "firstName":
    case "lastName":
      return `${cells[field]}<`;
    case "email":
      return "not-an-email";
    case "department":
    case "practiceArea":
    case "lawSchool":
      return "Nothing Like It";
    case "level":
      return perform ? "Nothing Like It" : undefined;
    case "graduationYear":
    case "effectiveClassYear":
      return perform ? "12" : undefined;
    case "startDate":
      return "31/31/2020";
    case "role":
      return "OWNER";
    case "useMfa":
      return "maybe";
    case "bioLink":
      return "not a link";
    case "workArrangement":
      return "SOMETIMES";
    case "flsaStatus":
      return perform ? "exempt-ish" : undefined;
    case "managerEmail":
    case "mentorEmails":
      return perform ? "bad@" : undefined;
    case "officeCity":
      return cells.officeCity === "" ? undefined : "Atlantis";
    case "ssoId":
      return file.organization.sso.ssoIdPattern === null ? undefined : "!!";
    default:
      return undefined;
  }
}

/**
 * A member file with exactly one cell that breaks its column's rule, with the row and column of
 * that cell: what a store must refuse whole.
 */
export function invalidMemberFileArbitrary(): fc.Arbitrary<{
  file: GeneratedMemberFile;
  rowNumber: number;
  field: MemberField;
}> {
  return validMemberFileArbitrary()
    .chain((file) =>
      fc.record({
        file: fc.constant(file),
        row: fc.integer({ min: 0, max: file.rows.length - 1 }),
        field: fc.constantFrom(...file.fields),
      }),
    )
    .filter(({ file, row, field }) => corruptMemberCell(file, row, field) !== undefined)
    .map(({ file, row, field }) => ({
      file: {
        ...file,
        rows: file.rows.map((cells, index) =>
          index === row
            ? { ...cells, [field]: corruptMemberCell(file, row, field) as string }
            : cells,
        ),
      },
      rowNumber: row + 1,
      field,
    }));
}
