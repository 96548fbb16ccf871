import type { Principal } from "../auth/policy";
import { type SessionStampCheck, sessionStamp } from "../auth/session-stamp";
import { type TokenSecret, type TokenVerifier, verifyToken } from "../auth/token";
import { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";

export interface SessionOptions {
  store: Store;
  secret: TokenSecret;
  cookieName: string;
  acceptBearer: boolean;
  /** Checks a token's signature and claims; {@link verifyToken} under `secret` when absent. */
  verifyToken?: TokenVerifier;
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
  if (token?.value == null) return null;
  const session =
    options.verifyToken === undefined
      ? await verifyToken(options.secret, token.value, now)
      : await options.verifyToken(token.value, now);
  if (session === null) return null;
  try {
    return await runReadOnly(options.store, session.orgId, async (tx) => {
      const [member] = await tx.loadMembersById([session.memberId]);
      if (member === undefined) return null;
      const organization = await tx.loadOrganization();
      const { stamp } = session;
      if (stamp === undefined) return null;
      const current =
        options.checkStamp === undefined
          ? stamp === sessionStamp(options.secret, member, organization)
          : options.checkStamp(stamp, member, organization);
      if (!current) return null;
      return { member, organization };
    });
  } catch (error) {
    if (error instanceof OrganizationNotFoundError) return null;
    throw error;
  }
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
  const values = cookieValues(request, options.cookieName);
  if (values.length > 1) return { value: null, from: "cookie", repeated: true };
  const [value] = values;
  return value === undefined || value === "" ? null : { value, from: "cookie" };
}

/** Every value the request's `Cookie` header holds for `name`, in the order sent. */
export function cookieValues(request: Request, name: string): string[] {
  const values: string[] = [];
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
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
