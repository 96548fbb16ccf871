import { StoreUnavailableError, type UnavailableDependency } from "./errors";

/**
 * Socket failures that say the other end is not there now (Node's system error codes): refused,
 * reset, timed out, unreachable, or its name not resolved (DNS answers come back with the host).
 */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve this session now (Appendix A): besides
 * class 08 (connection exception), the server shutting down (57P01 admin, 57P02 crash), starting
 * up or in recovery (57P03), a session ended for idling (57P05), and every connection slot taken
 * (53300). Each is the server's state, not the statement's fault: the same statement succeeds
 * once the server is back.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  "57P01",
  "57P02",
  "57P03",
  "57P05",
  "53300",
]);

/**
 * Failures that carry no code, by the words of the drivers that throw them: `pg` (the pool's wait
 * for a connection running out, a session lost mid-query, a client whose connection failed) and
 * `ioredis` (no connection and no offline queue, a closed connection, a command timeout).
 */
const UNREACHABLE_MESSAGES: readonly RegExp[] = [
  /^timeout exceeded when trying to connect$/i,
  /^Connection terminated( unexpectedly| due to connection timeout)?$/i,
  /^Client has encountered a connection error and is not queryable$/i,
  /^Query read timeout$/i,
  /^Stream isn't writeable and enableOfflineQueue options is false$/i,
  /^Connection is closed\.?$/i,
  /^Command timed out$/i,
  // rate-limiter-flexible's RateLimiterRedis with rejectIfRedisNotReady, before sending anything.
  /^Redis connection is not ready$/i,
  /^Reached the max retries per request limit/i,
  // Redis replies of a server that cannot serve now: loading its data, no master, cluster down.
  /^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN) /,
];

/** ioredis's error class names for a command given up on while its server was away. */
const UNREACHABLE_NAMES: ReadonlySet<string> = new Set(["MaxRetriesPerRequestError"]);

/** How deep `cause` chains and `AggregateError.errors` are followed (wrappers nest a few deep). */
const MAX_DEPTH = 4;

/**
 * The error, among `error`, its `cause` chain and an `AggregateError`'s `errors` (Node's
 * connection attempts to each address of a host), that says a dependency cannot be reached now,
 * or `undefined` when none does. Recognized by shape only, so no driver is imported: Node's socket
 * error codes, PostgreSQL's SQLSTATEs of a server that is away (class 08, 57P01–57P03, 57P05,
 * 53300), and the messages `pg` and `ioredis` throw without a code. A {@link StoreUnavailableError}
 * is one already.
 */
export function unreachableCause(error: unknown, depth = 0): unknown {
  if (typeof error !== "object" || error === null || depth > MAX_DEPTH) return undefined;
  if (error instanceof StoreUnavailableError || saysUnreachable(error)) return error;
  const nested = error as { cause?: unknown; errors?: unknown };
  const inCause = unreachableCause(nested.cause, depth + 1);
  if (inCause !== undefined) return inCause;
  if (Array.isArray(nested.errors)) {
    // Bounded: Node makes one attempt per address of a host, a handful at most.
    for (const inner of nested.errors.slice(0, 8)) {
      const found = unreachableCause(inner, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function saysUnreachable(error: object): boolean {
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === "string") {
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception (08000, 08003, 08006, 08001, 08004, 08P01…).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof name === "string" && UNREACHABLE_NAMES.has(name)) return true;
  return typeof message === "string" && UNREACHABLE_MESSAGES.some((words) => words.test(message));
}

/**
 * `error` as a {@link StoreUnavailableError} of `dependency` when it (or what it wraps) says the
 * dependency cannot be reached (see {@link unreachableCause}); `undefined` otherwise. One that is
 * already a {@link StoreUnavailableError} is answered as it is.
 */
export function asUnavailable(
  error: unknown,
  dependency: UnavailableDependency,
  committed: "no" | "unknown" = "no",
): StoreUnavailableError | undefined {
  const cause = unreachableCause(error);
  if (cause === undefined) return undefined;
  if (cause instanceof StoreUnavailableError) return cause;
  return new StoreUnavailableError(dependency, cause, committed);
}
