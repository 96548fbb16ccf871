import { z } from "zod";
import { isIsoDate } from "../values/dates";
import { FLSA_STATUSES, WORK_ARRANGEMENTS } from "./enums";
import { officeSchema } from "./organization";
import { PRODUCTS, ROLES } from "./products";

const text = z.string();
const optionalText = text.nullable().default(null);
const isoDate = z.string().refine(isIsoDate, { message: "expected a yyyy-MM-dd calendar date" });

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
 * A member as `absentMembers` needs it: the address, the names and the product access. A whole
 * {@link Member} is one; a store may answer just these (`StoreTx.listProductMemberNames`).
 */
export type ProductMemberName = Pick<Member, "email" | "firstName" | "lastName" | "products">;

/** What the access policy reads of a member: who it is and its product roles. */
export type MemberRoles = Pick<Member, "id" | "products">;
