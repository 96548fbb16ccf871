import type { RpdiLogger } from "../http/logger";
import { UsageError } from "./io";

export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `--log-format`: JSON lines unless stdout is a terminal, where a person reads it. */
export function parseLogFormat(value: string | undefined, terminal: boolean): LogFormat {
  if (value === undefined) return terminal ? "pretty" : "json";
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new UsageError(`--log-format must be one of ${LOG_FORMATS.join(", ")}, not "${value}"`);
}

/** `--log-level`: `info` by default (a line per request and per import). */
export function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return "info";
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}, not "${value}"`);
}

/** The sandbox's logger: pino on stdout, as JSON lines or through pino-pretty. */
export async function serveLogger(format: LogFormat, level: LogLevel): Promise<RpdiLogger> {
  const { pino, destination } = await import("pino");
  const options = { level, base: { service: "rpdi" } };
  let logger: import("pino").Logger;
  if (format === "json") logger = pino(options, destination({ dest: 1, sync: true }));
  else {
    const { default: pretty } = await import("pino-pretty");
    logger = pino(options, pretty({ sync: true, colorize: process.stdout.isTTY === true }));
  }
  return {
    info: (fields, message) => logger.info(fields, message),
    warn: (fields, message) => logger.warn(fields, message),
    error: (fields, message) => logger.error(fields, message),
  };
}
