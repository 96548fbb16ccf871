import { z } from "zod";
import { errorBodySchema } from "../http/error-body";
import {
  RpdiAuthenticationError,
  RpdiAuthorizationError,
  type RpdiClientError,
  RpdiConflictError,
  RpdiContractError,
  RpdiCursorExpiredError,
  RpdiNetworkError,
  RpdiNotFoundError,
  RpdiRateLimitError,
  RpdiServerError,
  RpdiValidationError,
} from "./errors";
import type { Runtime } from "./runtime";

/** A request as the client sends it: never redirected, so the cookie goes nowhere else. */
export interface Outgoing {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: BodyInit;
  cookie?: string;
  /** A public call: no browser credentials either (the job board answers any origin without). */
  anonymous?: boolean;
  signal: AbortSignal | undefined;
}

/**
 * One `fetch`. Redirects are not followed: a followed redirect would carry the session cookie, or
 * the login's password, to whatever address the answer names; a 3xx fails as a contract error.
 */
export async function sendOnce(
  runtime: Runtime,
  request: string,
  url: URL,
  outgoing: Outgoing,
): Promise<Response> {
  const headers = new Headers(outgoing.headers);
  if (outgoing.cookie !== undefined) headers.set("cookie", outgoing.cookie);
  let response: Response;
  try {
    response = await runtime.fetch(url, {
      method: outgoing.method,
      headers,
      ...(outgoing.body === undefined ? {} : { body: outgoing.body }),
      redirect: "manual",
      credentials:
        runtime.cookies === "browser" && outgoing.anonymous !== true ? "include" : "omit",
      ...(outgoing.signal === undefined ? {} : { signal: outgoing.signal }),
    });
  } catch (error) {
    if (outgoing.signal?.aborted) throw outgoing.signal.reason;
    throw new RpdiNetworkError(
      `${request}: the service at ${url.origin} could not be reached (${runtime.secrets.redact(error instanceof Error ? error.message : String(error))})`,
      { request, cause: error },
    );
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    // A redirect may carry the session in its target (`?token=…`): it is redacted.
    const location = runtime.secrets.redact(response.headers.get("location"));
    throw new RpdiContractError(
      `${request} was redirected${location === null ? "" : ` to ${location}`}; the client follows no redirect (it would carry the session): configure the address it ends at`,
      { request, status: response.status },
      [],
    );
  }
  return response;
}

/** The body of an error answer: JSON when it says so and parses, else its text. */
async function errorBodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (/\bjson\b/i.test(response.headers.get("content-type") ?? "")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The operator API's `{ error: { code, message } }`, as far as a message needs it. */
const codedErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * What a person reads of an error body: `{error}`'s message, the operator API's code and message,
 * a short text, or nothing.
 */
function said(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return `: ${parsed.data.error}`;
  const coded = codedErrorSchema.safeParse(body);
  if (coded.success) return `: ${coded.data.error.code}: ${coded.data.error.message}`;
  if (typeof body === "string" && body.trim() !== "") {
    const text = body.trim();
    return `: ${text.length > 500 ? `${text.slice(0, 500)}…` : text}`;
  }
  return "";
}

/** Schemas of a call's 400 body, checked when responses are validated. */
export interface BadRequestBody {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/**
 * The typed error for a non-2xx answer. `badRequest` is the spec's 400 body of the call; when
 * responses are validated, a 400 body outside it is a contract error. `gone` is the 410 body of a
 * call that may answer 410 (the changes' expired cursor); other calls are given no 410. The body
 * is redacted of the client's secrets first: an error page may echo the request's cookie or the
 * login's form.
 */
export async function failureOf(
  response: Response,
  request: string,
  badRequest: BadRequestBody | undefined,
  runtime: Pick<Runtime, "validateResponses" | "now" | "secrets">,
  gone?: BadRequestBody,
): Promise<RpdiClientError> {
  const status = response.status;
  const details = { request, status };
  const body = runtime.secrets.redact(await errorBodyOf(response));
  const message = `${request} answered ${status}${said(body)}`;
  switch (true) {
    case status === 410 && gone !== undefined: {
      if (runtime.validateResponses && !gone.safeParse(body).success)
        return new RpdiContractError(
          `${request} answered 410 with a body outside the contract`,
          details,
          [{ path: [], message: "the 410 body does not match the spec's body for this call" }],
        );
      return new RpdiCursorExpiredError(message, details, body);
    }
    case status === 400 || status === 413 || status === 415: {
      if (status === 400 && badRequest !== undefined && runtime.validateResponses) {
        const parsed = badRequest.safeParse(body);
        if (!parsed.success)
          return new RpdiContractError(
            `${request} answered 400 with a body outside the contract`,
            details,
            [{ path: [], message: "the 400 body does not match the spec's body for this call" }],
          );
        return new RpdiValidationError(message, details, parsed.data);
      }
      return new RpdiValidationError(message, details, body);
    }
    case status === 401:
      return new RpdiAuthenticationError(message, details);
    case status === 403:
      return new RpdiAuthorizationError(message, details, body);
    case status === 404:
      return new RpdiNotFoundError(message, details, body);
    case status === 409:
      return new RpdiConflictError(message, details, body);
    case status === 429:
      return new RpdiRateLimitError(
        message,
        details,
        retryAfterSeconds(response.headers, runtime.now()),
      );
    case status >= 500:
      return new RpdiServerError(message, details, body);
    default:
      return new RpdiContractError(
        `${request} answered ${status}, which the spec does not give it`,
        details,
        [],
      );
  }
}

/**
 * `Retry-After` in seconds (RFC 9110 §10.2.3: a number of seconds or an HTTP date, counted from
 * the answer's `Date`, else from `now`), or `undefined` when absent or unreadable.
 */
export function retryAfterSeconds(headers: Headers, now: number): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  // The date is on the service's clock: measure it from the answer's own `Date` when it has one,
  // so a machine whose clock is minutes off still waits what was asked (not minutes more, or none).
  const served = Date.parse(headers.get("date") ?? "");
  return Math.max(0, Math.ceil((at - (Number.isNaN(served) ? now : served)) / 1000));
}
