import {
  type Counter,
  type Histogram,
  type MeterProvider,
  metrics,
  type Span,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

/** The instrumentation scope of rpdi's spans and instruments. */
export const TELEMETRY_SCOPE = "rpdi";

/**
 * The API's proxy tracer: it follows whatever provider the host registers, before or after this
 * module loads, and answers non-recording spans while there is none.
 */
export const tracer = trace.getTracer(TELEMETRY_SCOPE);

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
}

let made: { provider: MeterProvider; instruments: RpdiInstruments } | undefined;

/**
 * The instruments on the global meter provider. Unlike the tracer, the metrics API has no proxy:
 * instruments made before the host registers its SDK would stay no-ops, so they are made again
 * whenever the registered provider changes (a pointer comparison per call).
 */
export function instruments(): RpdiInstruments {
  const provider = metrics.getMeterProvider();
  if (made === undefined || made.provider !== provider) {
    const meter = provider.getMeter(TELEMETRY_SCOPE);
    made = {
      provider,
      instruments: {
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
