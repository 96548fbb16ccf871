import type { Context, MiddlewareHandler } from "hono";
import { newRecordId } from "../values/record-id";
import type { HttpEnv } from "./env";
import type { RequestLine, RpdiLogger } from "./logger";
import { routeTemplateOf } from "./route-template";

/** A caller's request id is kept only in this shape: anything else could forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The part of a Node `ServerResponse` (@hono/node-server's `env.outgoing`) used here. */
interface NodeOutgoing {
  setHeader(name: string, value: string): unknown;
}

/** The host's Node response when the app is served by @hono/node-server with its bindings. */
function nodeOutgoingOf(env: unknown): NodeOutgoing | undefined {
  if (typeof env !== "object" || env === null) return undefined;
  const outgoing: unknown = (env as { outgoing?: unknown }).outgoing;
  return typeof outgoing === "object" &&
    outgoing !== null &&
    typeof (outgoing as Partial<NodeOutgoing>).setHeader === "function"
    ? (outgoing as NodeOutgoing)
    : undefined;
}

/**
 * One log line per request: method, route template (never the path or query as sent, which may
 * carry addresses), status, duration, organization and request id, the last also answered in
 * `X-Request-Id`. No header, cookie or body is logged.
 */
export function logRequests(logger: RpdiLogger): MiddlewareHandler<HttpEnv> {
  return (c, next) => {
    const started = performance.now();
    const given = c.req.header("x-request-id");
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : newRecordId();
    c.set("requestId", requestId);
    // Served by @hono/node-server, the header goes on the Node response, which adds it to whatever
    // the app answers (thrown errors included). Set on the answer's `Headers` instead, it makes
    // the host turn its lazy response into a `Headers` and write it through that: 2–3 µs a request,
    // of a budget of about 5 (a tenth of a request).
    const outgoing = nodeOutgoingOf(c.env);
    outgoing?.setHeader("x-request-id", requestId);
    const logged = () => {
      logLine(logger, c, requestId, started);
      if (outgoing === undefined) c.res.headers.set("x-request-id", requestId);
    };
    // Chained rather than awaited, as the app's own middleware: a suspended async frame is an
    // allocation on every request.
    return next().then(logged, (thrown: unknown) => {
      logged();
      throw thrown;
    });
  };
}

function logLine(logger: RpdiLogger, c: Context<HttpEnv>, requestId: string, started: number) {
  const status = c.res.status;
  const fields: RequestLine = {
    requestId,
    method: c.req.method,
    route: routeTemplateOf(c) ?? "(no route)",
    status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    orgId: c.get("principal")?.organization.id ?? null,
  };
  // An outage's 503s are logged once by the outage log; each refused request is a warning.
  if (status === 503) logger.warn(fields, "request");
  else if (status >= 500) logger.error(fields, "request");
  else if (logger.requestLine !== undefined) logger.requestLine(fields);
  else logger.info(fields, "request");
}
