import { z } from "zod";
import { Feature } from "../domain/features";
import { CUSTOM_FIELD_TYPES, jobSchema } from "../domain/feed";
import { isWebUrl } from "../values/url";
import { canonicalId, UUID_PATTERN } from "../values/uuid";

const name = z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters");
const id = z
  .string()
  .min(1, "must not be empty")
  .max(200, "at most 200 characters")
  .refine((text) => !text.includes("\u0000"), "must not contain NUL");

/** A short name: the `{org_name}` of the login address and the job board's path. */
export const shortNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/,
    "1 to 63 letters, digits, '-' or '_', starting with a letter or digit",
  );

const features = z
  .array(z.enum(Object.values(Feature) as [Feature, ...Feature[]]))
  .max(Object.values(Feature).length)
  .refine((list) => new Set(list).size === list.length, "lists a feature twice");

const ssoSettings = z
  .object({
    enabled: z.boolean().default(false),
    emailAsSsoId: z.boolean().default(false),
    ssoIdPattern: z
      .string()
      .max(500)
      .nullable()
      .default(null)
      .refine((pattern) => pattern === null || compiles(pattern), "is not a regular expression"),
  })
  .strict();

const siteUrl = z.string().refine(isWebUrl, "must be an http or https address");

/** An office: a city with a US state, or a city with a country. */
export const officeInputSchema = z
  .object({
    city: name,
    state: z.string().trim().min(1).max(100).nullable().default(null),
    country: z.string().trim().min(1).max(100).nullable().default(null),
  })
  .strict()
  .refine((office) => (office.state === null) !== (office.country === null), {
    message: "an office has a US state or a country, exactly one of them",
  });

/** A pipeline template: distinct step names, each in a bucket. */
export const pipelineInputSchema = z
  .object({
    id,
    name,
    active: z.boolean().default(true),
    steps: z
      .array(z.object({ name, bucket: name }).strict())
      .min(1, "a pipeline has at least one step")
      .max(100)
      .refine(
        (steps) => new Set(steps.map((step) => step.name)).size === steps.length,
        "names a step twice",
      ),
  })
  .strict();
/** A pipeline as {@link upsertPipelines} takes it. */
export type PipelineInput = z.input<typeof pipelineInputSchema>;

const customField = z
  .object({
    id,
    title: name,
    type: z.enum(CUSTOM_FIELD_TYPES),
    showOnJobApplication: z.boolean().default(true),
  })
  .strict();

/** What {@link createOrganization} takes: an organization's profile, checked. */
export const organizationInputSchema = z
  .object({
    id,
    shortName: shortNameSchema,
    name,
    features: features.default([]),
    sso: ssoSettings.default({ enabled: false, emailAsSsoId: false, ssoIdPattern: null }),
    offices: z.array(officeInputSchema).max(10_000).default([]),
    departments: z.array(name).max(10_000).default([]),
    customPracticeAreas: z.array(name).max(10_000).default([]),
    memberLevels: z.array(name).max(10_000).default([]),
    lawSchools: z.array(name).max(100_000).nullable().default(null),
    staticPracticeAreas: z.array(name).max(10_000).nullable().default(null),
    mfaRequired: z.boolean().default(false),
    siteUrl: siteUrl.default("https://recruit.example"),
    pipelines: z.array(pipelineInputSchema).max(1_000).default([]),
    applicationCustomFields: z.array(customField).max(1_000).default([]),
  })
  .strict()
  .superRefine((organization, context) => {
    distinct(organization.pipelines, (pipeline) => pipeline.id, "pipelines", context);
    distinct(
      organization.applicationCustomFields,
      (field) => field.id,
      "applicationCustomFields",
      context,
    );
    distinct(organization.offices, officeKey, "offices", context);
  });
/** An organization as {@link createOrganization} takes it, before defaults. */
export type OrganizationInput = z.input<typeof organizationInputSchema>;

/** What {@link updateOrganizationProfile} may change; what it omits stays. */
export const profileChangesSchema = z
  .object({
    name,
    shortName: shortNameSchema,
    features,
    mfaRequired: z.boolean(),
    sso: ssoSettings,
    siteUrl,
    departments: z.array(name).max(10_000),
    customPracticeAreas: z.array(name).max(10_000),
    memberLevels: z.array(name).max(10_000),
    applicationCustomFields: z.array(customField).max(1_000),
  })
  .partial()
  .strict()
  .superRefine((changes, context) => {
    if (changes.applicationCustomFields !== undefined)
      distinct(
        changes.applicationCustomFields,
        (field) => field.id,
        "applicationCustomFields",
        context,
      );
  });
/** The profile changes {@link updateOrganizationProfile} takes. */
export type ProfileChanges = z.input<typeof profileChangesSchema>;

/** One office to keep (added when new) or, with `retired`, to take off the list. */
export const officeChangeSchema = z
  .object({
    city: name,
    state: z.string().trim().min(1).max(100).nullable().default(null),
    country: z.string().trim().min(1).max(100).nullable().default(null),
    retired: z.boolean().default(false),
  })
  .strict()
  .refine((office) => (office.state === null) !== (office.country === null), {
    message: "an office has a US state or a country, exactly one of them",
  });
/** An office change as {@link upsertOffices} takes it. */
export type OfficeChange = z.input<typeof officeChangeSchema>;

/** A job as {@link upsertJobs} takes it: the feed's fields and the careers board's. */
export const jobInputSchema = jobSchema
  .extend({ id, title: name })
  .strict()
  .refine(
    (job) => job.openDate === null || job.closeDate === null || job.openDate <= job.closeDate,
    { message: "closes before it opens", path: ["closeDate"] },
  );
/** A job as {@link upsertJobs} takes it, before defaults. */
export type JobInput = z.input<typeof jobInputSchema>;

/** A review cycle as {@link createReviewCycle} takes it: the spec's review cycle ids are UUIDs. */
export const reviewCycleInputSchema = z
  .object({
    id: z.string().regex(UUID_PATTERN, "expected a UUID").transform(canonicalId),
    name,
  })
  .strict();
/** A new review cycle: its id and name. */
export type ReviewCycleInput = z.input<typeof reviewCycleInputSchema>;

/** An office's identity: its triple. */
export function officeKey(office: {
  city: string;
  state: string | null;
  country: string | null;
}): string {
  return JSON.stringify([office.city, office.state, office.country]);
}

function distinct<T>(
  records: readonly T[],
  key: (record: T) => string,
  field: string,
  context: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    const value = key(record);
    if (seen.has(value))
      context.addIssue({ code: "custom", path: [field, index], message: "appears twice" });
    seen.add(value);
  }
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
