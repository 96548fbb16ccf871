import type { RequestLine, RpdiLogger } from "../http/logger";
import { batchedLines } from "./batched-lines";
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

/** The sandbox's logger: what the binding logs through, and a stop that loses no line. */
export interface ServeLogger extends RpdiLogger {
  /**
   * Resolves once every line logged so far is written to the destination. Lines logged after it
   * are written synchronously, one by one: nothing is lost, only batching ends.
   */
  close(): Promise<void>;
}

/**
 * The sandbox's logger: pino as JSON lines or as {@link prettyLogLine} writes them, to stdout (or
 * `destination`, a file descriptor or a file path appended to), through {@link batchedLines}.
 */
export async function serveLogger(
  format: LogFormat,
  level: LogLevel,
  destination: number | string = 1,
): Promise<ServeLogger> {
  const { pino } = await import("pino");
  const lines = await batchedLines(destination);
  const colorize = destination === 1 && process.stdout.isTTY === true;
  // pino's lines and the request lines written without it go the same way.
  const write =
    format === "json"
      ? (line: string) => lines.write(line)
      : (line: string) => lines.write(prettyLogLine(line, colorize));
  const logger = pino({ level, base: { service: "rpdi" } }, { write });
  lines.onDropped((dropped) =>
    logger.warn({ dropped }, "log lines dropped: the destination took them too slowly"),
  );
  return {
    info: (fields, message) => logger.info(fields, message),
    warn: (fields, message) => logger.warn(fields, message),
    error: (fields, message) => logger.error(fields, message),
    // A request line built through pino cost 8–9 µs of a request's 30 on the event loop, this
    // one about 4 (docs/performance.md, "Request lines").
    requestLine: (line) => {
      if (logger.isLevelEnabled("info")) write(requestLineJson(line, Date.now()));
    },
    close: () => lines.close(),
  };
}

/**
 * The JSON line pino writes for `info(line, "request")` with the serve logger's base: the same
 * keys in the same order, each string escaped by `JSON.stringify` (for well-formed strings the
 * same bytes; a lone surrogate, which no field here can hold, pino leaves raw).
 */
export function requestLineJson(line: RequestLine, time: number): string {
  return `{"level":30,"time":${time},"service":"rpdi","requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},"durationMs":${line.durationMs},"orgId":${line.orgId === null ? "null" : JSON.stringify(line.orgId)},"msg":"request"}\n`;
}

/** pino's level numbers, their names and colours (ANSI foreground codes). */
const LEVELS: Record<number, [string, number]> = {
  10: ["TRACE", 90],
  20: ["DEBUG", 34],
  30: ["INFO", 32],
  40: ["WARN", 33],
  50: ["ERROR", 31],
  60: ["FATAL", 35],
};

/**
 * One pino JSON line as a person reads it, in pino-pretty's layout: the UTC time, the level and the
 * message, then each field on a line of its own. The sandbox's fields are flat and few, so this is
 * all of pino-pretty it needs. A line that is not JSON is passed through.
 */
export function prettyLogLine(line: string, colorize: boolean): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record))
    return line.endsWith("\n") ? line : `${line}\n`;
  const { level, time, msg, ...fields } = record as Record<string, unknown>;
  const paint = (color: number, text: string) =>
    colorize ? `\u001b[${color}m${text}\u001b[39m` : text;
  const [name, color] = LEVELS[level as number] ?? [String(level), 39];
  const clock = typeof time === "number" ? new Date(time).toISOString().slice(11, 23) : "";
  let text = `[${clock}] ${paint(color, name)}: ${paint(36, typeof msg === "string" ? msg : "")}\n`;
  for (const [key, value] of Object.entries(fields)) {
    const written = JSON.stringify(value, null, 2).replaceAll("\n", "\n    ");
    text += `    ${paint(35, key)}: ${written}\n`;
  }
  return text;
}
