import { type BoardJob, boardJobListSchema, boardJobSchema } from "../jobs/board";
import type { Addresses } from "./addresses";
import type { CallOptions } from "./members";
import type { Transport } from "./transport";

/** A careers page's filters: each keeps the jobs equal to one of its values (case-insensitive). */
export interface JobBoardQuery {
  department?: string | readonly string[];
  office?: string | readonly string[];
}

/**
 * GET {api_url}/v1/job-board/{shortName}/jobs: the public job board, sent without the session (no
 * login happens for it). The organization is the login address's `{org_name}` unless `shortName`
 * names another. A 404 (no such board) throws `RpdiNotFoundError`; a 429 throws
 * `RpdiRateLimitError` with its `retryAfterSeconds`, unretried.
 */
export interface JobBoardMethods {
  /** The public jobs open today, by title. */
  jobs(query?: JobBoardQuery, options?: JobBoardCallOptions): Promise<BoardJob[]>;
  /** One job of the board. */
  job(jobId: string, options?: JobBoardCallOptions): Promise<BoardJob>;
}

/** Options of a job board call: the organization, when not the login address's. */
export interface JobBoardCallOptions extends CallOptions {
  shortName?: string;
}

/** The `{org_name}` of `{site_url}/app/{org_name}/admin/auth/`. */
function loginShortName(login: URL): string | undefined {
  const match = /\/app\/([^/]+)\/admin\/auth\/?$/.exec(login.pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

export function jobBoardMethods(transport: Transport, addresses: Addresses): JobBoardMethods {
  const path = (options: JobBoardCallOptions, rest: string) => {
    const shortName = options.shortName ?? loginShortName(addresses.login);
    if (shortName === undefined)
      throw new TypeError(
        "jobBoard: pass shortName (the login address names no {org_name} to take it from)",
      );
    return `/v1/job-board/${encodeURIComponent(shortName)}/jobs${rest}`;
  };
  return {
    async jobs(query = {}, options = {}) {
      const url = addresses.feed(path(options, ""));
      for (const name of ["department", "office"] as const) {
        const value = query[name];
        for (const one of typeof value === "string" ? [value] : (value ?? []))
          url.searchParams.append(name, one);
      }
      const list = await transport.call({
        method: "GET",
        url,
        anonymous: true,
        read: (response, check) => check.json(response, boardJobListSchema),
        signal: options.signal,
      });
      return list.jobs;
    },
    job(jobId, options = {}) {
      return transport.call({
        method: "GET",
        url: addresses.feed(path(options, `/${encodeURIComponent(jobId)}`)),
        anonymous: true,
        read: (response, check) => check.json(response, boardJobSchema),
        signal: options.signal,
      });
    },
  };
}
