import type { Context } from "hono";
import { routePath } from "hono/route";
import type { HttpEnv } from "./env";

/**
 * The template of the route that answered (`/app/:org_name/admin/auth/`), never the path as sent,
 * which may carry addresses; `undefined` when none did (a 404, or a refusal before routing).
 */
export function routeTemplateOf(c: Context<HttpEnv>): string | undefined {
  const route = routePath(c, -1);
  return route === "*" || route === "/*" ? undefined : route;
}
