/**
 * What rpdi logs through: pino's `Logger` fits as it is (`logger.info(fields, message)`), and so
 * does any logger with these three methods. Without one the binding logs nothing.
 */
export interface RpdiLogger {
  /** A request or import that was answered (every status below 500). */
  info(fields: Record<string, unknown>, message: string): void;
  /** Something an operator should look at that did not fail a request. */
  warn(fields: Record<string, unknown>, message: string): void;
  /** A request answered 500. */
  error(fields: Record<string, unknown>, message: string): void;
}
