import { createLoginThrottle, type LoginThrottle } from "../auth/throttle";
import type { TokenSecret } from "../auth/token";
import { createRateLimiter, FEED_RATE_LIMIT, type RateLimiter } from "../feed/rate-limit";
import { StoreConflictError } from "../store/errors";
import type { Store } from "../store/port";
import type { HttpContext, HttpSettings, Route } from "./context";
import { feedRoutes } from "./feed";
import { graphqlRoutes } from "./graphql";
import { listRoutes } from "./lists";
import { loginRoutes } from "./login";
import { matterRoutes } from "./matters";
import { memberRoutes } from "./members";
import { openApiDocument } from "./openapi";
import { json, jsonError } from "./responses";

/**
 * Options of {@link createHttpHandler}: the store, the token secret, and optional clock, throttle,
 * rate limiter and logger.
 */
export interface HttpHandlerOptions {
  store: Store;
  /** Signs session tokens (HS256); at least 32 bytes. Keep it out of code and logs. */
  tokenSecret: TokenSecret;
  /** The clock; `new Date()` by default. */
  now?: () => Date;
  /** The session cookie's name; the spec writes it `SERVICEAUTH`. */
  cookieName?: string;
  /** Mark the cookie `Secure` (default true; a plain-http local sandbox turns it off). */
  secureCookie?: boolean;
  /** Accept `Authorization: Bearer <token>` as well as the cookie (default false). */
  acceptBearer?: boolean;
  /** The feed's limiter; an in-memory 1000-per-5-minutes window per organization by default. */
  rateLimiter?: RateLimiter;
  /** Login failure throttling; in memory by default. */
  loginThrottle?: LoginThrottle;
  /** Ids for created records; `crypto.randomUUID` by default. */
  newId?: () => string;
  /** Told about every unexpected failure (answered 500 without details). */
  onError?: (error: unknown, request: Request) => void;
}

const openApiRoutes: Route[] = [
  { method: "GET", path: /^\/openapi\.json$/, handle: async () => json(200, openApiDocument()) },
];

/**
 * Every route the handler serves, in matching order; the OpenAPI tests check it against {@link
 * OPERATIONS}.
 */
export const ROUTES: readonly Route[] = [
  ...openApiRoutes,
  ...memberRoutes,
  ...listRoutes,
  ...matterRoutes,
  ...feedRoutes,
  ...graphqlRoutes,
  ...loginRoutes,
];

/**
 * The whole interface over web-standard Request and Response: every endpoint of the spec at its
 * path, with its status codes and bodies. Mount it on any host that speaks fetch.
 */
export function createHttpHandler(
  options: HttpHandlerOptions,
): (request: Request) => Promise<Response> {
  const settings: HttpSettings = {
    store: options.store,
    secret: options.tokenSecret,
    cookieName: options.cookieName ?? "SERVICEAUTH",
    cookieSecure: options.secureCookie ?? true,
    acceptBearer: options.acceptBearer ?? false,
    rateLimiter: options.rateLimiter ?? createRateLimiter(FEED_RATE_LIMIT),
    loginThrottle: options.loginThrottle ?? createLoginThrottle(),
    newId: options.newId,
  };
  const clock = options.now ?? (() => new Date());
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return jsonError(400, "The request URL is not valid.");
    }
    const matching = ROUTES.map((route) => ({
      route,
      match: route.path.exec(url.pathname),
    })).filter((candidate) => candidate.match !== null);
    if (matching.length === 0) return jsonError(404, "Not found.");
    const chosen = matching.find((candidate) => candidate.route.method === request.method);
    if (chosen === undefined) {
      const allow = [...new Set(matching.map((candidate) => candidate.route.method))].join(", ");
      return jsonError(405, `Method not allowed; use ${allow}.`, { allow });
    }
    const context: HttpContext = {
      request,
      url,
      params: { ...chosen.match?.groups },
      now: clock(),
      settings,
    };
    try {
      return await chosen.route.handle(context);
    } catch (error) {
      if (error instanceof StoreConflictError) {
        return jsonError(
          409,
          "Another change to the same data was being written at the same time; nothing was written. Retry.",
        );
      }
      options.onError?.(error, request);
      return jsonError(500, "Internal server error; nothing was written. Retry later.");
    }
  };
}
