import { logIn } from "../auth/login";
import { TOKEN_LIFETIME_SECONDS } from "../auth/token";
import type { HttpContext, Route } from "./context";
import { readBounded } from "./multipart";
import { text } from "./responses";

const FORM_LIMIT = 64 * 1024;

/**
 * POST {login_url}: always 200 with an empty body (spec); success is the session cookie being
 * set. Nothing in the response says why a login failed.
 */
async function login(context: HttpContext): Promise<Response> {
  const fields = await formFields(context.request);
  const outcome = await logIn(
    context.settings.store,
    {
      shortName: decodeURIComponent(context.params.orgName ?? ""),
      email: fields.get("email") ?? "",
      password: fields.get("password") ?? "",
      mfaCode: fields.get("mfaCode"),
      now: context.now,
    },
    { secret: context.settings.secret, throttle: context.settings.loginThrottle },
  );
  if (!outcome.ok) return text(200, "");
  const attributes = [
    `${context.settings.cookieName}=${outcome.token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${TOKEN_LIFETIME_SECONDS}`,
    ...(context.settings.cookieSecure ? ["Secure"] : []),
  ];
  return text(200, "", { "set-cookie": attributes.join("; ") });
}

async function formFields(request: Request): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const body = await readBounded(request, FORM_LIMIT);
  if (!body.ok) return fields;
  const type = request.headers.get("content-type") ?? "";
  try {
    const form = await new Response(body.bytes, { headers: { "content-type": type } }).formData();
    for (const name of ["email", "password", "mfaCode"]) {
      const value = form.get(name);
      if (typeof value === "string") fields.set(name, value);
    }
  } catch {
    // Not a form: no fields, so the login fails like any other.
  }
  return fields;
}

export const loginRoutes: Route[] = [
  { method: "POST", path: /^\/app\/(?<orgName>[^/]+)\/admin\/auth\/?$/, handle: login },
];
