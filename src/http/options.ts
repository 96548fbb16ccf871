import type { LoginProtection } from "../auth/login-protection";
import type { PasswordHasher } from "../auth/password";
import type { TokenSecret } from "../auth/token";
import type { WebhookUrlPolicy } from "../changes/webhook-url";
import type { PartialMessageCatalog } from "../messages/catalog";
import type { OutageLog } from "../runtime/outages";
import type { RateLimiter } from "../runtime/rate-limit";
import type { Store } from "../store/port";
import type { DeprecationOptions } from "./deprecation-options";
import type { GraphqlHttpOptions } from "./graphql";
import type { HealthOptions } from "./health";
import type { ImportWorkerPool } from "./import-pool";
import type { JobBoardHttpOptions } from "./job-board";
import type { RpdiLogger } from "./logger";

/**
 * Options of `createHttpHandler` and `createHttpApp`: the store, the token secret, and
 * optional clock, limiters, client identity, trusted origins and logger.
 */
export interface HttpHandlerOptions extends JobBoardHttpOptions {
  store: Store;
  /** Signs session tokens (HS256); at least 32 bytes. Keep it out of code and logs. */
  tokenSecret: TokenSecret;
  /** The clock; `new Date()` by default. */
  now?: () => Date;
  /**
   * The host names this service answers to (`hr.example.com`, `.example.com` for it and its
   * subdomains, `127.0.0.1`); a request addressed to any other is refused with 421 before
   * routing (DNS rebinding). Unset, every host is answered: set it in production.
   */
  allowedHosts?: readonly string[];
  /**
   * The session cookie's name; the spec writes it `SERVICEAUTH`, the sandbox's name. In
   * production use `__Host-SERVICEAUTH`: browsers then accept it only `Secure`, for `Path=/` and
   * without `Domain`, so no sibling subdomain or plain-http response can set one to shadow it.
   */
  cookieName?: string;
  /**
   * The device cookie's name (OWASP device cookies: set on each successful login, it lets that
   * browser past the lockout an attacker causes); `<cookieName>_DEVICE` by default, which keeps a
   * `__Host-` prefix.
   */
  deviceCookieName?: string;
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
   * it, failures for an account delay every login to that account from a browser without a
   * device cookie (never every login, never the owner's trusted devices).
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
  /** Ids for created records; `newRecordId` (a random UUID) by default. */
  newId?: () => string;
  /**
   * GraphQL's cost budget and the bound on heavy queries per organization (defaults in
   * `MEMBER_GRAPHQL_LIMITS`: 20,000; 2 at once and 8 waiting up to 10 s, then 429).
   */
  graphql?: GraphqlHttpOptions;
  /** Told about every unexpected failure (answered 500 without details). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * The deprecated matter endpoints (`upload-csv`, `validate-csv`) answer `Deprecation` with this
   * date (RFC 9745; 2026-11-22 by default) and, when set, `Sunset` (RFC 8594).
   */
  deprecation?: DeprecationOptions;
  /**
   * `GET /healthz` and `GET /readyz` for load balancers and orchestrators (off by default: the
   * paths are outside the spec's). `true`, or the readiness deadline and extra checks.
   */
  health?: boolean | HealthOptions;
  /**
   * Logs a line per request and per import (pino's `Logger` fits). Nothing secret is logged: no
   * header, cookie, token, password, MFA code, query string or file content. Unset, nothing is.
   */
  logger?: RpdiLogger;
  /**
   * Where outages are logged and counted (`createOutageLog`): once when a dependency is found
   * unreachable, once when it answers again. Pass the one the shared limiters were given
   * (`createRedisLimiters`'s `outageLog`) so one log covers both; by default one writing to
   * `logger`.
   */
  outageLog?: OutageLog;
  /**
   * Worker threads for the file work of imports (member import, the matter writes and
   * validators), so other requests are answered while a large file is read: a thread count, a
   * pool the host made and closes (`createImportWorkerPool`), or `false` for none. By default
   * `defaultImportWorkers` threads, started on the first large file and closed by the handler's
   * `close()`. Without threads (`false`, or a host without worker threads), the work runs on the
   * event loop in slices of about 10 ms.
   */
  importWorkers?: number | false | ImportWorkerPool;
  /**
   * File imports that may run at once in this process; beyond it, 503 with `Retry-After` before
   * the body is read. 2 by default.
   */
  maxConcurrentImports?: number;
  /**
   * The host's words for the messages of member and matter errors (`defineMessages` in `rpdi`):
   * any subset of the catalog's keys, English for the rest. Template entries (`"{column} fehlt."`)
   * are plain data and go with a large file to the worker threads; a catalog with a function
   * entry keeps its files on the event loop, paced, since a function cannot cross to a thread.
   */
  messages?: PartialMessageCatalog;
  /**
   * The account pages beside the login address, HTML for browsers that needs no script: the
   * sign-in form (`GET {login_url}`), setting a password from an invitation, password recovery
   * and reset, and authenticator (MFA) setup. `true` by default; `false` serves none of them, and
   * the login answers every POST as the spec says (200, empty body).
   */
  accountPages?: boolean;
  /**
   * Counts the tries of the account pages (password set by a link, recovery requests, MFA codes)
   * per client and per account, so that guessing links or codes is bounded; a try past the budget
   * answers "too many tries" and does nothing. 20 tries per 15 minutes per key in memory by
   * default. Clients the host cannot tell apart (no `clientKey`) share one budget: set
   * `clientKey`, and share one limiter between instances (`createRedisLimiters`).
   */
  accountLimiter?: RateLimiter;
  /**
   * How long the invitation link of each member the member import creates stays valid (7 days by
   * default).
   */
  invitationLifetimeMs?: number;
  /**
   * Days a cursor of `GET /v1/job-applications/changes` is served after it was handed out (30 by
   * default); an older one is answered 410 with `resync: true`, and its reader reads everything
   * again. Readers must sync at least this often to keep their copy by changes alone.
   */
  changeRetentionDays?: number;
  /**
   * Turns on the operator API under `/operator/v1` (create and change organizations, record job
   * applications, erase candidates) for callers sending `Authorization: Bearer <operatorToken>`;
   * unset, those paths do not exist (404). At least 16 characters (`openssl rand -hex 32` makes a
   * good one); compared in constant time, before any body is read. It is not a member's session:
   * keep it with the people who run the deployment, out of code and logs.
   */
  operatorToken?: string;
  /**
   * How the operator API judges webhook receivers' URLs: public addresses only, resolved by the
   * system resolver (`defaultWebhookUrlPolicy()`); `rpdi serve --allow-loopback-webhooks` allows
   * loopback receivers for a sandbox.
   */
  webhookUrlPolicy?: WebhookUrlPolicy;
}
