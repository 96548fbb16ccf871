import { createRoute, z } from "@hono/zod-openapi";
import { applicationRecordSchema } from "../../applications/input";
import { memberImportResultSchema, memberValidationResultSchema } from "../../members/result";
import {
  jobInputSchema,
  officeChangeSchema,
  organizationInputSchema,
  pipelineInputSchema,
  profileChangesSchema,
  reviewCycleInputSchema,
} from "../../organizations/inputs";
import {
  documentedOnly,
  IMPORTS_BUSY,
  jsonResponse,
  MULTIPART_FILE_BODY,
  productSchema,
  SERVER_ERROR,
  UNAVAILABLE,
} from "../route-parts";
import {
  createdOrganizationBodySchema,
  createdReviewCycleBodySchema,
  erasureBodySchema,
  officesUpdateBodySchema,
  operatorErrorBodySchema,
  profileUpdateBodySchema,
  recordedApplicationsBodySchema,
  upsertCountsBodySchema,
} from "./bodies";

/** The security scheme of the operator routes, in the document's components. */
export const OPERATOR_SECURITY_SCHEME = "OperatorToken";

/** A refusal's documented answer. */
export const refusal = (description: string) => jsonResponse(description, operatorErrorBodySchema);

/** The answers every operator route may give besides its own. */
export const COMMON = {
  401: {
    ...refusal("No operator token, or not this service's (UNAUTHORIZED); nothing was read."),
    headers: {
      "WWW-Authenticate": {
        description: 'Bearer realm="rpdi operator"',
        schema: { type: "string" as const },
      },
    },
  },
  500: SERVER_ERROR,
  503: UNAVAILABLE,
  501: refusal("The store keeps no live data (NOT_SUPPORTED)."),
};

/** The answers of a route with a JSON body: the input's problems, its size, its media type. */
export const WITH_BODY = {
  400: refusal(
    "The input broke a rule (INVALID_INPUT, each problem named) or held too many records (TOO_MANY_RECORDS); nothing was written. A body that is not JSON is INVALID_INPUT too.",
  ),
  413: refusal(
    "The body is over the operator routes' limit (BODY_TOO_LARGE); nothing was read past it.",
  ),
  415: refusal("The body is not application/json (UNSUPPORTED_MEDIA_TYPE)."),
};

export const unknownOrganization = refusal(
  "No organization with this id (ORGANIZATION_NOT_FOUND).",
);
export const concurrentWrite = refusal(
  "A concurrent write to the same organization could not be serialized (CONFLICT); nothing was written. Retry.",
);

export const jsonBody = (schema: z.ZodType, description: string) => ({
  required: true,
  description,
  content: { "application/json": { schema: documentedOnly(schema) } },
});

export const orgId = z.string().meta({ description: "The organization's id." });
export const orgParams = z.object({ orgId });

export const operator = {
  tags: ["Operator"],
  security: [{ [OPERATOR_SECURITY_SCHEME]: [] }],
};

/** `POST /operator/v1/organizations`: `createOrganization`. */
export const createOrganizationRoute = createRoute({
  ...operator,
  method: "post",
  path: "/operator/v1/organizations",
  summary: "Create an organization (profile only: no members, jobs or applications).",
  request: {
    body: jsonBody(
      z.object({ organization: organizationInputSchema }),
      "The organization's profile; fields left out take their defaults.",
    ),
  },
  responses: {
    201: jsonResponse("Created; the profile with its defaults.", createdOrganizationBodySchema),
    ...WITH_BODY,
    409: refusal(
      "An organization has this id or short name (ORGANIZATION_EXISTS), or a concurrent write (CONFLICT).",
    ),
    ...COMMON,
  },
});

/** `PATCH /operator/v1/organizations/{orgId}`: `updateOrganizationProfile`. */
export const updateOrganizationRoute = createRoute({
  ...operator,
  method: "patch",
  path: "/operator/v1/organizations/{orgId}",
  summary:
    "Change the organization's profile in place: the fields given, the others as they are. A change to the MFA requirement or SSO ends every member's sessions.",
  request: {
    params: orgParams,
    body: jsonBody(z.object({ changes: profileChangesSchema }), "The fields to change."),
  },
  responses: {
    200: jsonResponse("The profile now and what changed.", profileUpdateBodySchema),
    ...WITH_BODY,
    404: unknownOrganization,
    409: refusal(
      "Another organization has the short name (SHORT_NAME_TAKEN), or a concurrent write (CONFLICT).",
    ),
    ...COMMON,
  },
});

/** A batch route of an organization: `POST /operator/v1/organizations/{orgId}/<path>`. */
function batchRoute(
  path: string,
  summary: string,
  field: string,
  record: z.ZodType,
  answer: z.ZodType,
) {
  return createRoute({
    ...operator,
    method: "post",
    path: `/operator/v1/organizations/{orgId}/${path}`,
    summary,
    request: {
      params: orgParams,
      body: jsonBody(
        z.object({ [field]: z.array(record).max(10_000) }),
        "At most 10,000 records; any bad record refuses the batch, every problem named.",
      ),
    },
    responses: {
      200: jsonResponse("What the batch did.", answer),
      ...WITH_BODY,
      404: unknownOrganization,
      409: concurrentWrite,
      ...COMMON,
    },
  });
}

/** `POST …/offices`: `upsertOffices`. */
export const upsertOfficesRoute = batchRoute(
  "offices",
  "Add offices to the organization's list, and retire others (retired: true), by (city, state, country).",
  "offices",
  officeChangeSchema,
  officesUpdateBodySchema,
);

/** `POST …/jobs`: `upsertJobs`. */
export const upsertJobsRoute = batchRoute(
  "jobs",
  "Create or replace jobs by id, each whole; the feed follows at once.",
  "jobs",
  jobInputSchema,
  upsertCountsBodySchema,
);

/** `POST …/pipelines`: `upsertPipelines`. */
export const upsertPipelinesRoute = batchRoute(
  "pipelines",
  "Create or replace pipeline templates by id, each whole; retire one with active: false.",
  "pipelines",
  pipelineInputSchema,
  upsertCountsBodySchema,
);

/** `POST …/review-cycles`: `createReviewCycle`. */
export const createReviewCycleRoute = createRoute({
  ...operator,
  method: "post",
  path: "/operator/v1/organizations/{orgId}/review-cycles",
  summary: "Open an empty performance review cycle, for matter upserts to load into.",
  request: {
    params: orgParams,
    body: jsonBody(z.object({ reviewCycle: reviewCycleInputSchema }), "The cycle's id and name."),
  },
  responses: {
    201: jsonResponse("Created.", createdReviewCycleBodySchema),
    ...WITH_BODY,
    404: unknownOrganization,
    409: refusal(
      "The organization has a review cycle with this id (REVIEW_CYCLE_EXISTS), or a concurrent write (CONFLICT).",
    ),
    ...COMMON,
  },
});

/** `POST …/job-applications`: `recordJobApplications`, JSON or NDJSON. */
export const recordJobApplicationsRoute = createRoute({
  ...operator,
  method: "post",
  path: "/operator/v1/organizations/{orgId}/job-applications",
  summary:
    "Record job applications as the ATS produces them, in one all-or-nothing transaction: created or updated, status changes appended once (known by id). Sending a batch again changes nothing.",
  description:
    "As JSON `{ applications: [...] }`, or as NDJSON (`Content-Type: application/x-ndjson`), one application per line; a problem's `index` is then the line number minus one, and a line that is not JSON is a problem of its own. At most 10,000 applications per call. Status times are judged against the server's clock (5 minutes of drift allowed).",
  request: {
    params: orgParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: documentedOnly(
            z.object({ applications: z.array(applicationRecordSchema).max(10_000) }),
          ),
        },
        "application/x-ndjson": { schema: documentedOnly(applicationRecordSchema) },
      },
    },
  },
  responses: {
    200: jsonResponse("What recording the batch did.", recordedApplicationsBodySchema),
    ...WITH_BODY,
    404: unknownOrganization,
    409: concurrentWrite,
    415: refusal(
      "The body is neither application/json nor application/x-ndjson (UNSUPPORTED_MEDIA_TYPE).",
    ),
    ...COMMON,
  },
});

/** `POST …/members/import-csv?product=`: the spec's member import, by the operator. */
export const importMembersRoute = createRoute({
  ...operator,
  method: "post",
  path: "/operator/v1/organizations/{orgId}/members/import-csv",
  summary:
    "Import members from CSV on the organization's behalf: the spec's import (the same rules, answers and welcome emails with invitations), for a new organization's first members and for an HRIS that feeds the directory.",
  description:
    "The body and answers are those of `POST /api/v2/members/import-csv`, without a member's session: no caller limits the New Email moves.",
  request: {
    params: orgParams,
    query: z.object({ product: productSchema }),
    body: MULTIPART_FILE_BODY,
  },
  responses: {
    200: jsonResponse("Imported.", memberImportResultSchema),
    400: jsonResponse("The member validation result.", memberValidationResultSchema),
    404: unknownOrganization,
    409: concurrentWrite,
    ...COMMON,
    503: IMPORTS_BUSY,
  },
});

/** `DELETE …/candidates/{candidateId}`: `eraseCandidate`. */
export const eraseCandidateRoute = createRoute({
  ...operator,
  method: "delete",
  path: "/operator/v1/organizations/{orgId}/candidates/{candidateId}",
  summary:
    "Erase a candidate (an erasure request): their details and every application of theirs leave the store and the feed.",
  request: { params: z.object({ orgId, candidateId: z.string() }) },
  responses: {
    200: jsonResponse("What was erased.", erasureBodySchema),
    404: refusal(
      "No such organization (ORGANIZATION_NOT_FOUND) or candidate (CANDIDATE_NOT_FOUND).",
    ),
    409: concurrentWrite,
    ...COMMON,
  },
});

/** `DELETE …/job-applications/{applicationId}`: `eraseJobApplication`. */
export const eraseJobApplicationRoute = createRoute({
  ...operator,
  method: "delete",
  path: "/operator/v1/organizations/{orgId}/job-applications/{applicationId}",
  summary: "Erase one job application, and its candidate too when they have no other application.",
  request: { params: z.object({ orgId, applicationId: z.string() }) },
  responses: {
    200: jsonResponse("What was erased.", erasureBodySchema),
    404: refusal(
      "No such organization (ORGANIZATION_NOT_FOUND) or application (APPLICATION_NOT_FOUND).",
    ),
    409: concurrentWrite,
    ...COMMON,
  },
});
