import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { endSessions } from "../auth/end-sessions";
import { cookieHeader } from "./cookie-header";
import { comesFromAnotherSite, refuseCrossSiteWrites } from "./cross-site";
import type { HttpEnv, HttpSettings } from "./env";
import { COMMON_HEADERS, jsonError } from "./responses";
import { FORBIDDEN, SERVER_ERROR, UNAVAILABLE } from "./route-parts";
import { authenticate } from "./session";

export const logoutRoute = createRoute({
  method: "post",
  path: "/app/{org_name}/admin/auth/logout",
  summary:
    "Log out: ends every session of the caller's member and clears the session cookie. Always 204, with or without a valid session.",
  tags: ["Login"],
  // The session is optional: without one the cookie is still cleared.
  security: [{ SERVICEAUTH: [] }, {}],
  responses: {
    204: {
      description: "The member's sessions are ended (when there was one) and the cookie cleared.",
    },
    403: FORBIDDEN,
    500: SERVER_ERROR,
    503: UNAVAILABLE,
  },
});

/**
 * POST {login_url}logout: ends every session of the member the request's session belongs to (the
 * session epoch goes up, so every token issued to them before answers 401, on every device), and
 * clears the cookie. Idempotent: without a valid session it still clears the cookie and answers
 * the same 204. The organization in the address is not checked against the session's: a browser
 * holds one session cookie, and this ends whichever it is. A cookie-authenticated logout from
 * another site is refused with 403 like any cookie-authenticated write (it would sign the victim
 * out everywhere).
 */
export function registerLogoutRoute(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  // Also served with a trailing slash, undocumented, as the login address is without one.
  for (const route of [
    logoutRoute,
    { ...logoutRoute, path: "/app/{org_name}/admin/auth/logout/", hide: true },
  ])
    app.openapi({ ...route, middleware: [refuseCrossSiteWrites(settings)] }, async (c) => {
      // Without a cookie too: a cross-site form POST is a top-level navigation, which carries no
      // SameSite=Lax cookie but whose Set-Cookie the browser applies (a forced sign-out).
      if (comesFromAnotherSite(c.req.raw, settings.trustedOrigins)) {
        return jsonError(403, "Cross-site request refused: log out from this site.");
      }
      const principal = await authenticate(c.req.raw, settings, c.get("now"));
      if (principal !== null) {
        await endSessions(settings.store, {
          orgId: principal.organization.id,
          memberId: principal.member.id,
        });
      }
      return new Response(null, {
        status: 204,
        headers: {
          ...COMMON_HEADERS,
          "set-cookie": cookieHeader(settings, settings.cookieName, "", 0),
        },
      });
    });
}
