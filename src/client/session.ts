import { type ReceivedCookies, SessionCookies } from "./cookies";
import { RpdiAuthenticationError } from "./errors";
import { MfaCodes } from "./mfa-code";
import type { Runtime } from "./runtime";
import { failureOf, sendOnce } from "./send";

/** The service account's credentials (spec, Authentication 3–5). Keep them out of source control. */
export interface ClientCredentials {
  email: string;
  password: string;
  /** The base32 secret of the account's authenticator, for organizations with MFA. */
  mfaSecret?: string;
}

/** A logged-in session; `generation` tells a stale one from the current one. */
export interface Session {
  /** The cookies to send, each to the URLs it matches; `undefined` when the browser keeps them. */
  cookies: SessionCookies | undefined;
  generation: number;
}

/** A login under way, shared by every call that needs a session meanwhile. */
interface PendingLogin {
  promise: Promise<Session>;
  controller: AbortController;
  /** Calls waiting on it; a call without a signal never leaves. */
  waiting: number;
}

/**
 * A session is renewed this long before its cookie says it expires, or a quarter of its lifetime
 * before for a cookie of under four minutes (else a one-minute cookie would mean a login per call).
 */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * Logs in as the spec describes (a form POST that always answers 200; success is the cookie being
 * set) and shares one session between concurrent calls. A refused session is replaced by exactly
 * one fresh login, however many calls saw the 401.
 */
export class SessionKeeper {
  private current: (Session & { renewAt: number | undefined }) | undefined;
  private pending: PendingLogin | undefined;
  private generation = 0;
  private readonly mfa: MfaCodes | undefined;

  constructor(
    private readonly loginUrl: URL,
    private readonly credentials: ClientCredentials,
    private readonly runtime: Runtime,
  ) {
    this.mfa =
      credentials.mfaSecret === undefined || credentials.mfaSecret === ""
        ? undefined
        : new MfaCodes(credentials.mfaSecret);
  }

  /** The session to send, logging in first when there is none or it is about to expire. */
  async session(signal: AbortSignal | undefined): Promise<Session> {
    const current = this.current;
    if (
      current !== undefined &&
      (current.renewAt === undefined || this.runtime.now() < current.renewAt)
    )
      return current;
    return this.renew(signal);
  }

  /** The service refused `session` (401): the next call logs in again, once for all callers. */
  refused(session: Session): void {
    if (this.current?.generation === session.generation) this.current = undefined;
  }

  /**
   * Ends the session at the service (every session of the account, on every machine) and forgets
   * it; a later call logs in again. Without a session there is nothing to end: no request is sent,
   * except in the browser, where the cookie may be there without this client having logged in.
   */
  async logOut(signal: AbortSignal | undefined): Promise<void> {
    // A login under way would leave a session behind the logout.
    const pending = await this.pending?.promise.catch(() => undefined);
    const session = this.current ?? pending;
    this.current = undefined;
    if (session === undefined && this.runtime.cookies === "manual") return;
    const url = new URL(`${this.loginUrl.href.replace(/\/+$/, "")}/logout`);
    const request = `POST ${url.pathname}`;
    const cookie = session?.cookies?.header(url);
    const response = await sendOnce(this.runtime, request, url, {
      method: "POST",
      ...(cookie === undefined ? {} : { cookie }),
      signal,
    });
    session?.cookies?.receive(response.headers, url);
    this.observe(response);
    if (response.status !== 204 && response.status !== 200)
      throw await failureOf(response, request, undefined, this.runtime);
    await response.body?.cancel();
  }

  /** Learns the service's clock from any answer, for the MFA code. */
  observe(response: Response): void {
    this.mfa?.observe(response.headers.get("date"), this.runtime.now());
  }

  /**
   * The shared login, which no single caller's signal may end: one caller giving up (its timeout,
   * its abort) must not fail the others waiting on the same login. It runs under its own signal,
   * aborted only when every caller waiting on it with a signal has aborted and none waits without.
   */
  private renew(signal: AbortSignal | undefined): Promise<Session> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let login = this.pending;
    if (login === undefined) {
      const controller = new AbortController();
      const started: PendingLogin = {
        promise: this.logIn(controller.signal),
        controller,
        waiting: 0,
      };
      started.promise
        .finally(() => {
          if (this.pending === started) this.pending = undefined;
        })
        .catch(() => undefined);
      this.pending = login = started;
    }
    const shared = login;
    shared.waiting += 1;
    if (signal === undefined) return shared.promise;
    return new Promise<Session>((resolve, reject) => {
      const onAbort = () => {
        shared.waiting -= 1;
        if (shared.waiting === 0) shared.controller.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      shared.promise.then(
        (session) => {
          signal.removeEventListener("abort", onAbort);
          resolve(session);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  private async logIn(signal: AbortSignal | undefined): Promise<Session> {
    let outcome = await this.attempt(signal);
    // A refused MFA login whose answer showed the clocks apart is tried once at the service's time.
    if (!outcome.live && outcome.clockMoved) outcome = await this.attempt(signal);
    const { cookies, live, expiresAt } = outcome;
    if (!live && this.runtime.cookies === "manual") {
      throw new RpdiAuthenticationError(
        `The login at ${this.loginUrl.origin}${this.loginUrl.pathname} set no session cookie: ${this.mfa === undefined ? "the email or password was refused, or the organization requires MFA (pass credentials.mfaSecret)" : "the email, password or MFA code was refused"}. The login answers 200 either way; only the cookie tells.`,
        { request: `POST ${this.loginUrl.pathname}`, status: outcome.status },
      );
    }
    this.generation += 1;
    this.current = {
      cookies: this.runtime.cookies === "manual" ? cookies : undefined,
      renewAt: renewalTime(expiresAt, this.runtime.now()),
      generation: this.generation,
    };
    return this.current;
  }

  private async attempt(
    signal: AbortSignal | undefined,
  ): Promise<ReceivedCookies & { cookies: SessionCookies; clockMoved: boolean; status: number }> {
    const form = new URLSearchParams({
      email: this.credentials.email,
      password: this.credentials.password,
    });
    if (this.mfa !== undefined) {
      const { waitMs, code } = this.mfa.next(this.runtime.now());
      if (waitMs > 0) await this.runtime.sleep(waitMs, signal);
      form.set("mfaCode", code());
    }
    const request = `POST ${this.loginUrl.pathname}`;
    const response = await sendOnce(this.runtime, request, this.loginUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal,
    });
    const clockMoved = this.mfa?.observe(response.headers.get("date"), this.runtime.now()) ?? false;
    if (response.status !== 200) throw await failureOf(response, request, undefined, this.runtime);
    await response.body?.cancel();
    const cookies = new SessionCookies(this.runtime);
    return {
      ...cookies.receive(response.headers, this.loginUrl),
      cookies,
      clockMoved,
      status: response.status,
    };
  }
}

/** When a session expiring at `expiresAt`, set at `now`, is renewed (see RENEW_BEFORE_EXPIRY_MS). */
function renewalTime(expiresAt: number | undefined, now: number): number | undefined {
  if (expiresAt === undefined) return undefined;
  return expiresAt - Math.min(RENEW_BEFORE_EXPIRY_MS, (expiresAt - now) / 4);
}
