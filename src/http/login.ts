import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { DEVICE_COOKIE_LIFETIME_SECONDS } from "../auth/device-cookie";
import { type LogInOutcome, logIn } from "../auth/login";
import { TOKEN_LIFETIME_SECONDS } from "../auth/token";
import { instruments } from "../telemetry/otel";
import { cookieHeader } from "./cookie-header";
import { comesFromAnotherSite } from "./cross-site";
import type { HttpEnv, HttpSettings } from "./env";
import { readFormFields } from "./form-fields";
import { text } from "./responses";
import { documentedOnly } from "./route-parts";
import { cookieValues } from "./session";

/** Device cookies of one name looked at per login; a browser holds one, an attacker may plant some. */
const MAX_DEVICE_COOKIES = 4;

const LOGIN_FIELDS = ["email", "password", "mfaCode"] as const;

export const loginRoute = createRoute({
  method: "post",
  path: "/app/{org_name}/admin/auth/",
  summary: "Log in; success sets the session cookie. Always 200.",
  tags: ["Login"],
  security: [],
  request: {
    // Read by the handler: a login answers 200 whatever its parameters and body hold (spec).
    params: z.object({ org_name: z.string() }),
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: documentedOnly(
            z.object({ email: z.string(), password: z.string(), mfaCode: z.string().optional() }),
          ),
        },
      },
    },
  },
  responses: {
    200: {
      description:
        "Empty; success is the session cookie being set. A browser's form post (`Accept: text/html`) gets an HTML page instead, when the host serves the account pages.",
      content: {
        "text/plain": { schema: { type: "string" } },
        "text/html": { schema: { type: "string" } },
      },
    },
  },
});

/**
 * How the login answers a browser's form post (`Accept` naming `text/html`) when the host serves
 * the account pages: HTML in place of the empty body, still 200 in every case (spec).
 */
export interface BrowserLoginPages {
  /** A form posted from another site's page: nothing was checked. */
  crossSite(request: Request): Response;
  /** The login failed (the form again, saying nothing of why), or needs an MFA setup first. */
  failed(
    request: Request,
    outcome: Extract<LogInOutcome, { ok: false }>,
    email: string,
    now: Date,
  ): Promise<Response>;
  /** Signed in: the page the session and device cookies are set on. */
  signedIn(request: Request): Response;
}

/**
 * POST {login_url}: always 200 with an empty body (spec); success is the session cookie being
 * set, with a device cookie that exempts this browser from the account's lockout next time.
 * Nothing in the response says why a login failed. A login posted from another site's page fails
 * like any other (login CSRF would sign the victim into the attacker's account). With `pages`, a
 * browser's form post is answered with HTML (see {@link BrowserLoginPages}); API clients, which do
 * not ask for HTML, get the empty body.
 */
export function registerLoginRoute(
  app: OpenAPIHono<HttpEnv>,
  settings: HttpSettings,
  pages: BrowserLoginPages | null = null,
): void {
  // The spec's login address ends in a slash; the same form without it is served, undocumented.
  for (const route of [
    loginRoute,
    { ...loginRoute, path: "/app/{org_name}/admin/auth", hide: true },
  ])
    app.openapi(route, async (c) => {
      const request = c.req.raw;
      const browser = pages !== null && asksForHtml(request) ? pages : null;
      if (comesFromAnotherSite(request, settings.trustedOrigins)) {
        instruments()?.loginFailures.add(1, { "rpdi.login.reason": "CROSS_SITE" });
        return browser === null ? text(200, "") : browser.crossSite(request);
      }
      // A body past the limit has no fields: the login fails like any other.
      const fields = (await readFormFields(request, LOGIN_FIELDS)) ?? new Map<string, string>();
      const outcome = await logIn(
        settings.store,
        {
          // Hono hands the segment over undecoded when it is not valid percent-encoding.
          shortName: c.req.param("org_name") ?? "",
          email: fields.get("email") ?? "",
          password: fields.get("password") ?? "",
          mfaCode: fields.get("mfaCode"),
          client: settings.clientKey(request),
          // Every value: a cookie of the same name planted for a longer path is sent first.
          deviceCookie: cookieValues(request, settings.deviceCookieName).slice(
            0,
            MAX_DEVICE_COOKIES,
          ),
          now: c.get("now"),
        },
        {
          secret: settings.secret,
          protection: settings.loginProtection,
          hasher: settings.passwordHasher,
        },
      );
      if (!outcome.ok) {
        instruments()?.loginFailures.add(1, { "rpdi.login.reason": outcome.reason });
        return browser === null
          ? text(200, "")
          : browser.failed(request, outcome, fields.get("email") ?? "", c.get("now"));
      }
      const response = browser === null ? text(200, "") : browser.signedIn(request);
      response.headers.append(
        "set-cookie",
        cookieHeader(settings, settings.cookieName, outcome.token, TOKEN_LIFETIME_SECONDS),
      );
      response.headers.append(
        "set-cookie",
        cookieHeader(
          settings,
          settings.deviceCookieName,
          outcome.deviceCookie,
          DEVICE_COOKIE_LIFETIME_SECONDS,
        ),
      );
      return response;
    });
}

/** Whether the request asks for HTML: a browser's form post does, API clients do not. */
function asksForHtml(request: Request): boolean {
  return (request.headers.get("accept") ?? "").toLowerCase().includes("text/html");
}
