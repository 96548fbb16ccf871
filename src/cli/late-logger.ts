import type { OutageLogger } from "../runtime/outages";

/** An {@link OutageLogger} whose destination is set once it exists (`to`); nothing is written before. */
export interface LateLogger extends OutageLogger {
  /** Where lines go; `undefined` drops them. */
  to: OutageLogger | undefined;
}

/**
 * A logger to hand out before the real one is made: `rpdi serve` opens its store (and its shared
 * limiters, which log Redis outages) before it makes the request lines' logger.
 */
export function lateLogger(): LateLogger {
  const late: LateLogger = {
    to: undefined,
    info: (fields, message) => late.to?.info(fields, message),
    warn: (fields, message) => late.to?.warn(fields, message),
  };
  return late;
}
