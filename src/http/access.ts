import type { Context, HonoRequest, MiddlewareHandler } from "hono";
import { authorize, type EndpointGroup } from "../auth/policy";
import type { Product } from "../domain/products";
import type { HttpEnv, HttpSettings } from "./env";
import { jsonError } from "./responses";
import { callerOf, type ReadBeside, sessionTokenOf } from "./session";

/**
 * 401 unless the request carries a valid session (cookie, or a bearer token when the host opts
 * in); otherwise the caller becomes the context's `principal`. Nothing of the request beyond its
 * headers has been looked at when this answers.
 */
export function requireSession(settings: HttpSettings): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = await admit(c, settings, null, NO_PRODUCT, null, ADMITTED);
    if (refused !== null) return refused;
    await next();
  };
}

/**
 * {@link requireSession} then {@link requireAccess}, as one middleware: the read-only routes ask
 * for both, and each middleware is a link more of the chain every request walks.
 */
export function requireCaller(
  settings: HttpSettings,
  group: EndpointGroup,
  productOf: (request: HonoRequest) => Product | null = NO_PRODUCT,
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = await admit(c, settings, group, productOf, null, ADMITTED);
    if (refused !== null) return refused;
    await next();
  };
}

/**
 * `handler`, answering only a caller {@link requireCaller} admits, in the same link of the chain:
 * for a route that has no parameters or body of its own to check (a route that has them checks
 * them before its handler, so before this). With `beside`, the handler is also handed what was
 * read in the caller's own transaction (see {@link ReadBeside}; it runs only for a caller the
 * group's policy admits).
 */
export function forCaller<T = undefined>(
  settings: HttpSettings,
  group: EndpointGroup,
  handler: (c: Context<HttpEnv>, beside: T | undefined) => Response | Promise<Response>,
  beside?: Omit<ReadBeside<T>, "admits">,
): (c: Context<HttpEnv>) => Response | Promise<Response> {
  const read: ReadBeside<T> | null =
    beside === undefined
      ? null
      : { ...beside, admits: (principal) => authorize(group, principal).allowed };
  return (c) => admit(c, settings, group, NO_PRODUCT, read, handler);
}

const NO_PRODUCT = () => null;
const ADMITTED = () => null;

/**
 * `admitted(c, beside)` once the caller is the context's `principal`; or the 401 (or, with
 * `group`, the policy's 401 or 403) to answer. A promise only while the store is read; chained,
 * not awaited, since a suspended async frame is an allocation every request pays for.
 */
function admit<T, R>(
  c: Context<HttpEnv>,
  settings: HttpSettings,
  group: EndpointGroup | null,
  productOf: (request: HonoRequest) => Product | null,
  beside: ReadBeside<T> | null,
  admitted: (c: Context<HttpEnv>, beside: T | undefined) => R | Promise<R>,
): Response | Promise<Response | R> {
  const token = sessionTokenOf(c.req.raw, settings);
  if (token?.repeated) {
    return jsonError(
      401,
      `The request carries the ${settings.cookieName} cookie more than once, so it is not known whose session it is; clear this site's cookies and log in again.`,
    );
  }
  return callerOf(settings, c.get("now"), token, beside).then<Response | R>((caller) => {
    if (caller === null) {
      return jsonError(
        401,
        `Authentication failed or the session is missing: log in and send the ${settings.cookieName} cookie.`,
      );
    }
    c.set("principal", caller.principal);
    return (
      (group === null ? null : accessRefusal(c, group, productOf)) ?? admitted(c, caller.beside)
    );
  });
}

/**
 * The policy's answer for the caller on `group` (403, or the policy's 401 for the feed). The
 * product, when the endpoint names one, is read from the raw request without judging it: an
 * unknown or missing value asks only for what every product needs, and the request's own
 * parameter check (400) runs after this.
 */
export function requireAccess(
  group: EndpointGroup,
  productOf: (request: HonoRequest) => Product | null = NO_PRODUCT,
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
