import { instruments } from "../telemetry/otel";

/** What an {@link OutageLog} writes through: pino's `Logger` fits, as does rpdi's `RpdiLogger`. */
export interface OutageLogger {
  /** The dependency is back. */
  info(fields: Record<string, unknown>, message: string): void;
  /** The dependency could not be reached: the first failure of an outage. */
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * Outages of the dependencies rpdi reaches (the store's database, the shared limiters' Redis),
 * each logged once when it starts and once when it ends, not once per request.
 */
export interface OutageLog {
  /**
   * A call found `dependency` unreachable (`cause` says why): counted in
   * `rpdi.dependency.unavailable`; the first of an outage logs a warning with the cause's code and
   * message and what is done `meanwhile` (by default: answering 503 with Retry-After).
   */
  down(dependency: string, cause: unknown, meanwhile?: string): void;
  /** A call reached `dependency`: if it was down, the outage's end is logged with its length and count. */
  up(dependency: string): void;
  /** Whether `dependency` is down now: its last call failed. */
  isDown(dependency: string): boolean;
}

interface Outage {
  readonly since: number;
  refused: number;
}

/**
 * An {@link OutageLog} writing to `logger` (nothing is logged without one; the metric is kept
 * either way). `now` reads a monotonic clock in milliseconds.
 */
export function createOutageLog(
  logger: OutageLogger | undefined,
  now: () => number = () => performance.now(),
): OutageLog {
  const outages = new Map<string, Outage>();
  return {
    down(dependency, cause, meanwhile = "answering 503 with Retry-After") {
      instruments()?.dependencyUnavailable.add(1, { "rpdi.dependency": dependency });
      const outage = outages.get(dependency);
      if (outage !== undefined) {
        outage.refused += 1;
        return;
      }
      outages.set(dependency, { since: now(), refused: 1 });
      logger?.warn(
        { dependency, ...describeCause(cause) },
        `${dependency} unreachable: ${meanwhile} until it is back`,
      );
    },
    up(dependency) {
      if (outages.size === 0) return;
      const outage = outages.get(dependency);
      if (outage === undefined) return;
      outages.delete(dependency);
      logger?.info(
        {
          dependency,
          durationMs: Math.round(now() - outage.since),
          refused: outage.refused,
        },
        `${dependency} reachable again`,
      );
    },
    isDown: (dependency) => outages.has(dependency),
  };
}

/**
 * The cause as a log may hold it: its code (a socket error's, a SQLSTATE) and message, with the
 * user and password of any URL it quotes taken out. Never the stack or the whole error object,
 * whose fields can hold a driver's connection settings.
 */
export function describeCause(cause: unknown): { code?: string; cause: string } {
  const inner = (cause as { cause?: unknown } | null)?.cause;
  // A StoreUnavailableError says which dependency; what failed is the error it wraps.
  const root =
    (cause as { name?: unknown } | null)?.name === "StoreUnavailableError" && inner !== undefined
      ? inner
      : cause;
  const code = (root as { code?: unknown } | null)?.code;
  const message = root instanceof Error ? root.message : String(root);
  return {
    ...(typeof code === "string" ? { code } : {}),
    cause: message.replace(/\/\/[^@/\s]*@/g, "//"),
  };
}
