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
  /**
   * Optional: a request answered below 500, given to a logger with a cheaper way to write it than
   * `info(line, "request")`, which is what the binding calls without it. `rpdi serve`'s logger
   * writes the same JSON line as its `info` would, without building it through pino.
   */
  requestLine?(line: RequestLine): void;
}

/** The fields of a request's log line (`info(line, "request")`, or `requestLine(line)`). */
export type RequestLine = {
  requestId: string;
  method: string;
  /** The route template that answered, never the path as sent; `(no route)` when none did. */
  route: string;
  status: number;
  durationMs: number;
  orgId: string | null;
};
