/**
 * What rpdi logs through: pino's `Logger` fits as it is (`logger.info(fields, message)`), and so
 * does any logger with these three methods. Without one the binding logs nothing.
 */
export interface RpdiLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
