import { matchTotpStep } from "../../src/auth/totp";
import { type ClientOptions, createClient, type JobApplication } from "../../src/client/index";

/*
 * A stub of the interface for rpdi/client's tests: a `fetch` that answers from memory, a login
 * that behaves as the spec's (200 either way, success is the cookie), and a fake clock the client
 * reads through its `now` and `sleep` options. Nothing here waits on real time.
 */

export const ORIGIN = "https://rpdi.test";
export const LOGIN_PATH = "/app/acme/admin/auth/";
export const EMAIL = "service.account@acme.example";
export const PASSWORD = "correct horse battery staple";
export const MFA_SECRET = "JBSWY3DPEHPK3PXP";

/** A request as the stub received it. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: RequestInit["body"];
  init: RequestInit;
}

/** The client's clock: `sleep` advances it at once and records how long was asked. */
export class FakeClock {
  readonly sleeps: number[] = [];
  constructor(public now: number = Date.parse("2026-03-01T12:00:05Z")) {}

  advance(ms: number): void {
    this.now += ms;
  }

  readonly sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.sleeps.push(ms);
    this.now += ms;
    return Promise.resolve();
  };
}

export type ApiHandler = (
  request: SentRequest,
  service: StubService,
) => Response | Promise<Response>;

export interface StubOptions {
  clock?: FakeClock;
  password?: string;
  /** The account needs an MFA code (checked at the service's time, each step accepted once). */
  mfaSecret?: string;
  /** The service's clock minus the client's, in its `Date` headers and its MFA check. */
  serverSkewMs?: number;
  /** `Max-Age` of the session cookie; none when undefined. */
  maxAgeSeconds?: number;
  /** The value of each new session cookie. */
  cookieValue?: (login: number) => string;
  /** Answers every call that is not the login, after the cookie was checked. */
  api?: ApiHandler;
  /** Also check the cookie before `api` (default true): a call without a live one gets 401. */
  checkCookie?: boolean;
}

export const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);

/** The stub service: records every request, issues and checks session cookies. */
export class StubService {
  readonly clock: FakeClock;
  readonly requests: SentRequest[] = [];
  /** Each login POST: the code it carried, whether it was accepted, the cookie it set. */
  readonly logins: { mfaCode: string | null; accepted: boolean; cookie: string | undefined }[] = [];
  readonly liveCookies = new Set<string>();
  private lastAcceptedStep = Number.NEGATIVE_INFINITY;

  constructor(readonly options: StubOptions = {}) {
    this.clock = options.clock ?? new FakeClock();
  }

  get serverNow(): number {
    return this.clock.now + (this.options.serverSkewMs ?? 0);
  }

  apiRequests(): SentRequest[] {
    return this.requests.filter((request) => request.url.pathname !== LOGIN_PATH);
  }

  loginRequests(): SentRequest[] {
    return this.requests.filter((request) => request.url.pathname === LOGIN_PATH);
  }

  /** Refuses every session issued so far (the next call with one gets 401). */
  revokeSessions(): void {
    this.liveCookies.clear();
  }

  /** Behaves as a web fetch: honours `signal` before and while answering. */
  readonly fetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request: SentRequest = {
      method: init.method ?? "GET",
      url,
      headers: new Headers(init.headers),
      body: init.body,
      init,
    };
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    this.requests.push(request);
    const answer = Promise.resolve().then(() => this.answer(request));
    if (signal === undefined) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };

  private dateHeader(): string {
    return new Date(this.serverNow).toUTCString();
  }

  private async answer(request: SentRequest): Promise<Response> {
    if (request.url.pathname === LOGIN_PATH) return this.logIn(request);
    if (this.options.checkCookie !== false && !this.hasLiveCookie(request))
      return json({ error: "Unauthorized" }, { status: 401, headers: { date: this.dateHeader() } });
    const response = await (this.options.api ?? (() => json([])))(request, this);
    if (!response.headers.has("date")) response.headers.set("date", this.dateHeader());
    return response;
  }

  hasLiveCookie(request: SentRequest): boolean {
    const cookie = request.headers.get("cookie") ?? "";
    return cookie
      .split(/;\s*/)
      .some((pair) => pair.startsWith("SERVICEAUTH=") && this.liveCookies.has(pair.slice(12)));
  }

  private logIn(request: SentRequest): Response {
    const form = new URLSearchParams(String(request.body));
    const mfaCode = form.get("mfaCode");
    let accepted =
      form.get("email") === EMAIL && form.get("password") === (this.options.password ?? PASSWORD);
    if (accepted && this.options.mfaSecret !== undefined) {
      const step = matchTotpStep(this.options.mfaSecret, mfaCode ?? "", new Date(this.serverNow));
      accepted = step !== null && step > this.lastAcceptedStep;
      if (accepted && step !== null) this.lastAcceptedStep = step;
    }
    const headers = new Headers({ "content-type": "text/html", date: this.dateHeader() });
    let cookie: string | undefined;
    if (accepted) {
      cookie = (this.options.cookieValue ?? ((n) => `session-${n}`))(this.logins.length + 1);
      this.liveCookies.add(cookie);
      const maxAge = this.options.maxAgeSeconds;
      headers.append(
        "set-cookie",
        `SERVICEAUTH=${cookie}; Path=/; Secure; HttpOnly${maxAge === undefined ? "" : `; Max-Age=${maxAge}`}`,
      );
    }
    this.logins.push({ mfaCode, accepted, cookie });
    return new Response("<html>login</html>", { status: 200, headers });
  }
}

/** A client of `service`, on its fake clock, with jitter fixed at half a second. */
export function clientOf(service: StubService, overrides: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: `${ORIGIN}/api/v2`,
    apiUrl: ORIGIN,
    loginUrl: `${ORIGIN}${LOGIN_PATH}`,
    credentials: {
      email: EMAIL,
      password: service.options.password ?? PASSWORD,
      ...(service.options.mfaSecret === undefined ? {} : { mfaSecret: service.options.mfaSecret }),
    },
    fetch: service.fetch,
    now: () => service.clock.now,
    sleep: service.clock.sleep,
    random: () => 0.5,
    ...overrides,
  });
}

/** A feed record of the spec's shape with the given status changes (epoch milliseconds). */
export function feedRecord(
  applicationId: string,
  statuses: readonly { name: string; at: number }[],
  lastStatusUpdate: number = Math.max(...statuses.map((status) => status.at)),
): JobApplication {
  return {
    firstName: "Ada",
    lastName: "Okoye",
    email: "ada@example.com",
    phone: null,
    candidateId: "c0000000-0000-4000-8000-000000000001",
    candidateUrl: "https://rpdi.test/app/acme/candidates/c0000000-0000-4000-8000-000000000001",
    applicationId,
    jobTitle: "Associate",
    jobId: "j0000000-0000-4000-8000-000000000001",
    department: "Litigation",
    officeLocation: "New York",
    employmentType: "Full-time",
    hiringType: "Lateral",
    position: "Associate",
    requisitionId: null,
    startDate: null,
    salary: null,
    addressLine1: "1 Main St",
    addressLine2: "",
    city: "New York",
    state: "NY",
    zipCode: "10001",
    jobApplicationLastStatusUpdate: new Date(lastStatusUpdate).toISOString(),
    jobApplicationStatuses: statuses.map((status) => ({
      statusName: status.name,
      statusBucketName: "Active",
      statusUpdatedAt: new Date(status.at).toISOString(),
    })),
    educationHistory: null,
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject, but it resolved");
}
