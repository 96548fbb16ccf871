import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { Context, MiddlewareHandler, Next } from "hono";
import { activeTracer, instruments, type RpdiInstruments } from "../telemetry/otel";
import type { HttpEnv } from "./env";
import { jobApplicationsRoute } from "./feed";
import { routeTemplateOf } from "./route-template";

const HEADERS: TextMapGetter<Headers> = {
  keys: (headers) => {
    const names: string[] = [];
    headers.forEach((_, name) => {
      names.push(name);
    });
    return names;
  },
  get: (headers, key) => headers.get(key) ?? undefined,
};

/**
 * A server span per request and the `http.server.request.duration` histogram, through the
 * OpenTelemetry API: no-ops unless the host registers an SDK. The span's attributes are the
 * method, the route template (never the path or query as sent, which may carry addresses), the
 * status and the caller's organization id; metrics carry no organization (cardinality). A 429 of
 * the feed counts in `rpdi.feed.rate_limited`. A caller's `traceparent` is followed when the host
 * registered a propagator and no span of its own is active.
 */
export function observeRequests(): MiddlewareHandler<HttpEnv> {
  return (c, next) => {
    const tracer = activeTracer();
    const used = instruments();
    // Without an SDK the request passes straight on: no clock read, no promise of this layer.
    if (tracer === undefined && used === undefined) return next();
    return observed(c, next, tracer, used);
  };
}

async function observed(
  c: Context<HttpEnv>,
  next: Next,
  tracer: Tracer | undefined,
  used: RpdiInstruments | undefined,
): Promise<void> {
  const started = performance.now();
  let span: Span | undefined;
  if (tracer === undefined) await next();
  else {
    const active = context.active();
    const parent =
      trace.getSpan(active) === undefined
        ? propagation.extract(active, c.req.raw.headers, HEADERS)
        : active;
    span = tracer.startSpan(c.req.method, { kind: SpanKind.SERVER }, parent);
    // A span the sampler dropped is not made active: nothing would record under it.
    if (span.isRecording()) await context.with(trace.setSpan(parent, span), next);
    else await next();
  }
  const status = c.res.status;
  const route = routeTemplateOf(c);
  // The semantic conventions leave http.route out when no route matched.
  const attributes =
    route === undefined
      ? { "http.request.method": c.req.method, "http.response.status_code": status }
      : {
          "http.request.method": c.req.method,
          "http.route": route,
          "http.response.status_code": status,
        };
  if (used !== undefined) {
    used.requestDuration.record((performance.now() - started) / 1000, attributes);
    if (status === 429 && route === jobApplicationsRoute.path) used.rateLimited.add(1);
  }
  if (span?.isRecording()) {
    if (route !== undefined) span.updateName(`${c.req.method} ${route}`);
    span.setAttributes(attributes);
    const orgId = c.get("principal")?.organization.id;
    if (orgId !== undefined) span.setAttribute("rpdi.org_id", orgId);
    if (status >= 500) {
      span.setAttribute("error.type", String(status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  span?.end();
}
