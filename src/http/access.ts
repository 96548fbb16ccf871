import type { Context, HonoRequest, MiddlewareHandler } from "hono";
import { authorize, type EndpointGroup } from "../auth/policy";
import type { Product } from "../store/products";
import type { HttpEnv, HttpSettings } from "./env";
import { jsonError } from "./responses";
import { authenticate, sessionTokenOf } from "./session";

/**
 * 401 unless the request carries a valid session (cookie, or a bearer token when the host opts
 * in); otherwise the caller becomes the context's `principal`. Nothing of the request beyond its
 * headers has been looked at when this answers.
 */
export function requireSession(settings: HttpSettings): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = await sessionRefusal(c, settings);
    if (refused !== null) return refused;
    await next();
  };
}

/** The 401 for a request without a valid session; otherwise the caller becomes `principal`. */
async function sessionRefusal(
  c: Context<HttpEnv>,
  settings: HttpSettings,
): Promise<Response | null> {
  const token = sessionTokenOf(c.req.raw, settings);
  if (token?.repeated) {
    return jsonError(
      401,
      `The request carries the ${settings.cookieName} cookie more than once, so it is not known whose session it is; clear this site's cookies and log in again.`,
    );
  }
  const principal = await authenticate(c.req.raw, settings, c.get("now"), token);
  if (principal === null) {
    return jsonError(
      401,
      `Authentication failed or the session is missing: log in and send the ${settings.cookieName} cookie.`,
    );
  }
  c.set("principal", principal);
  return null;
}

/**
 * {@link requireSession} then {@link requireAccess}, as one middleware: the read-only routes ask
 * for both, and each middleware is a link more of the chain every request walks.
 */
export function requireCaller(
  settings: HttpSettings,
  group: EndpointGroup,
  productOf: (request: HonoRequest) => Product | null = () => null,
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = (await sessionRefusal(c, settings)) ?? accessRefusal(c, group, productOf);
    if (refused !== null) return refused;
    await next();
  };
}

/**
 * The policy's answer for the caller on `group` (403, or the policy's 401 for the feed). The
 * product, when the endpoint names one, is read from the raw request without judging it: an
 * unknown or missing value asks only for what every product needs, and the request's own
 * parameter check (400) runs after this.
 */
export function requireAccess(
  group: EndpointGroup,
  productOf: (request: HonoRequest) => Product | null = () => null,
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = accessRefusal(c, group, productOf);
    if (refused !== null) return refused;
    await next();
  };
}

function accessRefusal(
  c: Context<HttpEnv>,
  group: EndpointGroup,
  productOf: (request: HonoRequest) => Product | null,
): Response | null {
  const decision = authorize(group, c.get("principal"), productOf(c.req));
  return decision.allowed ? null : jsonError(decision.status, decision.error);
}
