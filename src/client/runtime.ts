/** How the client retries what the spec says to retry (the feed's 429 and 500). */
export interface RetryOptions {
  /** Retries of one call after its first attempt. Default 4. */
  maxRetries?: number;
  /**
   * The longest single wait; a `Retry-After` asking for more fails the call at once with
   * `RpdiRateLimitError` instead. Default 300 000 ms (the feed's 5-minute window).
   */
  maxDelayMs?: number;
}

import type { Secrets } from "./secrets";

/**
 * What the client needs from its environment; every field but `secrets` is an option of
 * `createClient`.
 */
export interface Runtime {
  fetch: typeof fetch;
  /**
   * `manual`: the client reads the login's `Set-Cookie` and sends `Cookie` itself (Node, Deno,
   * Bun, workers). `browser`: the browser keeps the HttpOnly cookie (`credentials: "include"`);
   * a login's success shows only in the next call's status.
   */
  cookies: "manual" | "browser";
  validateResponses: boolean;
  retry: Required<RetryOptions>;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  random: () => number;
  /** The values no error may show (the credentials' and the session cookies'). */
  secrets: Secrets;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 4, maxDelayMs: 300_000 };

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
