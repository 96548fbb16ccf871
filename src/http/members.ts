import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HonoRequest } from "hono";
import { authorize } from "../auth/policy";
import { isProduct, PRODUCTS, type Product } from "../domain/products";
import { generateExampleMemberCsv } from "../members/example-csv";
import { importMembers } from "../members/import";
import { removeProductAccess } from "../members/remove";
import {
  bulkRemoveResultSchema,
  memberImportResultSchema,
  memberValidationResultSchema,
} from "../members/result";
import { memberReadFailure } from "../members/sheet";
import { requireAccess, requireCaller, requireSession } from "./access";
import { bodyLimit } from "./body-limit";
import { refuseCrossSiteWrites } from "./cross-site";
import type { HttpEnv, HttpSettings } from "./env";
import { importLog } from "./import-log";
import { importWork } from "./import-work";
import { renderImportInstructions } from "./instructions-pdf";
import { readBounded, readUploadedFile, UPLOAD_BODY_LIMIT } from "./multipart";
import { csv, json, jsonError, pdf } from "./responses";
import {
  CONFLICT,
  documented,
  documentedOnly,
  errorBodySchema,
  FORBIDDEN,
  IMPORTS_BUSY,
  INTERFACE_VERSION,
  jsonResponse,
  MULTIPART_FILE_BODY,
  productSchema,
  SERVER_ERROR,
  UNAUTHORIZED,
  UNAVAILABLE,
} from "./route-parts";
import { refuseInvalid } from "./validation-hook";

const BULK_REMOVE_BODY_LIMIT = 10 * 1024 * 1024;
const PRODUCT_MESSAGE = `product must be one of ${PRODUCTS.join(", ")}.`;

const bulkRemoveBodySchema = z.object({
  product: productSchema,
  emails: z.array(z.string()).nullable().optional(),
});

/** A product value as the request gives it, when it is a valid one (for authorization). */
const validProduct = (value: string | undefined): Product | null =>
  value !== undefined && isProduct(value) ? value : null;
const queryProduct = (request: HonoRequest) => validProduct(request.query("product"));
const pathProduct = (request: HonoRequest) => validProduct(request.param("product"));

const memberTags = { tags: ["Members"], "x-interface-version": INTERFACE_VERSION.members };

export const importCsvRoute = createRoute({
  method: "post",
  path: "/api/v2/members/import-csv",
  summary: "Import members from CSV (validation and write in one transaction).",
  ...memberTags,
  request: { query: z.object({ product: productSchema }), body: MULTIPART_FILE_BODY },
  responses: {
    200: jsonResponse("Imported.", memberImportResultSchema),
    400: jsonResponse(
      "The member validation result, or {error} for a bad product.",
      memberValidationResultSchema,
    ),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    409: CONFLICT,
    500: SERVER_ERROR,
    503: IMPORTS_BUSY,
  },
});

export const bulkRemoveRoute = createRoute({
  method: "delete",
  path: "/api/v2/members/bulk-remove",
  summary: "Remove access to one product for many members.",
  ...memberTags,
  request: {
    body: {
      required: false,
      description: "An empty body (some clients drop DELETE bodies) removes nothing.",
      // Read and judged by the handler: an empty body must reach it (spec), which a validator
      // in front of it would refuse.
      content: { "application/json": { schema: documentedOnly(bulkRemoveBodySchema) } },
    },
  },
  responses: {
    200: jsonResponse("Removed.", bulkRemoveResultSchema),
    400: jsonResponse("A malformed body.", errorBodySchema),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    413: jsonResponse(
      "The body is over 10 MiB; send batches of a few thousand addresses.",
      errorBodySchema,
    ),
    409: CONFLICT,
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

export const exampleCsvRoute = createRoute({
  method: "get",
  path: "/api/v2/members/example-csv/{product}/{numRows}",
  summary: "A sample member CSV fitted to the organization (at most 1000 rows).",
  ...memberTags,
  request: {
    params: z.object({
      product: productSchema,
      numRows: z.string().regex(/^\d{1,9}$/, "a whole number"),
    }),
  },
  responses: {
    200: documented("CSV (UTF-8 with a BOM).", "text/csv"),
    400: jsonResponse("A bad product or numRows.", errorBodySchema),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

export const instructionsRoute = createRoute({
  method: "get",
  path: "/api/v2/members/import-instructions.pdf",
  summary: "The member import guide as PDF.",
  ...memberTags,
  request: { query: z.object({ product: productSchema }) },
  responses: {
    200: documented("PDF.", "application/pdf", { type: "string", format: "binary" }),
    400: jsonResponse("A bad product.", errorBodySchema),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

/** The member endpoints: import, bulk remove, the example CSV and the instructions PDF. */
export function registerMemberRoutes(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  const session = requireSession(settings);
  const writes = refuseCrossSiteWrites(settings);

  app.openapi(
    {
      ...importCsvRoute,
      middleware: [
        writes,
        session,
        requireAccess("member-import", queryProduct),
        settings.importTurn,
        bodyLimit(UPLOAD_BODY_LIMIT),
      ],
    },
    async (c) => {
      const { product } = c.req.valid("query");
      const log = importLog(settings, c, "members.import");
      const upload = await readUploadedFile(c.req.raw);
      log.onPhase("upload");
      if (!upload.ok) {
        log.unread();
        return json(400, memberReadFailure(upload.error, settings.messages));
      }
      const file = upload.file ?? new Uint8Array(0);
      const { pace, reader } = await importWork(settings, file.byteLength);
      const outcome = await log.within(() =>
        importMembers(settings.store, {
          orgId: c.get("principal").organization.id,
          product,
          file,
          now: c.get("now"),
          newId: settings.newId,
          invitationLifetimeMs: settings.invitationLifetimeMs,
          actor: c.get("principal").member,
          pace,
          reader,
          onPhase: log.onPhase,
          ...(settings.messages === undefined ? {} : { messages: settings.messages }),
        }),
      );
      if (outcome.ok)
        log.done({
          product,
          bytes: file.byteLength,
          created: outcome.result.createdCount,
          updated: outcome.result.updatedCount,
          absent: outcome.result.absentMembers.length,
          errors: 0,
        });
      else
        log.done(
          {
            product,
            bytes: file.byteLength,
            fileError: outcome.result.fileError?.type ?? null,
            errors: outcome.result.rowColumnErrors.length,
          },
          new Set(outcome.result.rowColumnErrors.map((error) => error.rowNumber)).size,
        );
      return json(outcome.ok ? 200 : 400, outcome.result);
    },
    refuseInvalid(PRODUCT_MESSAGE),
  );

  app.openapi(
    {
      ...bulkRemoveRoute,
      middleware: [
        writes,
        session,
        // Admin with the feature on may send a body; the product it names is judged after.
        requireAccess("bulk-remove"),
        bodyLimit(BULK_REMOVE_BODY_LIMIT),
      ],
    },
    async (c) => {
      const body = await readBounded(c.req.raw);
      if (!body.ok) {
        return jsonError(
          413,
          "The request body is too large; send batches of a few thousand addresses.",
        );
      }
      const raw = new TextDecoder().decode(body.bytes).trim();
      // Some clients drop DELETE bodies: an empty body is an empty list (spec).
      if (raw === "") return json(200, { removedCount: 0 });
      const parsed = bulkRemoveBodySchema.safeParse(parseJson(raw));
      if (!parsed.success) {
        return jsonError(
          400,
          `The body must be JSON {"product": one of ${PRODUCTS.join(", ")}, "emails": [addresses]}.`,
        );
      }
      const principal = c.get("principal");
      const decision = authorize("bulk-remove", principal, parsed.data.product);
      if (!decision.allowed) return jsonError(decision.status, decision.error);
      return json(
        200,
        await removeProductAccess(settings.store, {
          orgId: principal.organization.id,
          product: parsed.data.product,
          emails: parsed.data.emails,
        }),
      );
    },
  );

  app.openapi(
    {
      ...exampleCsvRoute,
      middleware: [requireCaller(settings, "member-files", pathProduct)],
    },
    async (c) => {
      const { product, numRows } = c.req.valid("param");
      return csv(
        generateExampleMemberCsv(c.get("principal").organization, product, Number(numRows)),
        `example-${product.toLowerCase()}.csv`,
      );
    },
    refuseInvalid(
      `${PRODUCT_MESSAGE} numRows must be a whole number (at most 1000 rows are written).`,
    ),
  );

  app.openapi(
    { ...instructionsRoute, middleware: [requireCaller(settings, "member-files", queryProduct)] },
    async (c) => {
      const { product } = c.req.valid("query");
      return pdf(
        await renderImportInstructions(product),
        `member-import-instructions-${product.toLowerCase()}.pdf`,
      );
    },
    refuseInvalid(PRODUCT_MESSAGE),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
