import { z } from "zod";
import { customFieldSchema, pipelineSchema } from "./feed";

const text = z.string();
const optionalText = text.nullable().default(null);

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
