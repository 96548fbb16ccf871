import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Product } from "../domain/products";
import { legacyConflictText } from "../matters/legacy-conflict-text";
import {
  type MatterValidationResult,
  matterUpsertResultSchema,
  matterValidationResultSchema,
} from "../matters/result";
import type { MatterRuleSet } from "../matters/rule-sets";
import { matterReadFailure } from "../matters/sheet";
import { uploadMattersLegacy } from "../matters/upload-legacy";
import { upsertMatters, validateMattersFile } from "../matters/upsert";
import { renderMessage, renderMessageRef } from "../messages/catalog";
import { runReadOnly } from "../store/run";
import { canonicalId, UUID_PATTERN } from "../values/uuid";
import { requireAccess, requireSession } from "./access";
import { bodyLimit } from "./body-limit";
import { refuseCrossSiteWrites } from "./cross-site";
import { announceDeprecation } from "./deprecation";
import type { HttpEnv, HttpSettings } from "./env";
import { type ImportLog, importLog } from "./import-log";
import { importWork } from "./import-work";
import { readUploadedFile, UPLOAD_BODY_LIMIT } from "./multipart";
import { json, jsonError, text } from "./responses";
import {
  CONFLICT,
  documented,
  errorBodySchema,
  FORBIDDEN,
  IMPORTS_BUSY,
  INTERFACE_VERSION,
  jsonResponse,
  MULTIPART_FILE_BODY,
  SERVER_ERROR,
  UNAUTHORIZED,
} from "./route-parts";
import { refuseInvalid } from "./validation-hook";

const CYCLE_MESSAGE = "reviewCycleId is required and must be a UUID.";
const plainText = (message: string) => text(400, message);
const matterTags = { tags: ["Matters"], "x-interface-version": INTERFACE_VERSION.matters };
const reviewCycleQuery = z.object({
  reviewCycleId: z.string().regex(UUID_PATTERN).openapi({
    description: "The review cycle's UUID (any letter case).",
    format: "uuid",
  }),
});
const plainText400 = (description: string) => documented(description, "text/plain");
const cycleNotFound = jsonResponse(
  "No review cycle with the given reviewCycleId.",
  errorBodySchema,
);
const validationResult = jsonResponse(
  "The validation result (200 also when the file has errors).",
  matterValidationResultSchema,
);

export const upsertRoute = createRoute({
  method: "post",
  path: "/api/v2/matters-csv/upsert",
  summary: "Upsert matter entries into a review cycle (recommended).",
  ...matterTags,
  request: { query: reviewCycleQuery, body: MULTIPART_FILE_BODY },
  responses: {
    200: jsonResponse("Counts of created and updated entries.", matterUpsertResultSchema),
    400: plainText400(
      "A plain-text summary, nothing written: the file error, or for each failing row (at most 100) a `Row N: errors in …` line and its reasons, indented.",
    ),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    404: cycleNotFound,
    409: CONFLICT,
    500: SERVER_ERROR,
    503: IMPORTS_BUSY,
  },
});

/** What both validators answer: the validation result, or the refusals every matter route has. */
const VALIDATION_RESPONSES = {
  200: validationResult,
  401: UNAUTHORIZED,
  403: FORBIDDEN,
  500: SERVER_ERROR,
  503: IMPORTS_BUSY,
};

export const validateUpsertRoute = createRoute({
  method: "post",
  path: "/api/v2/matters-csv/validate-upsert",
  summary: "Validate a matter file under the upsert rules; persists nothing.",
  ...matterTags,
  request: { body: MULTIPART_FILE_BODY },
  responses: VALIDATION_RESPONSES,
});

export const uploadCsvRoute = createRoute({
  method: "post",
  path: "/api/v2/matters-csv/upload-csv",
  summary: "Deprecated: create matter entries; use upsert.",
  deprecated: true,
  ...matterTags,
  request: { query: reviewCycleQuery, body: MULTIPART_FILE_BODY },
  responses: {
    200: plainText400("Empty."),
    400: plainText400("Invalid format or an invalid row; no row detail."),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    404: cycleNotFound,
    409: jsonResponse(
      "The file would give an existing upsert key a second entry, or a concurrent write.",
      errorBodySchema,
    ),
    500: SERVER_ERROR,
    503: IMPORTS_BUSY,
  },
});

export const validateCsvRoute = createRoute({
  method: "post",
  path: "/api/v2/matters-csv/validate-csv",
  summary: "Deprecated: validate under the upload-csv rules; not a pre-flight for upsert.",
  deprecated: true,
  ...matterTags,
  request: { body: MULTIPART_FILE_BODY },
  responses: VALIDATION_RESPONSES,
});

/** The four matter endpoints; every one needs the Perform Admin role. */
export function registerMatterRoutes(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  const said = settings.messages === undefined ? {} : { messages: settings.messages };
  const middleware = [
    refuseCrossSiteWrites(settings),
    requireSession(settings),
    requireAccess("matters"),
    settings.importTurn,
    bodyLimit(UPLOAD_BODY_LIMIT),
  ];

  /** What both writers hand their service: the cycle in canonical form and the uploaded file. */
  const writeInput = async (c: Context<HttpEnv>, cycle: string, log: ImportLog) => {
    const orgId = c.get("principal").organization.id;
    const reviewCycleId = canonicalId(cycle);
    // An unknown cycle is answered before the upload is read (the service checks again).
    if (
      (await runReadOnly(settings.store, orgId, (tx) => tx.findReviewCycle(reviewCycleId))) === null
    ) {
      log.unread();
      return jsonError(404, `No review cycle with id ${reviewCycleId}.`);
    }
    const upload = await readUploadedFile(c.req.raw);
    log.onPhase("upload");
    if (!upload.ok) {
      log.unread();
      return text(400, renderMessageRef(settings.messages, upload.error.ref));
    }
    const file = upload.file ?? new Uint8Array(0);
    const { pace, checker } = await importWork(settings, file.byteLength);
    return {
      orgId,
      reviewCycleId,
      file,
      newId: settings.newId,
      pace,
      checker,
      onPhase: log.onPhase,
      ...said,
    };
  };

  /** The log line and the row counts of a matter write that read its file. */
  const logRefusal = (
    log: ImportLog,
    counts: { reviewCycleId: string; bytes: number },
    validation: MatterValidationResult,
  ) =>
    log.done(
      {
        product: Product.PERFORM,
        ...counts,
        fileError: validation.fileError?.type ?? null,
        errors: validation.rowErrors.length,
      },
      validation.rowErrors.length,
    );

  app.openapi(
    { ...upsertRoute, middleware },
    async (c) => {
      const log = importLog(settings, c, "matters.upsert");
      const input = await writeInput(c, c.req.valid("query").reviewCycleId, log);
      if (input instanceof Response) return input;
      const { reviewCycleId } = input;
      const counts = { reviewCycleId, bytes: input.file.byteLength };
      const outcome = await log.within(() => upsertMatters(settings.store, input));
      if (outcome.ok) {
        log.done({ product: Product.PERFORM, ...counts, ...outcome.result, errors: 0 });
        return json(200, outcome.result);
      }
      if (outcome.reason === "REVIEW_CYCLE_NOT_FOUND") {
        log.unread();
        return jsonError(404, `No review cycle with id ${reviewCycleId}.`);
      }
      logRefusal(log, counts, outcome.validation);
      return text(400, outcome.text);
    },
    refuseInvalid(CYCLE_MESSAGE, plainText),
  );

  app.openapi(
    {
      ...uploadCsvRoute,
      middleware: [announceDeprecation("upsert", settings.deprecation), ...middleware],
    },
    async (c) => {
      const log = importLog(settings, c, "matters.upload-csv");
      const input = await writeInput(c, c.req.valid("query").reviewCycleId, log);
      if (input instanceof Response) return input;
      const { reviewCycleId } = input;
      const counts = { reviewCycleId, bytes: input.file.byteLength };
      const outcome = await log.within(() => uploadMattersLegacy(settings.store, input));
      if (outcome.ok) {
        log.done({
          product: Product.PERFORM,
          ...counts,
          created: outcome.created,
          skipped: outcome.skipped,
          errors: 0,
        });
        return text(200, "");
      }
      switch (outcome.reason) {
        case "REVIEW_CYCLE_NOT_FOUND":
          log.unread();
          return jsonError(404, `No review cycle with id ${reviewCycleId}.`);
        case "CONFLICT":
          log.done({ product: Product.PERFORM, ...counts, conflicts: outcome.conflicts.length });
          return jsonError(409, legacyConflictText(outcome.conflicts));
        case "INVALID_FILE":
          logRefusal(log, counts, outcome.validation);
          // The deprecated endpoint gives no row detail (spec).
          return text(
            400,
            outcome.validation.fileError?.description ??
              renderMessage(settings.messages, "matter.legacy.invalidRows", {}),
          );
      }
    },
    refuseInvalid(CYCLE_MESSAGE, plainText),
  );

  const validator = (ruleSet: MatterRuleSet) => async (c: Context<HttpEnv>) => {
    const upload = await readUploadedFile(c.req.raw);
    if (!upload.ok) return json(200, matterReadFailure(upload.error, settings.messages));
    const file = upload.file ?? new Uint8Array(0);
    const { pace, checker } = await importWork(settings, file.byteLength);
    return json(
      200,
      await validateMattersFile(settings.store, {
        orgId: c.get("principal").organization.id,
        file,
        ruleSet,
        pace,
        checker,
        ...said,
      }),
    );
  };
  app.openapi({ ...validateUpsertRoute, middleware }, validator("upsert"));
  app.openapi(
    {
      ...validateCsvRoute,
      middleware: [announceDeprecation("validate-upsert", settings.deprecation), ...middleware],
    },
    validator("legacy"),
  );
}
