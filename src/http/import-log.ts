import { context, trace } from "@opentelemetry/api";
import type { Context } from "hono";
import { activeTracer, failSpan, instruments } from "../telemetry/otel";
import type { HttpEnv, HttpSettings } from "./env";

/** Phase durations of one import, by the phase that ended, in ms. */
export type PhaseTimes = Record<string, number>;

/** Span names of the phases, by the name the route or the service tells the phase's end with. */
const PHASE_SPANS: Record<string, string> = {
  upload: "import.upload",
  read: "import.read",
  checked: "import.check",
  planned: "import.plan",
  written: "import.write",
};

/** What an import's line says of its outcome; `product`, `created` and `updated` feed the metrics. */
export interface ImportCounts {
  product: string;
  created?: number;
  updated?: number;
  [field: string]: number | string | null | undefined;
}

/** One import's log line and spans: see {@link importLog}. */
export interface ImportLog {
  /** Marks the end of a phase (pass it as the service's `onPhase`). */
  onPhase(phase: string): void;
  /** Ends the import's span when the file was never read or the import never ran: no log line. */
  unread(): void;
  /** Runs the import with its span active, so that the store's spans nest under it. */
  within<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Writes the line and counts the rows: `counts` are the outcome's numbers (created, updated,
   * errors…); `invalidRows`, for a refused file, the rows that broke a rule.
   */
  done(counts: ImportCounts, invalidRows?: number): void;
}

/**
 * Times an import's phases for its log line (one per import: the operation, the organization,
 * counts, phase times; never a cell of the file) and, when the host traces, for an import span
 * with a child span per phase. A no-op without a logger or an SDK.
 */
export function importLog(
  settings: HttpSettings,
  c: Context<HttpEnv>,
  operation: string,
): ImportLog {
  const logger = settings.logger;
  const started = performance.now();
  let last = started;
  const phases: PhaseTimes = {};
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const tracer = activeTracer();
  const span = tracer?.startSpan(operation);
  if (span !== undefined && !span.isRecording()) span.end();
  const recording = span?.isRecording() === true && tracer !== undefined;
  if (recording) {
    span.setAttribute("rpdi.import.operation", operation);
    const orgId = c.get("principal")?.organization.id;
    if (orgId !== undefined) span.setAttribute("rpdi.org_id", orgId);
  }
  // Phases are told as they end: each phase's span is made then, with the times it ran between.
  const epoch = (at: number) => performance.timeOrigin + at;
  return {
    onPhase(phase: string): void {
      const now = performance.now();
      phases[`${phase}Ms`] = round(now - last);
      if (recording) {
        tracer
          .startSpan(
            PHASE_SPANS[phase] ?? `import.${phase}`,
            { startTime: epoch(last), attributes: { "rpdi.import.phase": phase } },
            trace.setSpan(context.active(), span),
          )
          .end(epoch(now));
      }
      last = now;
    },
    unread(): void {
      if (recording) {
        span.setAttribute("rpdi.import.unread", true);
        span.end();
      }
    },
    async within<T>(work: () => Promise<T>): Promise<T> {
      if (!recording) return work();
      try {
        return await context.with(trace.setSpan(context.active(), span), work);
      } catch (error) {
        failSpan(span, error);
        span.end();
        throw error;
      }
    },
    done(counts: ImportCounts, invalidRows?: number): void {
      const counter = instruments()?.importRows;
      if (counter !== undefined) {
        const rows = { created: counts.created, updated: counts.updated, invalid: invalidRows };
        for (const outcome of ["created", "updated", "invalid"] as const) {
          const count = rows[outcome];
          if (count !== undefined && count > 0)
            counter.add(count, {
              "rpdi.import.operation": operation,
              "rpdi.product": counts.product,
              "rpdi.import.outcome": outcome,
            });
        }
      }
      if (recording) {
        for (const [name, value] of Object.entries(counts))
          if (value !== null && value !== undefined)
            span.setAttribute(`rpdi.import.${name}`, value);
        span.end();
      }
      logger?.info(
        {
          requestId: c.get("requestId") ?? null,
          operation,
          orgId: c.get("principal")?.organization.id ?? null,
          ...counts,
          ...phases,
          durationMs: round(performance.now() - started),
        },
        "import",
      );
    },
  };
}
