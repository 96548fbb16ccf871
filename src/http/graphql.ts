import { z } from "zod";
import { executeMemberGraphql } from "../graphql/execute";
import { type HttpContext, type Route, withAccess } from "./context";
import { readBounded } from "./multipart";
import { json, jsonError } from "./responses";

const GRAPHQL_BODY_LIMIT = 1024 * 1024;
const graphqlRequest = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().nullable().optional(),
});

/**
 * POST /api/v2/graphql: the per-member operations. 401 without a session and 403 for a caller who
 * is no Admin, as the REST endpoints; a malformed request is 400; otherwise 200 with the standard
 * `{data, errors}` body (or 400 when the document does not parse or validate).
 */
async function graphqlEndpoint(context: HttpContext): Promise<Response> {
  return withAccess(context, "member-files", null, async (principal) => {
    const body = await readBounded(context.request, GRAPHQL_BODY_LIMIT);
    if (!body.ok) return jsonError(413, "The GraphQL request is too large.");
    let request: z.infer<typeof graphqlRequest>;
    try {
      request = graphqlRequest.parse(JSON.parse(new TextDecoder().decode(body.bytes)));
    } catch {
      return jsonError(400, 'The body must be JSON {"query": "...", "variables": {...}}.');
    }
    const result = await executeMemberGraphql(request, {
      store: context.settings.store,
      principal,
      now: context.now,
      newId: context.settings.newId,
    });
    // A document that does not parse or validate never executes: no data at all.
    return json(result.data === undefined ? 400 : 200, result);
  });
}

export const graphqlRoutes: Route[] = [
  { method: "POST", path: /^\/api\/v2\/graphql$/, handle: graphqlEndpoint },
];
