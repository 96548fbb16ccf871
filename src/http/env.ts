import type { Principal } from "../auth/policy";
import type { LoginThrottle } from "../auth/throttle";
import type { TokenSecret } from "../auth/token";
import type { RateLimiter } from "../feed/rate-limit";
import type { Store } from "../store/port";

/** The handler's options with every default filled in; what every route and middleware reads. */
export interface HttpSettings {
  store: Store;
  secret: TokenSecret;
  cookieName: string;
  cookieSecure: boolean;
  acceptBearer: boolean;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Origins besides the request's own whose cookie-authenticated writes are accepted. */
  trustedOrigins: readonly string[];
  /** Who is asking, for login protection; `""` when the host cannot tell. */
  clientKey: (request: Request) => string;
  /** Makes ids for created rows; `undefined` uses random UUIDs. */
  newId: (() => string) | undefined;
  /** The host's clock. */
  now: () => Date;
  /** Told about every unexpected failure. */
  onError: ((error: unknown, request: Request) => void) | undefined;
}

/** The Hono environment of rpdi's app: what the middleware chain hands the routes. */
export interface HttpEnv {
  Variables: {
    /** The request's time, read once from the host's clock. */
    now: Date;
    /** The authenticated caller; set by the session middleware. */
    principal: Principal;
  };
}
