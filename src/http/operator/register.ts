import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { eraseCandidate, eraseJobApplication } from "../../applications/erase";
import type { ApplicationRecord } from "../../applications/input";
import { recordJobApplications } from "../../applications/record";
import type { InputProblem } from "../../domain/live-data-outcome";
import { importMembers } from "../../members/import";
import { memberReadFailure } from "../../members/sheet";
import { createOrganization } from "../../organizations/create";
import type {
  JobInput,
  OfficeChange,
  OrganizationInput,
  PipelineInput,
  ProfileChanges,
  ReviewCycleInput,
} from "../../organizations/inputs";
import { upsertJobs } from "../../organizations/jobs";
import { upsertOffices } from "../../organizations/offices";
import { upsertPipelines } from "../../organizations/pipelines";
import { createReviewCycle } from "../../organizations/review-cycle";
import { updateOrganizationProfile } from "../../organizations/update-profile";
import type { Store } from "../../store/port";
import { runSingleRead } from "../../store/run";
import { bodyLimit } from "../body-limit";
import type { HttpEnv, HttpSettings } from "../env";
import { importWork } from "../import-work";
import { readUploadedFile, UPLOAD_BODY_LIMIT } from "../multipart";
import { json } from "../responses";
import { answer, bodyField, forOrganization } from "./answers";
import { OPERATOR_TOKEN_MIN_LENGTH, requireOperatorToken } from "./auth";
import { operatorError } from "./errors";
import {
  type BodyRead,
  isJsonMediaType,
  mediaTypeOf,
  OPERATOR_BODY_LIMIT,
  readNdjsonBody,
} from "./read-body";
import { registerWebhookRoutes } from "./register-webhooks";
import {
  createOrganizationRoute,
  createReviewCycleRoute,
  eraseCandidateRoute,
  eraseJobApplicationRoute,
  importMembersRoute,
  OPERATOR_SECURITY_SCHEME,
  recordJobApplicationsRoute,
  updateOrganizationRoute,
  upsertJobsRoute,
  upsertOfficesRoute,
  upsertPipelinesRoute,
} from "./routes";

/** The applications of a JSON or NDJSON body, with the line of each for NDJSON. */
async function applicationsOf(
  c: Context<HttpEnv>,
): Promise<BodyRead<{ records: unknown[]; lineIndexes: number[] | null }>> {
  const mediaType = mediaTypeOf(c.req.raw);
  if (mediaType === "application/x-ndjson") {
    const read = await readNdjsonBody(c.req.raw);
    return read.ok ? { ok: true, value: read.value } : read;
  }
  if (!isJsonMediaType(mediaType))
    return {
      ok: false,
      response: operatorError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the applications as application/json ({ applications: [...] }) or application/x-ndjson (one a line).",
      ),
    };
  const field = await bodyField(c, "applications", true);
  return field.ok
    ? { ok: true, value: { records: field.value as unknown[], lineIndexes: null } }
    : field;
}

/** Problems of an NDJSON batch, their `index` turned from the record's place to its line's. */
function onLines(
  problems: readonly InputProblem[],
  lineIndexes: readonly number[],
): InputProblem[] {
  return problems.map((problem) =>
    problem.index === null ? problem : { ...problem, index: lineIndexes[problem.index] ?? null },
  );
}

/**
 * The operator API under `/operator/v1`: organizations created and changed in place, job
 * applications recorded, candidates erased, for the people who run the deployment (not the
 * firm's members). Every route needs the operator token first: without it nothing is read.
 */
export function registerOperatorRoutes(
  app: OpenAPIHono<HttpEnv>,
  settings: HttpSettings,
  token: string,
): void {
  if (/\s/.test(token) || token.length < OPERATOR_TOKEN_MIN_LENGTH)
    throw new TypeError(
      `operatorToken must be at least ${OPERATOR_TOKEN_MIN_LENGTH} characters, without spaces.`,
    );
  const store: Store = settings.store;
  app.openAPIRegistry.registerComponent("securitySchemes", OPERATOR_SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "The operator token the host configured (rpdi serve --operator-token-file); not a member's session.",
  });
  // Every path under the prefix, known or not: a caller without the token learns nothing of them.
  app.use("/operator/v1/*", requireOperatorToken(token));
  const middleware = [bodyLimit(OPERATOR_BODY_LIMIT)];

  app.openapi({ ...createOrganizationRoute, middleware }, async (c) => {
    const organization = await bodyField(c, "organization", false);
    if (!organization.ok) return organization.response;
    return forOrganization(null, async () =>
      answer(
        await createOrganization(store, {
          organization: organization.value as OrganizationInput,
        }),
        201,
      ),
    );
  });

  app.openapi({ ...updateOrganizationRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const changes = await bodyField(c, "changes", false);
    if (!changes.ok) return changes.response;
    return forOrganization(orgId, async () =>
      answer(
        await updateOrganizationProfile(store, {
          orgId,
          changes: changes.value as ProfileChanges,
        }),
        200,
      ),
    );
  });

  app.openapi({ ...upsertOfficesRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const offices = await bodyField(c, "offices", true);
    if (!offices.ok) return offices.response;
    return forOrganization(orgId, async () =>
      answer(await upsertOffices(store, { orgId, offices: offices.value as OfficeChange[] }), 200),
    );
  });

  app.openapi({ ...upsertJobsRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const jobs = await bodyField(c, "jobs", true);
    if (!jobs.ok) return jobs.response;
    return forOrganization(orgId, async () =>
      answer(await upsertJobs(store, { orgId, jobs: jobs.value as JobInput[] }), 200),
    );
  });

  app.openapi({ ...upsertPipelinesRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const pipelines = await bodyField(c, "pipelines", true);
    if (!pipelines.ok) return pipelines.response;
    return forOrganization(orgId, async () =>
      answer(
        await upsertPipelines(store, { orgId, pipelines: pipelines.value as PipelineInput[] }),
        200,
      ),
    );
  });

  app.openapi({ ...createReviewCycleRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const reviewCycle = await bodyField(c, "reviewCycle", false);
    if (!reviewCycle.ok) return reviewCycle.response;
    return forOrganization(orgId, async () =>
      answer(
        await createReviewCycle(store, {
          orgId,
          reviewCycle: reviewCycle.value as ReviewCycleInput,
        }),
        201,
      ),
    );
  });

  app.openapi({ ...recordJobApplicationsRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const read = await applicationsOf(c);
    if (!read.ok) return read.response;
    const { records, lineIndexes } = read.value;
    return forOrganization(orgId, async () => {
      const outcome = await recordJobApplications(store, {
        orgId,
        applications: records as ApplicationRecord[],
        now: c.get("now"),
      });
      if (outcome.ok || lineIndexes === null) return answer(outcome, 200);
      return operatorError(
        outcome.error.code,
        outcome.error.message,
        onLines(outcome.error.problems, lineIndexes),
      );
    });
  });

  app.openapi(
    {
      ...importMembersRoute,
      middleware: [settings.importTurn, bodyLimit(UPLOAD_BODY_LIMIT)],
    },
    async (c) => {
      const { orgId } = c.req.valid("param");
      const { product } = c.req.valid("query");
      return forOrganization(orgId, async () => {
        // An unknown organization is answered before the upload is read.
        await runSingleRead(store, orgId, (tx) => tx.loadOrganization());
        const upload = await readUploadedFile(c.req.raw);
        if (!upload.ok) return json(400, memberReadFailure(upload.error, settings.messages));
        const file = upload.file ?? new Uint8Array(0);
        const { pace, reader } = await importWork(settings, file.byteLength);
        const outcome = await importMembers(store, {
          orgId,
          product,
          file,
          now: c.get("now"),
          newId: settings.newId,
          invitationLifetimeMs: settings.invitationLifetimeMs,
          pace,
          reader,
          ...(settings.messages === undefined ? {} : { messages: settings.messages }),
        });
        return json(outcome.ok ? 200 : 400, outcome.result);
      });
    },
  );

  // An erasure prunes the change log's tombstones past the retention the changes serve cursors
  // for, on the handler's clock: a shorter one would refuse cursors the host promised to serve.
  const erasureClock = (c: Context<HttpEnv>) => ({
    now: c.get("now"),
    retentionDays: settings.changeRetentionDays,
  });

  app.openapi(eraseCandidateRoute, async (c) => {
    const { orgId, candidateId } = c.req.valid("param");
    return forOrganization(orgId, async () =>
      answer(await eraseCandidate(store, { orgId, candidateId, ...erasureClock(c) }), 200),
    );
  });

  app.openapi(eraseJobApplicationRoute, async (c) => {
    const { orgId, applicationId } = c.req.valid("param");
    return forOrganization(orgId, async () =>
      answer(await eraseJobApplication(store, { orgId, applicationId, ...erasureClock(c) }), 200),
    );
  });

  registerWebhookRoutes(app, store, middleware, settings.webhookUrlPolicy);
}
