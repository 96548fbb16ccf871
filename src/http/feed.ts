import { queryJobApplications } from "../feed/query";
import { type HttpContext, type Route, withAccess } from "./context";
import { json, jsonError } from "./responses";

/** GET /v1/job-applications: 200 array, 400 with the cause's message, 401, 429 with Retry-After. */
async function jobApplications(context: HttpContext): Promise<Response> {
  return withAccess(context, "job-applications", null, async (principal) => {
    const orgId = principal.organization.id;
    const decision = await context.settings.rateLimiter.take(orgId, context.now);
    if (!decision.allowed) {
      return jsonError(
        429,
        `Rate limit exceeded (1000 requests per 5 minutes); retry after ${decision.retryAfterSeconds} seconds.`,
        {
          "retry-after": String(decision.retryAfterSeconds),
        },
      );
    }
    const outcome = await queryJobApplications(context.settings.store, {
      orgId,
      params: context.url.searchParams,
      now: context.now,
    });
    return outcome.ok ? json(200, outcome.items) : jsonError(400, outcome.error.message);
  });
}

export const feedRoutes: Route[] = [
  { method: "GET", path: /^\/v1\/job-applications$/, handle: jobApplications },
];
