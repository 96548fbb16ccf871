import type { ServerType } from "@hono/node-server";
import { OUTAGE_RETRY_AFTER_SECONDS } from "../http/outages";
import { jsonError } from "../http/responses";

/** How often idle keep-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;

/**
 * `rpdi serve`'s shutdown: counts the requests under way, and once {@link Drain.close} is called
 * answers every new one (`/readyz` too, so a load balancer stops sending at once) with 503,
 * `Retry-After` and `Connection: close`, while those under way finish.
 */
export class Drain {
  /** Whether {@link Drain.close} was called: every new request is then refused. */
  draining = false;
  #inFlight = 0;
  #idle: (() => void) | undefined;

  /** Runs `answer`, counting it as under way until its response is made. */
  track(answer: () => Promise<Response>): Promise<Response> {
    this.#inFlight += 1;
    return answer().finally(() => {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) this.#idle?.();
    });
  }

  /** The answer to a request that came once draining began. */
  refusal(): Response {
    return jsonError(
      503,
      `This server is shutting down; nothing was read or written. Retry after ${OUTAGE_RETRY_AFTER_SECONDS} seconds (another instance will answer).`,
      { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS), connection: "close" },
    );
  }

  /**
   * Begins draining: the listener closes, idle connections are closed as they become idle, and
   * this settles once every request under way is answered and its connection closed (`true`), or
   * once `graceMs` ran out, cutting what remains (`false`).
   */
  async close(server: ServerType, graceMs: number): Promise<boolean> {
    this.draining = true;
    const closeable = server as ServerType & {
      closeIdleConnections?: () => void;
      closeAllConnections?: () => void;
    };
    const closed = new Promise<true>((resolve) => server.close(() => resolve(true)));
    const answered = new Promise<void>((resolve) => {
      this.#idle = resolve;
      if (this.#inFlight === 0) resolve();
    });
    // A keep-alive connection whose request finished is idle until its client sends again: closed
    // now rather than after the keep-alive timeout.
    const sweep = setInterval(() => closeable.closeIdleConnections?.(), IDLE_SWEEP_MS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    try {
      const done = await Promise.race([answered.then(() => closed), graceOver]);
      if (!done) {
        closeable.closeAllConnections?.();
        await closed;
      }
      return done;
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  }
}
