import { z } from "zod";
import { jobApplicationListSchema } from "../feed/record";
import { officeListSchema, practiceAreaListSchema, stringListSchema } from "../lists/lists";
import { matterUpsertResultSchema, matterValidationResultSchema } from "../matters/result";
import { memberImportResultSchema, memberValidationResultSchema } from "../members/result";
import { PRODUCTS } from "../store/products";

const errorSchema = z.object({ error: z.string() });
const removedSchema = z.object({ removedCount: z.number().int() });
const bulkRemoveRequest = z.object({
  product: z.enum(PRODUCTS),
  emails: z.array(z.string()).nullable().optional(),
});

/**
 * One operation of the OpenAPI document: method, path, parameters, body and responses, with zod
 * schemas for JSON.
 */
export interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  query?: { name: string; required: boolean; description: string }[];
  body?: "multipart-file" | "form-login" | z.ZodType;
  responses: Record<string, { description: string; json?: z.ZodType; type?: string }>;
}

const unauthorized = {
  description: "Authentication failed or the session is missing.",
  json: errorSchema,
};
const forbidden = { description: "The session may not do this.", json: errorSchema };
const product = { name: "product", required: true, description: `One of ${PRODUCTS.join(", ")}.` };
const cycle = { name: "reviewCycleId", required: true, description: "The review cycle's UUID." };
const csvList = (summary: string, path: string): Operation => ({
  method: "get",
  path,
  summary,
  responses: {
    200: { description: "CSV (UTF-8 with a BOM).", type: "text/csv" },
    401: unauthorized,
    403: forbidden,
  },
});
const jsonList = (summary: string, path: string, json: z.ZodType): Operation => ({
  method: "get",
  path,
  summary,
  responses: { 200: { description: "The list.", json }, 401: unauthorized, 403: forbidden },
});

/** Every endpoint rpdi/http serves, in OpenAPI terms. */
export const OPERATIONS: readonly Operation[] = [
  {
    method: "post",
    path: "/api/v2/members/import-csv",
    summary: "Import members from CSV (validation and write in one transaction).",
    query: [product],
    body: "multipart-file",
    responses: {
      200: { description: "Imported.", json: memberImportResultSchema },
      400: {
        description: "The member validation result, or {error} for a bad product.",
        json: memberValidationResultSchema,
      },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "delete",
    path: "/api/v2/members/bulk-remove",
    summary: "Remove access to one product for many members.",
    body: bulkRemoveRequest,
    responses: {
      200: { description: "Removed.", json: removedSchema },
      400: { description: "A malformed body.", json: errorSchema },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "get",
    path: "/api/v2/members/example-csv/{product}/{numRows}",
    summary: "A sample member CSV fitted to the organization (at most 1000 rows).",
    responses: {
      200: { description: "CSV.", type: "text/csv" },
      400: { description: "A bad product or numRows.", json: errorSchema },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "get",
    path: "/api/v2/members/import-instructions.pdf",
    summary: "The member import guide as PDF.",
    query: [product],
    responses: {
      200: { description: "PDF.", type: "application/pdf" },
      400: { description: "A bad product.", json: errorSchema },
      401: unauthorized,
      403: forbidden,
    },
  },
  csvList("Recognized law schools.", "/api/v2/lawSchoolsList.csv"),
  jsonList(
    "The practice areas that pass validation, tagged by type.",
    "/api/v2/practiceAreas/current",
    practiceAreaListSchema,
  ),
  csvList("The practice areas that pass validation.", "/api/v2/practiceAreasList.csv"),
  jsonList(
    "The global static practice areas.",
    "/api/v2/practiceAreasStaticList",
    stringListSchema,
  ),
  jsonList(
    "The organization's custom practice areas.",
    "/api/v2/firmPracticeAreasList",
    stringListSchema,
  ),
  jsonList("The organization's departments.", "/api/v2/departments", stringListSchema),
  csvList("The organization's departments.", "/api/v2/departments.csv"),
  jsonList("The organization's offices.", "/api/v2/offices", officeListSchema),
  jsonList(
    "Suggested office cities (not what import validates against).",
    "/api/v2/officesStaticList",
    officeListSchema,
  ),
  {
    method: "get",
    path: "/api/v2/org-member-levels",
    summary: "The organization's member levels (only with the member-levels feature).",
    responses: {
      200: { description: "The levels.", json: stringListSchema },
      401: unauthorized,
      403: forbidden,
      404: { description: "The feature is off.", json: errorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v2/matters-csv/upsert",
    summary: "Upsert matter entries into a review cycle.",
    query: [cycle],
    body: "multipart-file",
    responses: {
      200: { description: "Counts.", json: matterUpsertResultSchema },
      400: { description: "A plain-text summary of the problems.", type: "text/plain" },
      401: unauthorized,
      403: forbidden,
      404: { description: "No such review cycle.", json: errorSchema },
      409: { description: "A concurrent write.", json: errorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v2/matters-csv/validate-upsert",
    summary: "Validate a matter file under the upsert rules; persists nothing.",
    body: "multipart-file",
    responses: {
      200: {
        description: "The validation result (also with errors).",
        json: matterValidationResultSchema,
      },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "post",
    path: "/api/v2/matters-csv/upload-csv",
    summary: "Deprecated: create matter entries.",
    query: [cycle],
    body: "multipart-file",
    responses: {
      200: { description: "Empty.", type: "text/plain" },
      400: { description: "Invalid; no row detail.", type: "text/plain" },
      401: unauthorized,
      403: forbidden,
      404: { description: "No such review cycle.", json: errorSchema },
      409: { description: "A duplicate upsert key or a concurrent write.", json: errorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v2/matters-csv/validate-csv",
    summary: "Deprecated: validate under the upload-csv rules.",
    body: "multipart-file",
    responses: {
      200: { description: "The validation result.", json: matterValidationResultSchema },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "post",
    path: "/api/v2/graphql",
    summary: "Per-member operations (schema: docs/graphql/schema.graphql).",
    body: z.object({ query: z.string(), variables: z.record(z.string(), z.unknown()).optional() }),
    responses: {
      200: { description: "{data, errors}.", type: "application/json" },
      400: { description: "A document that does not parse or validate.", type: "application/json" },
      401: unauthorized,
      403: forbidden,
    },
  },
  {
    method: "get",
    path: "/v1/job-applications",
    summary: "The job-application feed.",
    query: [
      "job_application_status",
      "job_application_status_bucket",
      "job_application_status_start",
      "job_application_status_end",
    ].map((name) => ({ name, required: false, description: "See the interface specification." })),
    responses: {
      200: { description: "The applications.", json: jobApplicationListSchema },
      400: { description: "A bad parameter.", json: errorSchema },
      401: { description: "Not an admin, or the HR feed feature is off.", json: errorSchema },
      429: { description: "Rate limited; see Retry-After.", json: errorSchema },
    },
  },
  {
    method: "post",
    path: "/app/{org_name}/admin/auth/",
    summary: "Log in; success sets the SERVICEAUTH cookie. Always 200.",
    body: "form-login",
    responses: { 200: { description: "Empty; check for the cookie.", type: "text/plain" } },
  },
  {
    method: "get",
    path: "/openapi.json",
    summary: "This document.",
    responses: { 200: { description: "OpenAPI 3.1.", type: "application/json" } },
  },
];

/** The OpenAPI 3.1 document of the HTTP interface, its bodies generated from rpdi's zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const parameters = [
      ...[...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
        name: match[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...(operation.query ?? []).map((parameter) => ({
        ...parameter,
        in: "query",
        schema: { type: "string" },
      })),
    ];
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          content: {
            [response.json === undefined ? (response.type ?? "text/plain") : "application/json"]:
              response.json === undefined
                ? {}
                : { schema: z.toJSONSchema(response.json, { io: "output" }) },
          },
        },
      ]),
    );
    const requestBody =
      operation.body === undefined
        ? undefined
        : operation.body === "multipart-file"
          ? {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: { file: { type: "string", format: "binary" } },
                    required: ["file"],
                  },
                },
              },
            }
          : operation.body === "form-login"
            ? {
                required: true,
                content: {
                  "application/x-www-form-urlencoded": {
                    schema: {
                      type: "object",
                      properties: {
                        email: { type: "string" },
                        password: { type: "string" },
                        mfaCode: { type: "string" },
                      },
                      required: ["email", "password"],
                    },
                  },
                },
              }
            : {
                required: false,
                content: {
                  "application/json": { schema: z.toJSONSchema(operation.body, { io: "input" }) },
                },
              };
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        summary: operation.summary,
        parameters,
        ...(requestBody === undefined ? {} : { requestBody }),
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Recruiting and Performance Data Interface (rpdi)", version: "2.0.0" },
    components: {
      securitySchemes: { SERVICEAUTH: { type: "apiKey", in: "cookie", name: "SERVICEAUTH" } },
    },
    security: [{ SERVICEAUTH: [] }],
    paths,
  };
}
