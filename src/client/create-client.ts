import { type Addresses, addressesOf, type ClientAddresses } from "./addresses";
import { type FeedMethods, feedMethods } from "./feed";
import { type GraphqlMethods, graphqlMethods } from "./graphql";
import { type JobBoardMethods, jobBoardMethods } from "./job-board";
import { type ListMethods, listMethods } from "./lists";
import { type MatterMethods, matterMethods } from "./matters";
import { type MemberMethods, memberMethods } from "./members";
import { MfaCodes } from "./mfa-code";
import { DEFAULT_RETRY, type RetryOptions, type Runtime, sleep } from "./runtime";
import { Secrets } from "./secrets";
import { type ClientCredentials, SessionKeeper } from "./session";
import { Transport } from "./transport";

/** Options of {@link createClient}. */
export interface ClientOptions extends ClientAddresses {
  credentials: ClientCredentials;
  /** The `fetch` to send with (a test's stub, an instrumented one). Default: the global. */
  fetch?: typeof fetch;
  /**
   * Check every answer against the spec's zod schemas and media types (default `true`): an
   * answer outside the contract throws `RpdiContractError` at once instead of flowing on.
   */
  validateResponses?: boolean;
  /** Bounds of the retries the spec asks for (the feed's 429 and 500). */
  retry?: RetryOptions;
  /**
   * Who keeps the session cookie. `manual` (default) reads the login's `Set-Cookie` and sends it
   * on every call; in a browser, where `Set-Cookie` is hidden, pass `browser`.
   */
  cookies?: "manual" | "browser";
  /** This machine's clock, epoch milliseconds (for the MFA code and cookie expiry). */
  now?: () => number;
  /** How the client waits (for `Retry-After`, backoff, the next MFA step). */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** A number in [0, 1) for retry jitter. Default `Math.random`. */
  random?: () => number;
}

/** The interface from the caller's side: one method per endpoint, grouped as the spec is. */
export interface RpdiClient {
  members: MemberMethods;
  lists: ListMethods;
  matters: MatterMethods;
  graphql: GraphqlMethods;
  feed: FeedMethods;
  /** The public job board (no session): `{api_url}/v1/job-board/{org_name}/jobs`. */
  jobBoard: JobBoardMethods;
  /** Logs in now (otherwise the first call does); rejects as a call would on refused credentials. */
  logIn(options?: { signal?: AbortSignal }): Promise<void>;
  /**
   * Logs out: the service ends every session of the account (`POST {login_url}logout`) and the
   * client forgets its cookie. A later call logs in again.
   */
  logOut(options?: { signal?: AbortSignal }): Promise<void>;
}

/**
 * A client of the interface. It logs in as the spec describes when first needed (form POST,
 * success read from the cookie, `mfaCode` from the MFA secret at the service's time), carries the
 * session on every call, answers a 401 with one fresh login and one retry, and throws typed errors
 * (`RpdiClientError` subclasses) for everything else. It uses only web-standard APIs, so it runs in
 * Node, Deno, Bun, workers and browsers.
 */
export function createClient(options: ClientOptions): RpdiClient {
  const addresses: Addresses = addressesOf(options);
  const { credentials } = options;
  if (typeof credentials?.email !== "string" || typeof credentials.password !== "string")
    throw new TypeError("credentials.email and credentials.password are required");
  if (credentials.mfaSecret !== undefined && credentials.mfaSecret !== "")
    MfaCodes.check(credentials.mfaSecret);
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== "function")
    throw new TypeError("no fetch: pass options.fetch on a runtime without a global fetch");
  const runtime: Runtime = {
    // Called unbound: a browser's fetch refuses any `this` other than the window.
    fetch: (input, init) => fetchFunction(input, init),
    cookies: options.cookies ?? "manual",
    validateResponses: options.validateResponses ?? true,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    now: options.now ?? Date.now,
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
    secrets: new Secrets([credentials.password, credentials.mfaSecret]),
  };
  const sessions = new SessionKeeper(addresses.login, credentials, runtime);
  const transport = new Transport(runtime, sessions);
  return {
    members: memberMethods(transport, addresses),
    lists: listMethods(transport, addresses),
    matters: matterMethods(transport, addresses),
    graphql: graphqlMethods(transport, addresses),
    feed: feedMethods(transport, addresses),
    jobBoard: jobBoardMethods(transport, addresses),
    logIn: async (call = {}) => {
      await sessions.session(call.signal);
    },
    logOut: (call = {}) => sessions.logOut(call.signal),
  };
}
