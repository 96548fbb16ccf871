import type { MiddlewareHandler } from "hono";
import type { LoginProtection } from "../auth/login-protection";
import type { PasswordHasher } from "../auth/password";
import type { Principal } from "../auth/policy";
import type { SessionStampCheck } from "../auth/session-stamp";
import type { RememberingTokenVerifier, TokenSecret } from "../auth/token";
import type { WebhookUrlPolicy } from "../changes/webhook-url";
import type { FeedJsonMemo } from "../feed/json-memo";
import type { PartialMessageCatalog } from "../messages/catalog";
import type { OutageLog } from "../runtime/outages";
import type { RateLimiter } from "../runtime/rate-limit";
import type { Store } from "../store/port";
import type { DeprecationOptions } from "./deprecation-options";
import type { ImportWorkerPool } from "./import-pool";
import type { RpdiLogger } from "./logger";

/** The handler's options with every default filled in; what every route and middleware reads. */
export interface HttpSettings {
  store: Store;
  secret: TokenSecret;
  /** Verifies session tokens under `secret`, remembering the ones it accepted. */
  verifyToken: RememberingTokenVerifier;
  /** Compares a session's stamp with its member's as stored now, remembering recent matches. */
  checkStamp: SessionStampCheck;
  /** Host names answered; `null` answers every host. */
  allowedHosts: readonly string[] | null;
  cookieName: string;
  /** The device cookie's name (login protection's trusted devices). */
  deviceCookieName: string;
  cookieSecure: boolean;
  acceptBearer: boolean;
  rateLimiter: RateLimiter;
  /** The feed's answers from a store's index, kept per index and selection. */
  feedAnswers: FeedJsonMemo;
  loginProtection: LoginProtection;
  /** Checks passwords; `undefined` uses the default scrypt hasher. */
  passwordHasher: PasswordHasher | undefined;
  /** Origins besides the request's own whose cookie-authenticated writes are accepted. */
  trustedOrigins: readonly string[];
  /** Who is asking, for login protection; `""` when the host cannot tell. */
  clientKey: (request: Request) => string;
  /** Makes ids for created rows; `undefined` uses random UUIDs. */
  newId: (() => string) | undefined;
  /** The host's clock. */
  now: () => Date;
  /** How the operator API judges webhook receivers' URLs. */
  webhookUrlPolicy: WebhookUrlPolicy;
  /** Told about every unexpected failure. */
  onError: ((error: unknown, request: Request) => void) | undefined;
  /** Worker threads for large files; `null` runs every file on the event loop, paced. */
  importPool: ImportWorkerPool | null;
  /** One turn of the bound on imports running at once (`limitImports`), shared by their routes. */
  importTurn: MiddlewareHandler<HttpEnv>;
  deprecation: DeprecationOptions;
  logger: RpdiLogger | undefined;
  /** Outages of the store's database and the limiters, logged once each. */
  outages: OutageLog;
  /** The host's words for member and matter error messages; `undefined` says them in English. */
  messages: PartialMessageCatalog | undefined;
  /** Counts the account pages' tries (links, recovery requests, MFA codes). */
  accountLimiter: RateLimiter;
  /** How long the member import's invitations stay valid; `undefined` is the service's default. */
  invitationLifetimeMs: number | undefined;
  /** Days a cursor of the job-application changes is served after it was handed out. */
  changeRetentionDays: number;
}

/** The Hono environment of rpdi's app: what the middleware chain hands the routes. */
export interface HttpEnv {
  Variables: {
    /** The request's time, read once from the host's clock. */
    now: Date;
    /** The authenticated caller; set by the session middleware. */
    principal: Principal;
    /** The route's request body limit in bytes, when it sets one (`bodyLimit`). */
    bodyLimit: number | undefined;
    /** The request's id in logs, when the binding logs. */
    requestId: string | undefined;
  };
}
