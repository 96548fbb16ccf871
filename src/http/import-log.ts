import type { Context } from "hono";
import type { HttpEnv, HttpSettings } from "./env";

/** Phase durations of one import, by the phase that ended, in ms. */
export type PhaseTimes = Record<string, number>;

/**
 * Times an import's phases for its log line (one per import: the operation, the organization,
 * counts, phase times; never a cell of the file). A no-op without a logger.
 */
export function importLog(settings: HttpSettings, c: Context<HttpEnv>, operation: string) {
  const logger = settings.logger;
  const started = performance.now();
  let last = started;
  const phases: PhaseTimes = {};
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    /** Marks the end of a phase (pass it as the service's `onPhase`). */
    onPhase(phase: string): void {
      const now = performance.now();
      phases[`${phase}Ms`] = round(now - last);
      last = now;
    },
    /** Writes the line; `counts` are the outcome's numbers (rows, created, errors…). */
    done(counts: Record<string, number | string | null>): void {
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
