import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { FEED_PARAMETERS } from "../feed/params";
import { queryJobApplicationsJson } from "../feed/query";
import { jobApplicationListSchema } from "../feed/record";
import { requireCaller } from "./access";
import type { HttpEnv, HttpSettings } from "./env";
import { jsonError, jsonText } from "./responses";
import { errorBodySchema, INTERFACE_VERSION, jsonResponse, SERVER_ERROR } from "./route-parts";
import { refuseInvalid } from "./validation-hook";

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
  },
});

/** GET /v1/job-applications: the feed, after the session, the policy and the rate limit. */
export function registerFeedRoutes(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  app.openapi(
    {
      ...jobApplicationsRoute,
      middleware: [requireCaller(settings, "job-applications")],
    },
    async (c) => {
      const { organization } = c.get("principal");
      const orgId = organization.id;
      const decision = await settings.rateLimiter.take(orgId, c.get("now"));
      if (!decision.allowed) {
        return jsonError(
          429,
          `Rate limit exceeded; retry after ${decision.retryAfterSeconds} seconds.`,
          { "retry-after": String(decision.retryAfterSeconds) },
        );
      }
      const outcome = await queryJobApplicationsJson(
        settings.store,
        { orgId, params: new URL(c.req.url).searchParams, now: c.get("now"), organization },
        settings.feedAnswers,
      );
      return outcome.ok ? jsonText(200, outcome.json) : jsonError(400, outcome.error.message);
    },
    refuseInvalid("Each job_application_status… parameter may be given at most once."),
  );
}
