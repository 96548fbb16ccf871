import {
  type Counter,
  createNoopMeter,
  type Histogram,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** The instrumentation scope of rpdi's spans and instruments. */
export const TELEMETRY_SCOPE = "rpdi";

/**
 * The tracer of the provider the host registered, or `undefined` while there is none: callers
 * then start no span at all, not even a non-recording one (a lookup request is a few tens of µs,
 * and the API's no-op path allocates per span). Asked per use, so a provider registered after
 * this module loaded is followed.
 */
export function activeTracer(): Tracer | undefined {
  const provider = trace.getTracerProvider();
  return provider instanceof ProxyTracerProvider
    ? provider.getDelegateTracer(TELEMETRY_SCOPE)
    : provider.getTracer(TELEMETRY_SCOPE);
}

/** The HTTP semantic conventions' advice for `http.server.request.duration`, in seconds. */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** rpdi's metric instruments, made on the meter provider registered when first asked for. */
export interface RpdiInstruments {
  requestDuration: Histogram;
  importRows: Counter;
  rateLimited: Counter;
  loginFailures: Counter;
  dependencyUnavailable: Counter;
}

let made: { provider: MeterProvider; instruments: RpdiInstruments | undefined } | undefined;

/** The API's no-op meter's class: what every provider answers when none is registered. */
const NoopMeter = createNoopMeter().constructor;

/**
 * The instruments on the global meter provider, `undefined` while none is registered (nothing to
 * record then, so no attributes are made). The metrics API has no proxy: instruments made before
 * the host registers its SDK would stay no-ops, so they are made again whenever the registered
 * provider changes (a pointer comparison per call).
 */
export function instruments(): RpdiInstruments | undefined {
  const provider = metrics.getMeterProvider();
  if (made === undefined || made.provider !== provider) {
    const meter = provider.getMeter(TELEMETRY_SCOPE);
    made = {
      provider,
      instruments:
        meter instanceof NoopMeter
          ? undefined
          : {
              requestDuration: meter.createHistogram("http.server.request.duration", {
                description: "Duration of HTTP server requests.",
                unit: "s",
                advice: { explicitBucketBoundaries: DURATION_BUCKETS },
              }),
              importRows: meter.createCounter("rpdi.import.rows", {
                description: "Rows of import files, by operation, product and outcome.",
                unit: "{row}",
              }),
              rateLimited: meter.createCounter("rpdi.feed.rate_limited", {
                description: "Feed requests refused with 429 by the rate limit.",
                unit: "{request}",
              }),
              loginFailures: meter.createCounter("rpdi.login.failures", {
                description: "Failed logins, by reason.",
                unit: "{login}",
              }),
              dependencyUnavailable: meter.createCounter("rpdi.dependency.unavailable", {
                description:
                  "Calls that found a dependency unreachable (answered 503, or waited out), by dependency.",
                unit: "{call}",
              }),
            },
    };
  }
  return made.instruments;
}

/** Marks a span failed with the error's class name only: messages may quote the data. */
export function failSpan(span: Span, error: unknown): void {
  span.setAttribute("error.type", error instanceof Error ? error.name : "unknown");
  span.setStatus({ code: SpanStatusCode.ERROR });
}
