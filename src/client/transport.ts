import { RpdiRateLimitError } from "./errors";
import { type RateLimitBudget, readRateLimit } from "./rate-limit";
import { type ResponseCheck, responseCheck } from "./response-check";
import type { Runtime } from "./runtime";
import { type BadRequestBody, failureOf, type Outgoing, retryAfterSeconds, sendOnce } from "./send";
import type { Session, SessionKeeper } from "./session";

/** One call of the interface, as the endpoint methods describe it. */
export interface Call<T> {
  method: Outgoing["method"];
  url: URL;
  headers?: Record<string, string>;
  /** Built again for each attempt (a retried multipart body must be sent whole). */
  body?: () => BodyInit;
  /** The spec's 400 body for this call. */
  badRequest?: BadRequestBody;
  /** The 410 body of a call that may answer 410; without it, a 410 is outside the contract. */
  gone?: BadRequestBody;
  /** Reads a 2xx answer. */
  read: (response: Response, check: ResponseCheck) => Promise<T>;
  /** The spec says to retry this call on 429 (honouring `Retry-After`) and on 500. */
  retries?: boolean;
  /** Sent without the session (and without logging in): the public job board's calls. */
  anonymous?: boolean;
  signal: AbortSignal | undefined;
}

const RETRIED_SERVER_STATUSES = new Set([500, 502, 503, 504]);

/**
 * Sends calls with the session: a 401 is answered by one fresh login and one retry; a call the
 * spec says to retry waits out 429s (the `Retry-After` asked, plus up to a second of jitter so
 * clients sharing a limit do not come back together) and 5xx answers (exponential backoff with
 * jitter), at most `retry.maxRetries` times.
 */
export class Transport {
  /** What the service last said of the retried calls' quota (the feed's), if anything. */
  rateLimit: RateLimitBudget | undefined;

  constructor(
    readonly runtime: Runtime,
    private readonly sessions: SessionKeeper,
  ) {}

  async call<T>(call: Call<T>): Promise<T> {
    const request = `${call.method} ${call.url.pathname}`;
    const { retry } = this.runtime;
    let loggedInAgain = false;
    let retries = 0;
    for (;;) {
      if (call.retries === true) await this.waitForBudget(request, call.signal);
      const session = call.anonymous === true ? null : await this.sessions.session(call.signal);
      const response = await sendOnce(this.runtime, request, call.url, {
        method: call.method,
        ...(call.headers === undefined ? {} : { headers: call.headers }),
        ...(call.body === undefined ? {} : { body: call.body() }),
        ...(session === null ? { anonymous: true } : cookieOf(session, call.url)),
        signal: call.signal,
      });
      if (session === null) {
        if (response.ok) return call.read(response, this.check(request));
        throw await failureOf(response, request, call.badRequest, this.runtime, call.gone);
      }
      this.sessions.observe(response);
      session.cookies?.receive(response.headers, call.url);
      if (call.retries === true)
        this.rateLimit = readRateLimit(response.headers, this.runtime.now()) ?? this.rateLimit;
      if (response.status === 401 && !loggedInAgain) {
        loggedInAgain = true;
        await response.body?.cancel();
        this.sessions.refused(session);
        continue;
      }
      const wait = call.retries === true ? this.retryWait(response, retries) : undefined;
      if (wait !== undefined) {
        // What the service asked is held to maxDelayMs, not the jitter added to it: otherwise a
        // `Retry-After` of exactly maxDelayMs (the feed's 5 minutes by default) failed at once.
        if (retries >= retry.maxRetries || wait.askedMs > retry.maxDelayMs) {
          const failure = await failureOf(
            response,
            request,
            call.badRequest,
            this.runtime,
            call.gone,
          );
          if (failure instanceof RpdiRateLimitError)
            throw new RpdiRateLimitError(
              `${failure.message} (${retries >= retry.maxRetries ? `gave up after ${retries} retries` : `the wait asked for is over retry.maxDelayMs`})`,
              { request, status: 429 },
              failure.retryAfterSeconds,
            );
          throw failure;
        }
        await response.body?.cancel();
        retries += 1;
        await this.runtime.sleep(wait.ms, call.signal);
        continue;
      }
      if (response.ok) return call.read(response, this.check(request));
      throw await failureOf(response, request, call.badRequest, this.runtime, call.gone);
    }
  }

  /**
   * With nothing left of the quota the service last stated, waits until it said more comes (within
   * `retry.maxDelayMs`, else fails at once as a 429 would) rather than spend a request on a 429.
   */
  private async waitForBudget(request: string, signal: AbortSignal | undefined): Promise<void> {
    const budget = this.rateLimit;
    if (budget === undefined || budget.remaining > 0) return;
    const waitMs = budget.resetAt.getTime() - this.runtime.now();
    if (waitMs <= 0) return;
    if (waitMs > this.runtime.retry.maxDelayMs)
      throw new RpdiRateLimitError(
        `${request}: the ${budget.policy} quota is spent until ${budget.resetAt.toISOString()}, longer than retry.maxDelayMs`,
        { request, status: 429 },
        Math.ceil(waitMs / 1000),
      );
    await this.runtime.sleep(waitMs, signal);
  }

  /**
   * How long to wait before retrying `response` (`ms`, never over `retry.maxDelayMs` unless the
   * service asked for more) and what the service asked for (`askedMs`, without jitter), or
   * `undefined` when it is not retried.
   */
  private retryWait(
    response: Response,
    retriesSoFar: number,
  ): { ms: number; askedMs: number } | undefined {
    const jitter = this.runtime.random();
    const { maxDelayMs } = this.runtime.retry;
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers, this.runtime.now());
      if (seconds !== undefined) {
        const askedMs = seconds * 1000;
        return {
          ms: Math.min(askedMs + Math.floor(jitter * 1000), Math.max(askedMs, maxDelayMs)),
          askedMs,
        };
      }
    } else if (!RETRIED_SERVER_STATUSES.has(response.status)) {
      return undefined;
    }
    const ceiling = Math.min(maxDelayMs, 1000 * 2 ** retriesSoFar);
    const ms = Math.floor(ceiling / 2 + (jitter * ceiling) / 2);
    return { ms, askedMs: ms };
  }

  private check(request: string): ResponseCheck {
    return responseCheck(this.runtime, request);
  }
}

/** The `Cookie` header for `url`: only the session's cookies whose Domain, Path and Secure match. */
function cookieOf(session: Session, url: URL): { cookie?: string } {
  const cookie = session.cookies?.header(url);
  return cookie === undefined ? {} : { cookie };
}
