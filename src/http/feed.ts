import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { FeedIndex } from "../domain/feed-index";
import { jobApplicationListSchema } from "../domain/feed-record";
import { FEED_PARAMETERS, type FeedSearchParams } from "../feed/params";
import {
  jobApplicationsJsonFromIndex,
  type QueryJobApplicationsJsonOutcome,
  queryJobApplicationsJson,
} from "../feed/query";
import { supports } from "../store/capabilities";
import type { StoreTx } from "../store/port";
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

const optionalText = (description: string) => z.string().optional().openapi({ description });

export const jobApplicationsRoute = createRoute({
  method: "get",
  path: "/v1/job-applications",
  summary: "The job-application feed: applications with a status change in the range.",
  tags: ["Job-application feed"],
  "x-interface-version": INTERFACE_VERSION.feed,
  request: {
    // The feed's own parameter rules judge the values (their 400 names the cause).
    query: z.object({
      [FEED_PARAMETERS.status]: optionalText(
        "A step of an active pipeline template, case-insensitive: only statuses with that name.",
      ),
      [FEED_PARAMETERS.bucket]: optionalText(
        "A bucket of the pipelines in use, case-insensitive: only statuses in that bucket.",
      ),
      [FEED_PARAMETERS.start]: optionalText(
        "yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or with a zone; default 30 days before now.",
      ),
      [FEED_PARAMETERS.end]: optionalText("Same formats; default now. Both bounds inclusive."),
    }),
  },
  responses: {
    200: jsonResponse(
      "The applications (an empty array when nothing matches).",
      jobApplicationListSchema,
    ),
    400: jsonResponse("A bad date, range, status or bucket.", errorBodySchema),
    401: jsonResponse(
      "Not authenticated, not an admin, or the HR feed feature is off; contact support.",
      errorBodySchema,
    ),
    429: jsonResponse("Rate limit exceeded; retry after the Retry-After seconds.", errorBodySchema),
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

const REPEATED = "Each job_application_status… parameter may be given at most once.";

/**
 * GET /v1/job-applications: the feed, after the session, the policy, the parameters' schema and
 * the rate limit. The route is documented as declared, but its parameters are checked in the
 * handler, after the caller, against the same schema as the validator `openapi()` would add
 * (every feed request carried the validator's link of the chain and its parse of an empty query).
 */
export function registerFeedRoutes(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  app.openAPIRegistry.registerPath(jobApplicationsRoute);
  const querySchema = jobApplicationsRoute.request.query;
  app.openapi(
    { ...jobApplicationsRoute, request: undefined, hide: true },
    forCaller<FeedIndex | null>(
      settings,
      "job-applications",
      (c, index) => {
        const url = c.req.url;
        if (url.includes("?") && !querySchema.safeParse(validatorQuery(c.req.queries())).success)
          return jsonError(400, REPEATED);
        const { organization } = c.get("principal");
        const now = c.get("now");
        return settings.rateLimiter.take(organization.id, now).then((decision) => {
          if (!decision.allowed) return rateLimitRefusal(settings.rateLimiter.policy, decision);
          const headers = feedHeaders(settings.rateLimiter.policy, decision);
          const input = { orgId: organization.id, params: searchParamsOf(url), now };
          if (index === null || index === undefined) {
            // The store had no index in the caller's transaction: its own query, not asked again.
            return queryJobApplicationsJson(
              settings.store,
              { ...input, organization },
              settings.feedAnswers,
              false,
            ).then((outcome) => feedResponse(outcome, headers));
          }
          return feedResponse(
            jobApplicationsJsonFromIndex(index, organization, input, settings.feedAnswers),
            headers,
          );
        });
      },
      // The index is read in the caller's own transaction, so a feed request opens one, not two;
      // a store without one is asked in a transaction of the feed's own.
      { operation: "loadFeedIndex", read: readFeedIndex },
    ),
  );
}

/** The answer with the feed's headers (the JSON response's and the quota's). */
function feedResponse(
  outcome: QueryJobApplicationsJsonOutcome,
  headers: Record<string, string>,
): Response {
  return outcome.ok
    ? jsonTextWithHeaders(200, outcome.json, headers)
    : jsonTextWithHeaders(400, JSON.stringify({ error: outcome.error.message }), headers);
}

const readFeedIndex = (tx: StoreTx): Promise<FeedIndex | null> =>
  supports(tx, "loadFeedIndex") ? tx.loadFeedIndex() : Promise.resolve(null);

/** The query as hono's validator hands it to a query schema: one value as is, several as a list. */
function validatorQuery(queries: Record<string, string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(queries).map(([name, values]) => [
      name,
      values.length === 1 ? (values[0] as string) : values,
    ]),
  );
}

/** The URL's query parameters; without a `?` there are none, and no URL need be parsed. */
function searchParamsOf(url: string): FeedSearchParams {
  return url.includes("?") ? new URL(url).searchParams : NO_PARAMETERS;
}

const NO_PARAMETERS: FeedSearchParams = Object.freeze({});
