import { z } from "zod";
import {
  applicationSchema,
  candidateSchema,
  customFieldSchema,
  jobSchema,
  pipelineSchema,
} from "../feed/model";
import { noColumnMappings, savedColumnMappingsSchema } from "../mapping/saved";
import { reviewCycleSchema } from "../matters/entries";
import { FLSA_STATUSES, WORK_ARRANGEMENTS } from "../members/enums";
import { welcomeEmailSchema } from "../members/welcome-email";
import { isIsoDate } from "../values/dates";
import { PRODUCTS, ROLES } from "./products";

const text = z.string();
const optionalText = text.nullable().default(null);
const isoDate = z.string().refine(isIsoDate, { message: "expected a yyyy-MM-dd calendar date" });

/** An office as the spec's triple: a US office has a state, any other office a country. */
export const officeSchema = z.object({
  city: text,
  state: optionalText,
  country: optionalText,
});
/** An office of the organization: city with a US state or a country. */
export type Office = z.infer<typeof officeSchema>;

/**
 * How the organization signs its members in with SSO (spec: SSO ID). With `enabled` and not
 * `emailAsSsoId`, every member who does not use MFA needs an SSO ID, and a given SSO ID must
 * match `ssoIdPattern` (a regular expression, anchored by rpdi) when one is set.
 */
export const ssoSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  emailAsSsoId: z.boolean().default(false),
  ssoIdPattern: optionalText,
});
/** The organization's SSO setup: enabled, email as SSO ID, and the SSO ID pattern. */
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** Everything about an organization that member rules read (offices, lists, features, SSO). */
export const organizationProfileSchema = z.object({
  id: text,
  shortName: text,
  name: text,
  features: z.array(text).default([]),
  sso: ssoSettingsSchema.default({ enabled: false, emailAsSsoId: false, ssoIdPattern: null }),
  offices: z.array(officeSchema).default([]),
  departments: z.array(text).default([]),
  customPracticeAreas: z.array(text).default([]),
  memberLevels: z.array(text).default([]),
  /** Replaces rpdi's bundled law-school list for this organization when set. */
  lawSchools: z.array(text).nullable().default(null),
  /** Replaces rpdi's bundled static practice-area list for this organization when set. */
  staticPracticeAreas: z.array(text).nullable().default(null),
  /** Every member must give a TOTP code at login (spec: "MFA organizations"). */
  mfaRequired: z.boolean().default(false),
  /** Root of the recruiting application, for the feed's `candidateUrl`. */
  siteUrl: z.string().default("https://recruit.example"),
  /** Pipeline templates: their steps are the feed's statuses, grouped in buckets. */
  pipelines: z.array(pipelineSchema).default([]),
  /** Custom questions on job applications. */
  applicationCustomFields: z.array(customFieldSchema).default([]),
});
/** An organization's settings and lists: offices, departments, levels, features, SSO, pipelines. */
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;
/** An organization profile as a snapshot may spell it, before defaults are applied. */
export type OrganizationProfileInput = z.input<typeof organizationProfileSchema>;

/** Schema of {@link ProductRole}. */
export const productRoleSchema = z.object({
  product: z.enum(PRODUCTS),
  role: z.enum(ROLES),
});
/** A member's access to one product, with its role. */
export type ProductRole = z.infer<typeof productRoleSchema>;

/** Schema of {@link Education}. */
export const educationSchema = z.object({
  lawSchool: optionalText,
  graduationYear: z.number().int().nullable().default(null),
});
/** A member's education entry, as stored. */
export type Education = z.infer<typeof educationSchema>;

/**
 * How a member signs in to the interface: an scrypt password hash (see auth/password.ts) and,
 * for MFA, the base32 TOTP secret. Never logged, never in an error, never in a response.
 * `sessionEpoch` counts the times the member's sessions were ended (logout): a session token
 * made before the last one no longer authenticates (auth/session-stamp.ts).
 */
export const credentialsSchema = z.object({
  passwordHash: z.string().nullable().default(null),
  mfaSecret: z.string().nullable().default(null),
  sessionEpoch: z.number().int().nonnegative().default(0),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** A member of the organization as stored. Links to managers and mentors are member ids. */
export const memberSchema = z.object({
  id: text,
  email: text,
  firstName: text,
  lastName: text,
  employeeId: optionalText,
  jobTitle: optionalText,
  level: optionalText,
  office: officeSchema.nullable().default(null),
  department: optionalText,
  practiceArea: optionalText,
  startDate: isoDate.nullable().default(null),
  effectiveClassYear: z.number().int().nullable().default(null),
  ssoId: optionalText,
  useMfa: z.boolean().default(false),
  bioLink: optionalText,
  workArrangement: z.enum(WORK_ARRANGEMENTS).nullable().default(null),
  flsaStatus: z.enum(FLSA_STATUSES).nullable().default(null),
  managerId: optionalText,
  mentorIds: z.array(text).default([]),
  education: z.array(educationSchema).default([]),
  products: z.array(productRoleSchema).default([]),
  credentials: credentialsSchema.default({ passwordHash: null, mfaSecret: null, sessionEpoch: 0 }),
});
/** A stored member of an organization, with product roles and links to managers and mentors. */
export type Member = z.infer<typeof memberSchema>;
/** A member as a snapshot may spell it, before defaults are applied. */
export type MemberInput = z.input<typeof memberSchema>;

/**
 * One organization, completely: the format that seeds the memory store, feeds
 * `rpdi validate --org`, and that `exportSnapshot()` returns. Later versions of rpdi extend it
 * (review cycles, matters, the feed's data); every addition has a default, so older files load.
 */
export const organizationSnapshotSchema = z
  .object({
    version: z.literal(1).default(1),
    organization: organizationProfileSchema,
    members: z.array(memberSchema).default([]),
    /** Addresses of users who belong to other organizations (an import cannot create them). */
    externalUserEmails: z.array(text).default([]),
    /** Performance review cycles with their client matters and matter entries. */
    reviewCycles: z.array(reviewCycleSchema).default([]),
    /** The welcome-email outbox: planned by imports, not yet drained by the host. */
    welcomeEmails: z.array(welcomeEmailSchema).default([]),
    /** The recruiting data the job-application feed serves. */
    jobs: z.array(jobSchema).default([]),
    candidates: z.array(candidateSchema).default([]),
    applications: z.array(applicationSchema).default([]),
    /** Saved header mappings for member and matter files (issue 33); none by default. */
    columnMappings: savedColumnMappingsSchema.default(noColumnMappings),
  })
  .superRefine(checkMemberLinks);
/** One organization's whole state: the format of fixtures, `--seed` and `--persist`. */
export type OrganizationSnapshot = z.infer<typeof organizationSnapshotSchema>;
/** A snapshot as a file may spell it, before defaults are applied. */
export type OrganizationSnapshotInput = z.input<typeof organizationSnapshotSchema>;

/**
 * Managers and mentors are members of the same snapshot: the stores keep these links by the rules,
 * not by foreign keys (docs/decisions.md), so a snapshot cannot bring a dangling one in.
 */
function checkMemberLinks(
  snapshot: { members: readonly Pick<Member, "id" | "managerId" | "mentorIds">[] },
  context: z.RefinementCtx,
): void {
  const ids = new Set(snapshot.members.map((member) => member.id));
  for (const [index, member] of snapshot.members.entries()) {
    if (member.managerId !== null && !ids.has(member.managerId))
      context.addIssue({
        code: "custom",
        path: ["members", index, "managerId"],
        message: `manager "${member.managerId}" is not a member of this snapshot`,
      });
    for (const [position, mentorId] of member.mentorIds.entries())
      if (!ids.has(mentorId))
        context.addIssue({
          code: "custom",
          path: ["members", index, "mentorIds", position],
          message: `mentor "${mentorId}" is not a member of this snapshot`,
        });
  }
}

/** Addresses of the members with access to PERFORM: the only valid matter attorneys. */
export function performMemberEmails(snapshot: Pick<OrganizationSnapshot, "members">): string[] {
  return snapshot.members
    .filter((member) => member.products.some((access) => access.product === "PERFORM"))
    .map((member) => member.email);
}

/** Reads an organization snapshot, filling defaults; throws a ZodError naming each problem. */
export function parseOrganizationSnapshot(input: unknown): OrganizationSnapshot {
  return organizationSnapshotSchema.parse(input);
}
