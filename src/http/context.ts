import { authorize, type EndpointGroup, type Principal } from "../auth/policy";
import type { LoginThrottle } from "../auth/throttle";
import type { TokenSecret } from "../auth/token";
import type { RateLimiter } from "../feed/rate-limit";
import type { Store } from "../store/port";
import type { Product } from "../store/products";
import { jsonError } from "./responses";
import { authenticate } from "./session";

/** The handler's options with every default filled in. */
export interface HttpSettings {
  store: Store;
  secret: TokenSecret;
  cookieName: string;
  cookieSecure: boolean;
  acceptBearer: boolean;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Makes ids for created rows; `undefined` uses random UUIDs. */
  newId: (() => string) | undefined;
}

/** One request as the route handlers see it. */
export interface HttpContext {
  request: Request;
  url: URL;
  params: Readonly<Record<string, string>>;
  now: Date;
  settings: HttpSettings;
}

/** Answers one request of a route, given the request context. */
export type RouteHandler = (context: HttpContext) => Promise<Response>;

/** A method and path of the interface with the handler that answers it. */
export interface Route {
  method: "GET" | "POST" | "DELETE";
  /** Matched against the whole path; named groups become `params`. */
  path: RegExp;
  handle: RouteHandler;
}

/**
 * Runs `work` for an authenticated caller the policy allows in `group`: 401 without a valid
 * session, the policy's 401 or 403 otherwise.
 */
export async function withAccess(
  context: HttpContext,
  group: EndpointGroup,
  product: Product | null,
  work: (principal: Principal) => Promise<Response>,
): Promise<Response> {
  const principal = await authenticate(
    context.request,
    {
      store: context.settings.store,
      secret: context.settings.secret,
      cookieName: context.settings.cookieName,
      acceptBearer: context.settings.acceptBearer,
    },
    context.now,
  );
  if (principal === null) {
    return jsonError(
      401,
      `Authentication failed or the session is missing: log in and send the ${context.settings.cookieName} cookie.`,
    );
  }
  const decision = authorize(group, principal, product);
  if (!decision.allowed) return jsonError(decision.status, decision.error);
  return work(principal);
}

/** A UUID in its canonical textual form (the spec's reviewCycleId). */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}
