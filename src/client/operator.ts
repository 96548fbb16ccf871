import type { z } from "zod";
import type { ApplicationRecord } from "../applications/input";
import type { Product } from "../domain/products";
import {
  type CreatedOrganizationBody,
  type CreatedReviewCycleBody,
  createdOrganizationBodySchema,
  createdReviewCycleBodySchema,
  type ErasureBody,
  erasureBodySchema,
  type OfficesUpdateBody,
  officesUpdateBodySchema,
  operatorErrorBodySchema,
  type ProfileUpdateBody,
  profileUpdateBodySchema,
  type RecordedApplicationsBody,
  recordedApplicationsBodySchema,
  type UpsertCountsBody,
  upsertCountsBodySchema,
} from "../http/operator/bodies";
import {
  type EndpointListBody,
  type EndpointWithSecretBody,
  endpointListBodySchema,
  endpointWithSecretBodySchema,
  type ReplayBody,
  replayBodySchema,
  webhookDeletedBodySchema,
} from "../http/operator/webhook-bodies";
import {
  type MemberImportResult,
  memberImportResultSchema,
  memberValidationResultSchema,
} from "../members/result";
import type {
  JobInput,
  OfficeChange,
  OrganizationInput,
  PipelineInput,
  ProfileChanges,
  ReviewCycleInput,
} from "../organizations/inputs";
import { parsed } from "./addresses";
import { type UploadFile, uploadBlob } from "./file-body";
import type { CallOptions, UploadOptions } from "./members";
import { responseCheck } from "./response-check";
import { DEFAULT_RETRY, type Runtime, sleep } from "./runtime";
import { Secrets } from "./secrets";
import { type BadRequestBody, failureOf, type Outgoing, sendOnce } from "./send";

/** Options of {@link createOperatorClient}. */
export interface OperatorClientOptions {
  /** The service's root: the operator routes are `{baseUrl}/operator/v1/…`. */
  baseUrl: string;
  /** The operator token (`rpdi serve --operator-token-file`); sent as `Authorization: Bearer`. */
  token: string;
  /** The `fetch` to send with. Default: the global. */
  fetch?: typeof fetch;
  /** Check every answer against the exported zod schemas (default `true`). */
  validateResponses?: boolean;
  /** Send the token over plain http to a host other than this machine. Default false. */
  allowInsecureHttp?: boolean;
}

/** Options of {@link OperatorClient.recordJobApplications}. */
export interface RecordApplicationsOptions extends CallOptions {
  /**
   * How the batch is sent: `ndjson` (one application a line, built line by line) or `json`
   * (`{ applications }`). By default NDJSON from {@link NDJSON_FROM_APPLICATIONS} applications on.
   */
  format?: "json" | "ndjson";
}

/** From this many applications {@link OperatorClient.recordJobApplications} sends NDJSON. */
export const NDJSON_FROM_APPLICATIONS = 500;

/**
 * The operator API from the caller's side: one method per route of `/operator/v1`. A refusal
 * throws the client's typed errors, their `body` the operator error (`{ error: { code, message,
 * problems } }`): `RpdiValidationError` (400 INVALID_INPUT or TOO_MANY_RECORDS, 413, 415),
 * `RpdiAuthenticationError` (401: the token), `RpdiNotFoundError` (404), `RpdiConflictError`
 * (409), `RpdiServerError` (5xx; 501 NOT_SUPPORTED). Nothing is retried: run a refused call again
 * yourself (every write of the operator API may be sent again safely, except that a second create
 * answers 409).
 */
export interface OperatorClient {
  /** `POST /operator/v1/organizations` (201). */
  createOrganization(
    organization: OrganizationInput,
    options?: CallOptions,
  ): Promise<CreatedOrganizationBody>;
  /** `PATCH /operator/v1/organizations/{orgId}`: the fields given, the others as they are. */
  updateOrganization(
    orgId: string,
    changes: ProfileChanges,
    options?: CallOptions,
  ): Promise<ProfileUpdateBody>;
  /** `POST …/offices`: offices added, and retired with `retired: true`. */
  upsertOffices(
    orgId: string,
    offices: readonly OfficeChange[],
    options?: CallOptions,
  ): Promise<OfficesUpdateBody>;
  /** `POST …/jobs`: jobs created or replaced by id, at most 10,000 a call. */
  upsertJobs(
    orgId: string,
    jobs: readonly JobInput[],
    options?: CallOptions,
  ): Promise<UpsertCountsBody>;
  /** `POST …/pipelines`: pipeline templates created or replaced by id. */
  upsertPipelines(
    orgId: string,
    pipelines: readonly PipelineInput[],
    options?: CallOptions,
  ): Promise<UpsertCountsBody>;
  /** `POST …/review-cycles` (201). */
  createReviewCycle(
    orgId: string,
    reviewCycle: ReviewCycleInput,
    options?: CallOptions,
  ): Promise<CreatedReviewCycleBody>;
  /**
   * `POST …/job-applications`: at most 10,000 applications, all or nothing. A large batch goes as
   * NDJSON (see {@link RecordApplicationsOptions.format}); a problem's `index` is the
   * application's place in `applications` either way.
   */
  recordJobApplications(
    orgId: string,
    applications: readonly ApplicationRecord[],
    options?: RecordApplicationsOptions,
  ): Promise<RecordedApplicationsBody>;
  /**
   * `POST …/members/import-csv?product=`: the spec's member import on the organization's behalf
   * (a new organization's first members, an HRIS feeding the directory). A file with any error
   * throws `RpdiValidationError` whose `body` is the spec's validation result (nothing written).
   */
  importMembers(
    orgId: string,
    product: Product,
    file: UploadFile,
    options?: UploadOptions,
  ): Promise<MemberImportResult>;
  /** `DELETE …/candidates/{candidateId}`: the candidate and every application of theirs. */
  eraseCandidate(orgId: string, candidateId: string, options?: CallOptions): Promise<ErasureBody>;
  /** `DELETE …/job-applications/{applicationId}`: one application (and a then lone candidate). */
  eraseJobApplication(
    orgId: string,
    applicationId: string,
    options?: CallOptions,
  ): Promise<ErasureBody>;
  /** `POST …/webhooks` (201): a receiver registered; its `secret` is shown this once. */
  registerWebhook(
    orgId: string,
    url: string,
    options?: CallOptions,
  ): Promise<EndpointWithSecretBody>;
  /** `GET …/webhooks`: the receivers, without their secrets. */
  listWebhooks(orgId: string, options?: CallOptions): Promise<EndpointListBody>;
  /** `POST …/webhooks/{endpointId}/rotate-secret`: a new secret; the previous one signs on for `overlapHours`. */
  rotateWebhookSecret(
    orgId: string,
    endpointId: string,
    options?: CallOptions & { overlapHours?: number },
  ): Promise<EndpointWithSecretBody>;
  /** `POST …/webhooks/{endpointId}/replay`: enabled again, every change from `fromPosition` queued. */
  replayWebhooks(
    orgId: string,
    endpointId: string,
    fromPosition: number,
    options?: CallOptions,
  ): Promise<ReplayBody>;
  /** `DELETE …/webhooks/{endpointId}`. */
  deleteWebhook(
    orgId: string,
    endpointId: string,
    options?: CallOptions,
  ): Promise<{ deleted: true }>;
}

/**
 * A client of the operator API (`createHttpHandler`'s `operatorToken`). It sends the token on
 * every call and never follows a redirect; no error it throws shows the token.
 */
export function createOperatorClient(options: OperatorClientOptions): OperatorClient {
  if (typeof options.token !== "string" || options.token.trim() === "")
    throw new TypeError("token is required");
  const root = parsed("baseUrl", options.baseUrl, options.allowInsecureHttp === true);
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== "function")
    throw new TypeError("no fetch: pass options.fetch on a runtime without a global fetch");
  const runtime: Runtime = {
    fetch: (input, init) => fetchFunction(input, init),
    cookies: "manual",
    validateResponses: options.validateResponses ?? true,
    retry: DEFAULT_RETRY,
    now: Date.now,
    sleep,
    random: Math.random,
    secrets: new Secrets([options.token]),
  };
  const authorization = `Bearer ${options.token}`;
  const call = async <S extends z.ZodType>(
    method: Outgoing["method"],
    path: string,
    schema: S,
    signal: AbortSignal | undefined,
    body?: { type: string | null; content: BodyInit },
    query = "",
    badRequest: BadRequestBody = operatorErrorBodySchema,
  ): Promise<z.output<S>> => {
    const url = new URL(
      `${root.href.replace(/\/+$/, "")}/operator/v1/organizations${path}${query}`,
    );
    const request = `${method} ${url.pathname}`;
    const response = await sendOnce(runtime, request, url, {
      method,
      headers: {
        authorization,
        accept: "application/json",
        ...(body === undefined || body.type === null ? {} : { "content-type": body.type }),
      },
      ...(body === undefined ? {} : { body: body.content }),
      signal,
    });
    if (!response.ok) throw await failureOf(response, request, badRequest, runtime);
    return responseCheck(runtime, request).json(response, schema);
  };
  const json = (value: unknown) => ({ type: "application/json", content: JSON.stringify(value) });
  const at = (orgId: string, rest = "") => `/${encodeURIComponent(orgId)}${rest}`;
  return {
    createOrganization: (organization, each = {}) =>
      call("POST", "", createdOrganizationBodySchema, each.signal, json({ organization })),
    updateOrganization: (orgId, changes, each = {}) =>
      call("PATCH", at(orgId), profileUpdateBodySchema, each.signal, json({ changes })),
    upsertOffices: (orgId, offices, each = {}) =>
      call("POST", at(orgId, "/offices"), officesUpdateBodySchema, each.signal, json({ offices })),
    upsertJobs: (orgId, jobs, each = {}) =>
      call("POST", at(orgId, "/jobs"), upsertCountsBodySchema, each.signal, json({ jobs })),
    upsertPipelines: (orgId, pipelines, each = {}) =>
      call(
        "POST",
        at(orgId, "/pipelines"),
        upsertCountsBodySchema,
        each.signal,
        json({ pipelines }),
      ),
    createReviewCycle: (orgId, reviewCycle, each = {}) =>
      call(
        "POST",
        at(orgId, "/review-cycles"),
        createdReviewCycleBodySchema,
        each.signal,
        json({ reviewCycle }),
      ),
    recordJobApplications: (orgId, applications, each = {}) => {
      const format =
        each.format ?? (applications.length >= NDJSON_FROM_APPLICATIONS ? "ndjson" : "json");
      return call(
        "POST",
        at(orgId, "/job-applications"),
        recordedApplicationsBodySchema,
        each.signal,
        format === "ndjson" ? ndjsonBody(applications) : json({ applications }),
      );
    },
    importMembers: async (orgId, product, file, each = {}) => {
      const path = at(orgId, "/members/import-csv");
      const blob = await uploadBlob(file, `POST /operator/v1/organizations${path}`);
      const form = new FormData();
      form.set("file", blob, each.fileName ?? "members.csv");
      return call(
        "POST",
        path,
        memberImportResultSchema,
        each.signal,
        { type: null, content: form },
        `?product=${encodeURIComponent(product)}`,
        memberValidationResultSchema,
      );
    },
    eraseCandidate: (orgId, candidateId, each = {}) =>
      call(
        "DELETE",
        at(orgId, `/candidates/${encodeURIComponent(candidateId)}`),
        erasureBodySchema,
        each.signal,
      ),
    eraseJobApplication: (orgId, applicationId, each = {}) =>
      call(
        "DELETE",
        at(orgId, `/job-applications/${encodeURIComponent(applicationId)}`),
        erasureBodySchema,
        each.signal,
      ),
    registerWebhook: (orgId, url, each = {}) =>
      call(
        "POST",
        at(orgId, "/webhooks"),
        endpointWithSecretBodySchema,
        each.signal,
        json({ url }),
      ),
    listWebhooks: (orgId, each = {}) =>
      call("GET", at(orgId, "/webhooks"), endpointListBodySchema, each.signal),
    rotateWebhookSecret: (orgId, endpointId, each = {}) =>
      call(
        "POST",
        at(orgId, `/webhooks/${encodeURIComponent(endpointId)}/rotate-secret`),
        endpointWithSecretBodySchema,
        each.signal,
        json(each.overlapHours === undefined ? {} : { overlapHours: each.overlapHours }),
      ),
    replayWebhooks: (orgId, endpointId, fromPosition, each = {}) =>
      call(
        "POST",
        at(orgId, `/webhooks/${encodeURIComponent(endpointId)}/replay`),
        replayBodySchema,
        each.signal,
        json({ fromPosition }),
      ),
    deleteWebhook: (orgId, endpointId, each = {}) =>
      call(
        "DELETE",
        at(orgId, `/webhooks/${encodeURIComponent(endpointId)}`),
        webhookDeletedBodySchema,
        each.signal,
      ),
  };
}

/**
 * The applications as NDJSON, one a line, in a Blob of lines: no one string of the whole batch is
 * built. The service's problem indexes are then lines, which are the applications' places.
 */
function ndjsonBody(applications: readonly unknown[]): { type: string; content: BodyInit } {
  const lines: string[] = [];
  for (const application of applications) lines.push(`${JSON.stringify(application)}\n`);
  return { type: "application/x-ndjson", content: new Blob(lines) };
}
