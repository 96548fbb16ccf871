import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env";
import { jsonError } from "./responses";

/** The `Retry-After` of an import refused because enough already run, in seconds. */
export const IMPORTS_RETRY_AFTER_SECONDS = 5;

/** The default bound on imports running at once in one process. */
export const DEFAULT_MAX_CONCURRENT_IMPORTS = 2;

/**
 * 503 with `Retry-After` when `max` file imports (member import, the matter writes and
 * validators) already run in this process; otherwise a turn, held until the answer is made.
 * Placed after authorization (an anonymous caller gets its 401, never this) and before the body
 * is read, so a refused upload costs nothing but its headers.
 */
export function limitImports(max: number): MiddlewareHandler<HttpEnv> {
  let running = 0;
  return async (_c, next) => {
    if (running >= max) {
      return jsonError(
        503,
        `${running} file imports are already running on this server, its limit; nothing was read or written. Retry after ${IMPORTS_RETRY_AFTER_SECONDS} seconds.`,
        { "retry-after": String(IMPORTS_RETRY_AFTER_SECONDS) },
      );
    }
    running++;
    try {
      await next();
    } finally {
      running--;
    }
  };
}
