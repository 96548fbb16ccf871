import { z } from "zod";
import type { LiveDataErrorCode } from "../../domain/live-data-outcome";
import { officeSchema, organizationProfileSchema } from "../../domain/organization";

/** The refusals of the live-data services, as the operator API answers them. */
export const LIVE_DATA_ERROR_CODES = [
  "INVALID_INPUT",
  "TOO_MANY_RECORDS",
  "ORGANIZATION_EXISTS",
  "SHORT_NAME_TAKEN",
  "REVIEW_CYCLE_EXISTS",
  "CANDIDATE_NOT_FOUND",
  "APPLICATION_NOT_FOUND",
  "WEBHOOK_NOT_FOUND",
  "NOT_SUPPORTED",
] as const satisfies readonly LiveDataErrorCode[];

// Every code of the services has its place above: a code added there fails to compile here.
const everyCode: [Exclude<LiveDataErrorCode, (typeof LIVE_DATA_ERROR_CODES)[number]>] extends [
  never,
]
  ? true
  : never = true;
void everyCode;

/**
 * Every code an operator error carries: the services' refusals, and the binding's own (the token,
 * an unknown organization, a write that met a concurrent one, the body's size and media type).
 */
export const OPERATOR_ERROR_CODES = [
  ...LIVE_DATA_ERROR_CODES,
  "UNAUTHORIZED",
  "ORGANIZATION_NOT_FOUND",
  "CONFLICT",
  "BODY_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
] as const;
/** Why an operator call was refused. */
export type OperatorErrorCode = (typeof OPERATOR_ERROR_CODES)[number];

/** One bad field of the input: the record's place in the batch (`null` for the body's one record). */
export const operatorProblemSchema = z.object({
  index: z.number().int().nullable().meta({
    description:
      "The record's place in the batch, from 0 (for NDJSON, the line number minus one); null for a single record.",
  }),
  field: z.string().meta({
    description: "A dotted path in the record (`statusChanges.2.at`); empty for the record itself.",
  }),
  message: z.string(),
});

/** The body of every refusal of the operator API (`{ error: { code, message, problems } }`). */
export const operatorErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(OPERATOR_ERROR_CODES),
    message: z.string(),
    problems: z.array(operatorProblemSchema),
  }),
});
/** A refusal of the operator API. */
export type OperatorErrorBody = z.infer<typeof operatorErrorBodySchema>;

/** `POST /operator/v1/organizations`, 201: the organization as created, defaults filled in. */
export const createdOrganizationBodySchema = z.object({ organization: organizationProfileSchema });
/** The body of a created organization. */
export type CreatedOrganizationBody = z.infer<typeof createdOrganizationBodySchema>;

/** `PATCH /operator/v1/organizations/{orgId}`: the profile now, what changed, whether sessions ended. */
export const profileUpdateBodySchema = z.object({
  organization: organizationProfileSchema,
  changed: z.array(z.string()).meta({
    description: "The profile fields whose value changed, in the profile's order.",
  }),
  sessionsEnded: z.boolean().meta({
    description: "Every member's sessions ended: the MFA requirement or SSO changed.",
  }),
});
/** The body of a profile update. */
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** `POST …/offices`: offices added and retired, and the list now. */
export const officesUpdateBodySchema = z.object({
  added: z.number().int(),
  retired: z.number().int(),
  offices: z.array(officeSchema),
});
/** The body of an offices update. */
export type OfficesUpdateBody = z.infer<typeof officesUpdateBodySchema>;

/** `POST …/jobs` and `POST …/pipelines`: records created, changed, and found as they were. */
export const upsertCountsBodySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
/** The body of a batch upsert. */
export type UpsertCountsBody = z.infer<typeof upsertCountsBodySchema>;

/** `POST …/review-cycles`, 201: the cycle opened. */
export const createdReviewCycleBodySchema = z.object({
  reviewCycle: z.object({ id: z.string(), name: z.string() }),
});
/** The body of a created review cycle. */
export type CreatedReviewCycleBody = z.infer<typeof createdReviewCycleBodySchema>;

/** `POST …/job-applications`: what recording the batch did. */
export const recordedApplicationsBodySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  statusChangesAdded: z.number().int(),
});
/** The body of recorded job applications. */
export type RecordedApplicationsBody = z.infer<typeof recordedApplicationsBodySchema>;

/** The `DELETE` routes: what the erasure deleted. */
export const erasureBodySchema = z.object({
  erased: z.object({ candidates: z.number().int(), applications: z.number().int() }),
});
/** The body of an erasure. */
export type ErasureBody = z.infer<typeof erasureBodySchema>;
