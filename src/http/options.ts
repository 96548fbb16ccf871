import type { LoginProtection } from "../auth/login-protection";
import type { PasswordHasher } from "../auth/password";
import type { TokenSecret } from "../auth/token";
import type { RateLimiter } from "../feed/rate-limit";
import type { Store } from "../store/port";
import type { GraphqlHttpOptions } from "./graphql";

/**
 * Options of `createHttpHandler` and `createHttpApp`: the store, the token secret, and
 * optional clock, limiters, client identity, trusted origins and logger.
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
  /**
   * Origins (`https://hr.example.com`) besides the request's own from which cookie-authenticated
   * writes are accepted; every other site's are refused with 403 (CSRF).
   */
  trustedOrigins?: readonly string[];
  /**
   * Who is asking, as a short key (the client's address, from the socket or a proxy header the
   * host trusts). Login protection counts failures per client and per account and client; without
   * it, failures for an account delay every login to that account (never every login).
   */
  clientKey?: (request: Request) => string;
  /** The feed's limiter; 1000 requests per 5 minutes per organization, in memory, by default. */
  rateLimiter?: RateLimiter;
  /**
   * Login brute-force protection (`createLoginProtection`): per account and client with growing
   * delays, and per client; in memory by default.
   */
  loginProtection?: LoginProtection;
  /** Checks passwords; scrypt on the runtime's thread pool by default. */
  passwordHasher?: PasswordHasher;
  /** Ids for created records; `crypto.randomUUID` by default. */
  newId?: () => string;
  /**
   * GraphQL's cost budget and the bound on heavy queries per organization (defaults in
   * `MEMBER_GRAPHQL_LIMITS`: 20,000; 2 at once and 8 waiting up to 10 s, then 429).
   */
  graphql?: GraphqlHttpOptions;
  /** Told about every unexpected failure (answered 500 without details). */
  onError?: (error: unknown, request: Request) => void;
}
