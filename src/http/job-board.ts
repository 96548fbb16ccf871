import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { boardJobListSchema, boardJobSchema, type JobBoardFilters } from "../jobs/board";
import { JOB_BOARD_MAX_AGE_SECONDS, JOB_BOARD_RATE_LIMIT } from "../jobs/limits";
import { readJobBoard, readJobBoardJob } from "../jobs/query";
import { createWindowRateLimiter, type RateLimiter } from "../runtime/rate-limit";
import type { HttpEnv, HttpSettings } from "./env";
import { COMMON_HEADERS, JSON_CONTENT_TYPE, jsonError, jsonText } from "./responses";
import { errorBodySchema, jsonResponse, SERVER_ERROR, UNAVAILABLE } from "./route-parts";

const NOT_FOUND_MESSAGE = "Not found.";

const shortName = z.string().openapi({ description: "The organization's short name." });
const repeatable = (description: string) =>
  z
    .array(z.string())
    .optional()
    .openapi({ description, param: { style: "form", explode: true } });

const cached = (description: string, schema: z.ZodType) => ({
  ...jsonResponse(description, schema),
  headers: {
    ETag: { description: "The body's entity tag.", schema: { type: "string" as const } },
    "Cache-Control": {
      description: `public, max-age=${JOB_BOARD_MAX_AGE_SECONDS}`,
      schema: { type: "string" as const },
    },
  },
});

const commonResponses = {
  304: { description: "Unchanged since the `If-None-Match` entity tag; no body." },
  404: jsonResponse(
    "No such organization, its job board is off, or (one job) the job is not on the board.",
    errorBodySchema,
  ),
  429: {
    ...jsonResponse(
      "This client's rate limit is exceeded; retry after the Retry-After seconds.",
      errorBodySchema,
    ),
    headers: {
      "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } },
    },
  },
  500: SERVER_ERROR,
  503: UNAVAILABLE,
};

export const jobBoardRoute = createRoute({
  method: "get",
  path: "/v1/job-board/{shortName}/jobs",
  summary: "The public job board: public jobs open today, for a careers page. No session.",
  tags: ["Job board"],
  security: [],
  request: {
    params: z.object({ shortName }),
    query: z.object({
      department: repeatable(
        "Only jobs of this department (case-insensitive, trimmed; repeat for any of several).",
      ),
      office: repeatable(
        "Only jobs at this office location (case-insensitive, trimmed; repeat for any of several).",
      ),
    }),
  },
  responses: {
    200: cached("The open public jobs, by title.", boardJobListSchema),
    ...commonResponses,
  },
});

export const jobBoardJobRoute = createRoute({
  method: "get",
  path: "/v1/job-board/{shortName}/jobs/{jobId}",
  summary: "One job of the public job board. No session.",
  tags: ["Job board"],
  security: [],
  request: { params: z.object({ shortName, jobId: z.string() }) },
  responses: { 200: cached("The job.", boardJobSchema), ...commonResponses },
});

/** The job board's options (`HttpHandlerOptions.jobBoardRateLimiter`). */
export interface JobBoardHttpOptions {
  /**
   * Requests per client (`clientKey`); {@link JOB_BOARD_RATE_LIMIT} in memory by default. Clients
   * the host cannot tell apart share one count: set `clientKey`.
   */
  jobBoardRateLimiter?: RateLimiter;
}

/**
 * The public job board: outside the authenticated interface (no session, no cookie read), served
 * for organizations with the `job-board` feature. An unknown organization, one without the
 * feature and a job not on the board all answer the app's own 404, so the board tells nothing of
 * which organizations exist. The rate limit comes first, so guessing names costs requests too.
 * Answers carry an `ETag` and may be cached publicly for a minute; any site may read them (CORS
 * without credentials): they hold only what a careers page shows.
 */
export function registerJobBoardRoutes(
  app: OpenAPIHono<HttpEnv>,
  settings: HttpSettings,
  options: JobBoardHttpOptions,
): void {
  const limiter = options.jobBoardRateLimiter ?? createWindowRateLimiter(JOB_BOARD_RATE_LIMIT);
  const limited = async (request: Request, now: Date): Promise<Response | null> => {
    const decision = await limiter.take(`job-board:${settings.clientKey(request)}`, now);
    return decision.allowed
      ? null
      : jsonError(429, `Rate limit exceeded; retry after ${decision.retryAfterSeconds} seconds.`, {
          "retry-after": String(decision.retryAfterSeconds),
        });
  };
  app.openAPIRegistry.registerPath(jobBoardRoute);
  app.openAPIRegistry.registerPath(jobBoardJobRoute);
  // Documented as declared; the handlers read their parameters themselves, so a repeated or
  // unknown query parameter is never a 400 (a careers page's links carry all sorts).
  app.openapi({ ...jobBoardRoute, request: undefined, hide: true }, async (c) => {
    const now = c.get("now");
    const refused = await limited(c.req.raw, now);
    if (refused !== null) return refused;
    const queries = c.req.queries();
    const filters: JobBoardFilters = {
      ...(queries.department === undefined ? {} : { department: queries.department }),
      ...(queries.office === undefined ? {} : { office: queries.office }),
    };
    const outcome = await readJobBoard(settings.store, {
      shortName: c.req.param("shortName") ?? "",
      now,
      filters,
    });
    if (!outcome.ok) return jsonError(404, NOT_FOUND_MESSAGE);
    return cacheable(c.req.raw, JSON.stringify({ jobs: outcome.jobs }));
  });
  app.openapi({ ...jobBoardJobRoute, request: undefined, hide: true }, async (c) => {
    const now = c.get("now");
    const refused = await limited(c.req.raw, now);
    if (refused !== null) return refused;
    const outcome = await readJobBoardJob(settings.store, {
      shortName: c.req.param("shortName") ?? "",
      jobId: c.req.param("jobId") ?? "",
      now,
    });
    if (!outcome.ok) return jsonError(404, NOT_FOUND_MESSAGE);
    return cacheable(c.req.raw, JSON.stringify(outcome.job));
  });
}

/** 200 with the body and its entity tag, or 304 when the request's `If-None-Match` holds it. */
async function cacheable(request: Request, body: string): Promise<Response> {
  const etag = await entityTag(body);
  const headers = {
    etag,
    "cache-control": `public, max-age=${JOB_BOARD_MAX_AGE_SECONDS}`,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag",
  };
  if (matchesEntityTag(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers: { ...COMMON_HEADERS, ...headers } });
  return jsonText(200, body, { ...headers, "content-type": JSON_CONTENT_TYPE });
}

/** A strong entity tag of the body: the first 128 bits of its SHA-256, base64url. */
export async function entityTag(body: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)),
  );
  let binary = "";
  for (const byte of digest.subarray(0, 16)) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}"`;
}

/** `If-None-Match` by the weak comparison RFC 9110 §13.1.2 prescribes for it: `*` or any listed tag. */
export function matchesEntityTag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((listed) => {
    const tag = listed.trim();
    return tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === etag;
  });
}
