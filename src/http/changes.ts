import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  changesCursorExpiredSchema,
  type JobApplicationChanges,
  jobApplicationChangesSchema,
} from "../changes/change-schemas";
import {
  type JobApplicationChangesOutcome,
  MAX_CHANGES_LIMIT,
  readJobApplicationChanges,
} from "../changes/read-changes";
import { forCaller } from "./access";
import type { HttpEnv, HttpSettings } from "./env";
import { feedHeaders, rateLimitRefusal } from "./feed-headers";
import { jsonError, jsonTextWithHeaders } from "./responses";
import {
  errorBodySchema,
  INTERFACE_VERSION,
  jsonResponse,
  SERVER_ERROR,
  UNAVAILABLE,
} from "./route-parts";

const CHANGES_PATH = "/v1/job-applications/changes";

/** The documented example of a page: a record, then a tombstone. */
const EXAMPLE_PAGE: JobApplicationChanges = {
  changes: [
    {
      firstName: "Avery",
      lastName: "Quinn",
      email: "avery.quinn@mail.example",
      phone: null,
      candidateId: "5f0c8a52-1d1e-4c43-9f3a-0c2b7d9e4a11",
      candidateUrl:
        "https://hr.example.com/app/acme/candidates/5f0c8a52-1d1e-4c43-9f3a-0c2b7d9e4a11",
      applicationId: "a3d5e7f9-2b4c-4d6e-8f10-1a2b3c4d5e6f",
      jobTitle: "Litigation Associate",
      jobId: "9e8d7c6b-5a49-4382-9716-a5b4c3d2e1f0",
      department: "Litigation",
      officeLocation: "New York, NY",
      employmentType: "full-time",
      hiringType: "lateral",
      position: "Associate",
      requisitionId: null,
      startDate: null,
      salary: null,
      addressLine1: "1 Example Street",
      addressLine2: "",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      jobApplicationLastStatusUpdate: "2026-06-02T10:30:00Z",
      jobApplicationStatuses: [
        {
          statusName: "Applied",
          statusBucketName: "Applied",
          statusUpdatedAt: "2026-06-02T09:30:00Z",
        },
        {
          statusName: "Interview",
          statusBucketName: "Interviewing",
          statusUpdatedAt: "2026-06-02T10:30:00Z",
        },
      ],
      educationHistory: null,
    },
    { id: "0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a", deletedAt: "2026-06-03T08:00:00.000Z" },
  ],
  nextCursor:
    "c1.WyJvcmctYWNtZSIsImUxIiw0MiwxNzgwNDgwMDAwLDBd.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  hasMore: false,
};

export const jobApplicationChangesRoute = createRoute({
  method: "get",
  path: CHANGES_PATH,
  summary: "The job-application changes after a cursor: records and tombstones, paged.",
  description:
    "Without a cursor, every application's current record (every status), then the later changes; with `cursor=now`, an empty page whose `nextCursor` reads only later changes. Each change is an application's current record in the feed's shape, or a tombstone `{ id, deletedAt }` for an erased one. Apply them in order to a copy keyed by `applicationId`; call again at once while `hasMore`, then keep `nextCursor` for the next poll. Counted against the feed's rate limit.",
  tags: ["Job-application feed"],
  "x-interface-version": INTERFACE_VERSION.feed,
  request: {
    // Documented only: the handler reads the query after the caller is admitted (401 first).
    query: z.object({
      cursor: z.string().optional().openapi({
        description:
          "A `nextCursor` handed out before, `now` for the present; absent for the beginning.",
      }),
      limit: z
        .string()
        .regex(/^[0-9]+$/)
        .optional()
        .openapi({
          description: `Changes per page, 1 to ${MAX_CHANGES_LIMIT} (default 100).`,
          example: "100",
        }),
    }),
  },
  responses: {
    200: {
      description:
        "A page of changes; `nextCursor` on every page, `hasMore` when more are waiting now.",
      content: {
        "application/json": { schema: jobApplicationChangesSchema, example: EXAMPLE_PAGE },
      },
    },
    400: jsonResponse(
      "A cursor altered, malformed or another organization's; a limit outside 1 to 1000; a parameter given twice.",
      errorBodySchema,
    ),
    401: jsonResponse(
      "Not authenticated, not an admin, or the HR feed feature is off; contact support.",
      errorBodySchema,
    ),
    410: {
      description:
        "The cursor is older than the retention (30 days by default) or the data was replaced: drop the copy and read again from the beginning (`resync`).",
      content: {
        "application/json": {
          schema: changesCursorExpiredSchema,
          example: {
            error: "The cursor is older than the changes are kept; read everything again.",
            code: "CURSOR_EXPIRED",
            resync: true,
          },
        },
      },
    },
    429: jsonResponse(
      "The feed's rate limit (shared with the feed) is exceeded; retry after the Retry-After seconds.",
      errorBodySchema,
    ),
    500: SERVER_ERROR,
    503: UNAVAILABLE,
    501: jsonResponse("This deployment's store keeps no change log.", errorBodySchema),
  },
});

/** A query the handler reads: each parameter once; others are ignored, as the feed ignores them. */
type ChangesQuery =
  | { ok: true; cursor: string | undefined; limit: string | undefined }
  | { ok: false; error: string };

function changesQueryOf(url: string): ChangesQuery {
  if (!url.includes("?")) return { ok: true, cursor: undefined, limit: undefined };
  const params = new URL(url).searchParams;
  const cursors = params.getAll("cursor");
  const limits = params.getAll("limit");
  if (cursors.length > 1 || limits.length > 1)
    return { ok: false, error: "Each of cursor and limit may be given at most once." };
  return { ok: true, cursor: cursors[0], limit: limits[0] };
}

/** The limit as a number; `null` when it is not decimal digits (the service judges the range). */
function limitOf(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : null;
}

const INVALID_LIMIT = `limit must be a whole number from 1 to ${MAX_CHANGES_LIMIT}.`;

/**
 * GET /v1/job-applications/changes: the feed's caller check (401), the parameters given once
 * (400), the feed's rate limit (429, one quota for both), then the changes. Cursors are signed
 * under a key derived from the token secret, so no other secret need be configured.
 */
export function registerChangesRoute(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  app.openAPIRegistry.registerPath(jobApplicationChangesRoute);
  app.openapi(
    { ...jobApplicationChangesRoute, request: undefined, hide: true },
    forCaller(settings, "job-applications", (c) => {
      const query = changesQueryOf(c.req.url);
      if (!query.ok) return jsonError(400, query.error);
      const { organization } = c.get("principal");
      const now = c.get("now");
      const policy = settings.rateLimiter.policy;
      return settings.rateLimiter.take(organization.id, now).then((decision) => {
        if (!decision.allowed) return rateLimitRefusal(policy, decision);
        const headers = feedHeaders(policy, decision);
        const limit = limitOf(query.limit);
        if (limit === null) return errorAnswer(400, { error: INVALID_LIMIT }, headers);
        return readJobApplicationChanges(settings.store, {
          orgId: organization.id,
          cursor: query.cursor ?? null,
          ...(limit === undefined ? {} : { limit }),
          now,
          cursorSecret: settings.secret,
          retentionDays: settings.changeRetentionDays,
        }).then((outcome) => changesResponse(outcome, headers));
      });
    }),
  );
}

const STATUS_OF = {
  INVALID_CURSOR: 400,
  INVALID_LIMIT: 400,
  CURSOR_EXPIRED: 410,
  NOT_SUPPORTED: 501,
} as const;

/** The page, or the refusal with its status; each with the quota's headers. */
function changesResponse(
  outcome: JobApplicationChangesOutcome,
  headers: Record<string, string>,
): Response {
  if (outcome.ok) return jsonTextWithHeaders(200, JSON.stringify(outcome.page), headers);
  const { code, message } = outcome.error;
  const body =
    code === "CURSOR_EXPIRED"
      ? { error: message, code, resync: true as const }
      : { error: message };
  return errorAnswer(STATUS_OF[code], body, headers);
}

function errorAnswer(status: number, body: object, headers: Record<string, string>): Response {
  return jsonTextWithHeaders(status, JSON.stringify(body), headers);
}
