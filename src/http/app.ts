import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { createLoginProtection } from "../auth/login-protection";
import { createSessionStampCheck } from "../auth/session-stamp";
import { createTokenVerifier } from "../auth/token";
import { DEFAULT_CHANGE_RETENTION_DAYS } from "../changes/read-changes";
import { FeedJsonMemo } from "../feed/json-memo";
import { createRateLimiter, FEED_RATE_LIMIT } from "../feed/rate-limit";
import { createOutageLog } from "../runtime/outages";
import { createWindowRateLimiter } from "../runtime/rate-limit";
import { StoreConflictError } from "../store/errors";
import { browserLoginPages, registerAccountPages } from "./account-pages";
import { ACCOUNT_TRIES_LIMIT } from "./account-pages/context";
import { hostRefusal } from "./allowed-hosts";
import { BodyTooLargeError, countRequestBody, hostRequestOf } from "./body-limit";
import { registerChangesRoute } from "./changes";
import type { HttpEnv, HttpSettings } from "./env";
import { registerFeedRoutes } from "./feed";
import { registerGraphqlRoute } from "./graphql";
import { registerHealthRoutes } from "./health";
import { DEFAULT_MAX_CONCURRENT_IMPORTS, limitImports } from "./import-gate";
import { createImportWorkerPool, type ImportWorkerPool } from "./import-pool";
import { registerJobBoardRoutes } from "./job-board";
import { registerListRoutes } from "./lists";
import { registerLoginRoute } from "./login";
import { registerLogoutRoute } from "./logout";
import { registerMatterRoutes } from "./matters";
import { registerMemberRoutes } from "./members";
import { allowedMethodsOf } from "./method-not-allowed";
import { OPENAPI_DOCUMENT_CONFIG } from "./openapi-config";
import { registerOperatorRoutes } from "./operator/register";
import type { HttpHandlerOptions } from "./options";
import { outageResponse, watchedStore } from "./outages";
import { logRequests } from "./request-log";
import { COMMON_HEADERS, carriesCommonHeaders, json, jsonError } from "./responses";
import { DEFAULT_SESSION_COOKIE } from "./session";
import { observeRequests } from "./telemetry";
import { defaultWebhookUrlPolicy } from "./webhook-url-policy";

function settingsOf(options: HttpHandlerOptions): HttpSettings {
  const outages = options.outageLog ?? createOutageLog(options.logger);
  const cookieName = options.cookieName ?? DEFAULT_SESSION_COOKIE;
  const deviceCookieName = options.deviceCookieName ?? `${cookieName}_DEVICE`;
  const cookieSecure = options.secureCookie ?? true;
  for (const name of [cookieName, deviceCookieName]) {
    if (/^__(Host|Secure)-/i.test(name) && !cookieSecure) {
      throw new TypeError(
        `The cookie name ${name} needs secureCookie: browsers keep a __Host- or __Secure- cookie only when it is Secure (and served over https).`,
      );
    }
  }
  return {
    store: watchedStore(options.store, outages),
    outages,
    secret: options.tokenSecret,
    verifyToken: createTokenVerifier(options.tokenSecret),
    checkStamp: createSessionStampCheck(options.tokenSecret),
    allowedHosts: options.allowedHosts ?? null,
    cookieName,
    deviceCookieName,
    cookieSecure,
    acceptBearer: options.acceptBearer ?? false,
    trustedOrigins: options.trustedOrigins ?? [],
    clientKey: (request) => options.clientKey?.(hostRequestOf(request)) ?? "",
    rateLimiter: options.rateLimiter ?? createRateLimiter(FEED_RATE_LIMIT),
    feedAnswers: new FeedJsonMemo(),
    loginProtection: options.loginProtection ?? createLoginProtection(),
    passwordHasher: options.passwordHasher,
    newId: options.newId,
    now: options.now ?? (() => new Date()),
    webhookUrlPolicy: options.webhookUrlPolicy ?? defaultWebhookUrlPolicy(),
    onError:
      options.onError === undefined
        ? undefined
        : (error, request) => options.onError?.(error, hostRequestOf(request)),
    importPool: importPoolOf(options.importWorkers),
    importTurn: limitImports(options.maxConcurrentImports ?? DEFAULT_MAX_CONCURRENT_IMPORTS),
    deprecation: options.deprecation ?? {},
    logger: options.logger,
    messages: options.messages,
    accountLimiter: options.accountLimiter ?? createWindowRateLimiter(ACCOUNT_TRIES_LIMIT),
    invitationLifetimeMs: options.invitationLifetimeMs,
    changeRetentionDays: retentionDaysOf(options.changeRetentionDays),
  };
}

function retentionDaysOf(days: number | undefined): number {
  if (days === undefined) return DEFAULT_CHANGE_RETENTION_DAYS;
  if (!Number.isFinite(days) || days <= 0)
    throw new TypeError(`changeRetentionDays must be a positive number of days, not ${days}.`);
  return days;
}

const DONE: Promise<void> = Promise.resolve();

/** Hono hands only Error instances to onError; anything else thrown would escape the app. */
function asError(thrown: unknown): Error {
  return thrown instanceof Error
    ? thrown
    : new Error("A non-Error value was thrown", { cause: thrown });
}

function importPoolOf(workers: HttpHandlerOptions["importWorkers"]): ImportWorkerPool | null {
  if (workers === false || workers === 0) return null;
  if (typeof workers === "object") return workers;
  return createImportWorkerPool(workers === undefined ? {} : { threads: workers });
}

/**
 * The whole interface as a Hono app: every endpoint of the spec at its path, each declared once
 * with its parameters, body and responses (which validate the request and write the OpenAPI
 * document). Mount it in a Hono host with `host.route("/prefix", createHttpApp(options))`.
 *
 * Each request's middleware runs in one order: the host allow-list (421), the byte-counted body
 * limit, the cross-site check for cookie-authenticated writes, session (401), authorization on the caller (403), then the request's own parameters (400), and
 * only then the body.
 */
export function createHttpApp(options: HttpHandlerOptions): OpenAPIHono<HttpEnv> {
  return buildHttpApp(options).app;
}

/**
 * {@link createHttpApp}, also answering the settings it made: the handler closes the import pool
 * it started.
 */
export function buildHttpApp(options: HttpHandlerOptions): {
  app: OpenAPIHono<HttpEnv>;
  settings: HttpSettings;
} {
  const settings = settingsOf(options);
  const app = new OpenAPIHono<HttpEnv>();
  app.openAPIRegistry.registerComponent("securitySchemes", "SERVICEAUTH", {
    type: "apiKey",
    in: "cookie",
    name: settings.cookieName,
  });
  const refuseHost =
    settings.allowedHosts === null ? () => null : hostRefusal(settings.allowedHosts);
  // The clock, the host allow-list, the body count and the 405 in one middleware, not four: every
  // request walks each link of the chain, and each allocates.
  const frontDoor: MiddlewareHandler<HttpEnv> = (c, next) => {
    c.set("now", settings.now());
    const routeIndex = c.req.routeIndex;
    let rest: Promise<void>;
    try {
      const refused = refuseHost(c.req.raw);
      if (refused !== null) {
        c.res = refused;
        finish(c, routeIndex);
        return DONE;
      }
      countRequestBody(c);
      rest = next();
    } catch (thrown) {
      throw asError(thrown);
    }
    // Chained rather than awaited: a suspended async frame is an allocation on every request.
    return rest.then(
      () => finish(c, routeIndex),
      (thrown: unknown) => {
        throw asError(thrown);
      },
    );
  };
  const finish = (c: Context<HttpEnv>, routeIndex: number) => {
    const methods = methodsAllowed(c, routeIndex);
    if (methods !== null) {
      // Setting `c.res` copies the 404's headers onto the 405, as hono's middleware knows.
      c.res.headers.delete("Allow");
      c.res.headers.delete("Content-Length");
      c.res = jsonError(405, `Method not allowed; use ${methods.join(", ")}.`, {
        allow: methods.join(", "),
      });
    }
    if (carriesCommonHeaders(c.res)) return;
    for (const [name, value] of Object.entries(COMMON_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
  const methodsAllowed = allowedMethodsOf(app, frontDoor);
  app.use(observeRequests());
  if (settings.logger !== undefined) app.use(logRequests(settings.logger));
  // Before the front door's host allow-list: probes address an instance by its IP, and answer no
  // data.
  if (options.health !== undefined && options.health !== false)
    registerHealthRoutes(app, settings.store, options.health === true ? {} : options.health);
  app.use(frontDoor);
  registerMemberRoutes(app, settings);
  registerListRoutes(app, settings);
  registerMatterRoutes(app, settings);
  registerFeedRoutes(app, settings);
  registerChangesRoute(app, settings);
  registerJobBoardRoutes(app, settings, options);
  registerGraphqlRoute(app, settings, options.graphql);
  const accountPages = options.accountPages ?? true;
  registerLoginRoute(app, settings, accountPages ? browserLoginPages(settings) : null);
  if (accountPages) registerAccountPages(app, settings);
  registerLogoutRoute(app, settings);
  if (options.operatorToken !== undefined)
    registerOperatorRoutes(app, settings, options.operatorToken);
  // The document describes the interface and holds no data: served without a session.
  app.get("/openapi.json", () => json(200, app.getOpenAPI31Document(OPENAPI_DOCUMENT_CONFIG)));
  app.notFound(() => jsonError(404, "Not found."));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    if (error instanceof BodyTooLargeError) {
      return jsonError(413, `The request body is too large: at most ${error.limit} bytes.`);
    }
    const outage = outageResponse(error, settings.outages);
    if (outage !== null) return outage;
    if (error instanceof StoreConflictError) {
      return jsonError(
        409,
        "Another change to the same data was being written at the same time; nothing was written. Retry.",
      );
    }
    settings.onError?.(error, c.req.raw);
    return jsonError(500, "Internal server error; nothing was written. Retry later.");
  });
  return { app, settings };
}
