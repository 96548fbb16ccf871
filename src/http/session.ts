import type { Principal } from "../auth/policy";
import { type SessionStampCheck, sessionStamp } from "../auth/session-stamp";
import {
  type RememberingTokenVerifier,
  type Session,
  type TokenSecret,
  type TokenVerifier,
  verifyToken,
} from "../auth/token";
import { supports } from "../store/capabilities";
import { OrganizationNotFoundError } from "../store/errors";
import type { Store, StoreTx } from "../store/port";
import { guarded, storeFailure } from "../store/run";
import type { TxOperation } from "../store/tx-wrap";
import { activeTracer } from "../telemetry/otel";
import { holdsNul } from "../values/nul";

/** The session cookie's name unless the host names another (`cookieName`). */
export const DEFAULT_SESSION_COOKIE = "SERVICEAUTH";

export interface SessionOptions {
  store: Store;
  secret: TokenSecret;
  cookieName: string;
  acceptBearer: boolean;
  /** Checks a token's signature and claims; {@link verifyToken} under `secret` when absent. */
  verifyToken?: TokenVerifier | RememberingTokenVerifier;
  /** Compares a token's stamp with the member's; {@link sessionStamp} under `secret` when absent. */
  checkStamp?: SessionStampCheck;
}

/**
 * The caller, from the session cookie (or, when the host opts in, a bearer token), re-read from the
 * store on every request so role changes apply at once. `null` means 401: also when the member's
 * address, password, MFA, roles or session epoch changed since the token was issued (its stamp no
 * longer matches). `token` is the request's {@link sessionTokenOf}, when the caller has it.
 */
export async function authenticate(
  request: Request,
  options: SessionOptions,
  now: Date,
  token: SessionToken | null = sessionTokenOf(request, options),
): Promise<Principal | null> {
  return (await callerOf(options, now, token, null))?.principal ?? null;
}

/**
 * What a route reads in the caller's own transaction once the session holds, so that it needs no
 * transaction of its own: `read` runs there, after the stamp check, only when `admits` the caller
 * (the route's policy), so nothing is read for a caller who will be refused. `operation` names
 * the port operation it calls, for the `StoreError` of its failure.
 */
export interface ReadBeside<T> {
  admits(principal: Principal): boolean;
  operation: TxOperation;
  read(tx: StoreTx): Promise<T>;
}

/** The caller, and what was read beside (`undefined` when the route's policy refuses them). */
export interface Caller<T> {
  principal: Principal;
  beside: T | undefined;
}

/**
 * {@link authenticate}, also running `beside` in the same transaction. The member and
 * organization are read with the two operations called as they are rather than through
 * `runReadOnly`'s wrapper of every operation (a fifteenth of a lookup request): a failure is named
 * as that wrapper names it, and a NUL in the member id, which no stored id holds, finds no one.
 * Promises are chained here rather than awaited in async functions: each suspended frame is an
 * allocation every authenticated request pays for.
 */
export function callerOf<T>(
  options: SessionOptions,
  now: Date,
  token: SessionToken | null,
  beside: ReadBeside<T> | null,
): Promise<Caller<T> | null> {
  if (token?.value == null) return NO_CALLER;
  const verifier = options.verifyToken;
  const known =
    verifier !== undefined && "remembered" in verifier
      ? verifier.remembered(token.value, now)
      : undefined;
  if (known !== undefined) return readCaller(options, known, beside);
  const verified =
    verifier === undefined
      ? verifyToken(options.secret, token.value, now)
      : verifier(token.value, now);
  return verified.then((session) => readCaller(options, session, beside));
}

const NO_CALLER: Promise<null> = Promise.resolve(null);

function readCaller<T>(
  options: SessionOptions,
  session: Readonly<Session> | null,
  beside: ReadBeside<T> | null,
): Promise<Caller<T> | null> {
  if (session === null || session.stamp === undefined || holdsNul(session.memberId))
    return NO_CALLER;
  const reader = callerReader(options, session.memberId, session.stamp, beside);
  return options.store
    .transaction(
      session.orgId,
      // Spans of the store's operations, only while the host traces.
      activeTracer() === undefined ? reader : (tx) => reader(guarded(tx)),
      beside === null ? SINGLE_READ : READ_ONLY,
    )
    .catch(goneAsNoCaller);
}

/** A session of an organization the store no longer has is no session. */
function goneAsNoCaller(error: unknown): null {
  if (error instanceof OrganizationNotFoundError) return null;
  throw error;
}

const READ_ONLY = { readOnly: true } as const;
/** A check that reads nothing beside the member and organization: one statement on PostgreSQL. */
const SINGLE_READ = { readOnly: true, singleRead: true } as const;

/**
 * The transaction's work: the member, their organization, the stamp check, then what the route
 * reads beside; `null` when the member is gone or the stamp no longer holds.
 */
function callerReader<T>(
  options: SessionOptions,
  memberId: string,
  stamp: string,
  beside: ReadBeside<T> | null,
): (tx: StoreTx) => Promise<Caller<T> | null> {
  return async (tx) => {
    let operation: TxOperation = "loadMembersById";
    try {
      let principal: Principal;
      if (supports(tx, "loadMemberAndOrganization")) {
        operation = "loadMemberAndOrganization";
        const { member, organization } = await tx.loadMemberAndOrganization(memberId);
        if (member === null) return null;
        principal = { member, organization };
      } else {
        const member = (await tx.loadMembersById([memberId]))[0];
        if (member === undefined) return null;
        operation = "loadOrganization";
        principal = { member, organization: await tx.loadOrganization() };
      }
      if (!stampHolds(options, stamp, principal)) return null;
      if (beside === null || !beside.admits(principal)) return { principal, beside: undefined };
      operation = beside.operation;
      return { principal, beside: await beside.read(tx) };
    } catch (error) {
      throw storeFailure(operation, error);
    }
  };
}

function stampHolds(options: SessionOptions, stamp: string, principal: Principal): boolean {
  return options.checkStamp === undefined
    ? stamp === sessionStamp(options.secret, principal.member, principal.organization)
    : options.checkStamp(stamp, principal.member, principal.organization);
}

/**
 * The session token a request carries, and where it came from; a bearer header wins. A cookie
 * header holding the session cookie more than once is `repeated`, never resolved by order: a
 * sibling subdomain or a plain-http response can plant a cookie of the same name, and browsers
 * send both.
 */
export function sessionTokenOf(
  request: Request,
  options: Pick<SessionOptions, "cookieName" | "acceptBearer">,
): SessionToken | null {
  if (options.acceptBearer) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
    if (match?.[1] !== undefined) return { value: match[1], from: "bearer" };
  }
  const header = request.headers.get("cookie");
  if (header === null) return null;
  const last = lastCookie;
  if (header === last.header && options.cookieName === last.name) return last.token;
  const values = cookieValuesOf(header, options.cookieName);
  const [value] = values;
  const token: SessionToken | null =
    values.length > 1
      ? REPEATED_COOKIE
      : value === undefined || value === ""
        ? null
        : Object.freeze({ value, from: "cookie" });
  lastCookie = { header, name: options.cookieName, token };
  return token;
}

const REPEATED_COOKIE: SessionToken = Object.freeze({
  value: null,
  from: "cookie",
  repeated: true,
});

// The last `Cookie` header read and its token: a client's requests carry the same header, and
// splitting it anew was a tenth of what a feed request cost rpdi beyond a bare Hono app.
let lastCookie: { header: string; name: string; token: SessionToken | null } = {
  header: "",
  name: "",
  token: null,
};

/** Every value the request's `Cookie` header holds for `name`, in the order sent. */
export function cookieValues(request: Request, name: string): string[] {
  return cookieValuesOf(request.headers.get("cookie") ?? "", name);
}

function cookieValuesOf(header: string, name: string): string[] {
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === name) values.push(pair.slice(separator + 1).trim());
  }
  return values;
}

/** A session token as a request carries it; `value: null` when the cookie came more than once. */
export type SessionToken =
  | { value: string; from: "bearer" | "cookie"; repeated?: never }
  | { value: null; from: "cookie"; repeated: true };
