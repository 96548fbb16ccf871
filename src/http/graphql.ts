import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  executeMemberGraphql,
  HEAVY_READS_RETRY_AFTER_SECONDS,
  memberGraphqlHttpStatus,
} from "../graphql/execute";
import {
  createHeavyReadGate,
  type HeavyReadGate,
  type HeavyReadLimits,
} from "../graphql/heavy-reads";
import type { StoreUnavailableError } from "../store/errors";
import { requireAccess, requireSession } from "./access";
import { BodyTooLargeError, bodyLimit } from "./body-limit";
import { refuseCrossSiteWrites } from "./cross-site";
import type { HttpEnv, HttpSettings } from "./env";
import { outageResponse } from "./outages";
import { json, jsonError } from "./responses";
import {
  documented,
  documentedOnly,
  errorBodySchema,
  FORBIDDEN,
  INTERFACE_VERSION,
  jsonResponse,
  SERVER_ERROR,
  UNAUTHORIZED,
  UNAVAILABLE,
} from "./route-parts";

const GRAPHQL_BODY_LIMIT = 1024 * 1024;

/** The GraphQL endpoint's cost limits (`HttpHandlerOptions.graphql`). */
export interface GraphqlHttpOptions {
  /** The largest cost of one request (`MEMBER_GRAPHQL_LIMITS.maxCost`, 20,000, by default). */
  maxCost?: number;
  /** From this cost on a query is heavy (`MEMBER_GRAPHQL_LIMITS.heavyCost`, 1,000, by default). */
  heavyCost?: number;
  /**
   * Heavy queries per organization: limits for the handler's own gate (2 at once, 8 waiting, for
   * at most 10 s, by default), or a gate shared with other handlers of the process.
   */
  heavyReads?: Partial<HeavyReadLimits> | HeavyReadGate;
}

/** A GraphQL-over-HTTP request body. */
export const graphqlRequestSchema = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().nullable().optional(),
});

const graphqlResult = (description: string) =>
  documented(description, "application/json", { type: "object" });

export const graphqlRoute = createRoute({
  method: "post",
  path: "/api/v2/graphql",
  summary: "Per-member operations (schema: docs/graphql/schema.graphql); JSON POST only.",
  tags: ["Members"],
  "x-interface-version": INTERFACE_VERSION.graphql,
  request: {
    body: {
      required: true,
      // Read by the handler after the media type and size checks.
      content: { "application/json": { schema: documentedOnly(graphqlRequestSchema) } },
    },
  },
  responses: {
    200: graphqlResult("{data, errors}."),
    400: graphqlResult(
      "A malformed request, or a document that does not parse, validate or stay within the limits (cost budget included), or a subscription: {errors: [{message, extensions: {code}}]}.",
    ),
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    413: jsonResponse("The request is over 1 MiB.", errorBodySchema),
    415: jsonResponse("Not application/json: GraphQL runs only from JSON POSTs.", errorBodySchema),
    429: graphqlResult(
      "A heavy query while the organization's heavy queries already run and wait as many as allowed (extensions.code HEAVY_READS_BUSY); retry after the Retry-After seconds.",
    ),
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

/**
 * POST /api/v2/graphql. Only `application/json` bodies are run: a form or text/plain POST is what
 * a cross-site page can send without a preflight (GraphQL over HTTP), so it never executes.
 */
export function registerGraphqlRoute(
  app: OpenAPIHono<HttpEnv>,
  settings: HttpSettings,
  options: GraphqlHttpOptions = {},
): void {
  const heavyReads =
    options.heavyReads !== undefined && "enter" in options.heavyReads
      ? options.heavyReads
      : createHeavyReadGate(options.heavyReads);
  app.openapi(
    {
      ...graphqlRoute,
      middleware: [
        refuseCrossSiteWrites(settings),
        requireSession(settings),
        requireAccess("member-files"),
        async (c, next) => {
          const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
          if (type !== "application/json") {
            return jsonError(
              415,
              'GraphQL requests must be POSTed as application/json: {"query": "...", "variables": {...}}.',
            );
          }
          await next();
        },
        bodyLimit(GRAPHQL_BODY_LIMIT),
      ],
    },
    async (c) => {
      const request = graphqlRequestSchema.safeParse(await c.req.json().catch(unlessTooLarge));
      if (!request.success) {
        return json(400, {
          errors: [{ message: 'The body must be JSON {"query": "...", "variables": {...}}.' }],
        });
      }
      let unavailable: StoreUnavailableError | undefined;
      const result = await executeMemberGraphql(request.data, {
        store: settings.store,
        principal: c.get("principal"),
        now: c.get("now"),
        newId: settings.newId,
        // A client that leaves stops the work its request started.
        signal: c.req.raw.signal,
        onError: (error) => settings.onError?.(error, c.req.raw),
        onUnavailable: (error) => {
          unavailable ??= error;
        },
        maxCost: options.maxCost,
        heavyCost: options.heavyCost,
        heavyReads,
      });
      const status = memberGraphqlHttpStatus(result);
      if (unavailable !== undefined) {
        // Partial data (a mutation through before the outage) keeps its 200; the outage is
        // logged and counted either way.
        const outage = outageResponse(unavailable, settings.outages);
        if (status === 503 && outage !== null) return outage;
      }
      return status === 429
        ? json(status, result, { "retry-after": String(HEAVY_READS_RETRY_AFTER_SECONDS) })
        : json(status, result);
    },
  );
}

/** A body that is not JSON reads as nothing; one past the limit is still refused with 413. */
function unlessTooLarge(error: unknown): undefined {
  if (error instanceof BodyTooLargeError) throw error;
  return undefined;
}
