import type { MiddlewareHandler } from "hono";
import { secretMatcher } from "../../runtime/constant-time";
import type { HttpEnv } from "../env";
import { operatorError } from "./errors";

/** The shortest operator token `createHttpHandler` takes: a guessable token is no lock. */
export const OPERATOR_TOKEN_MIN_LENGTH = 16;

const CHALLENGE = 'Bearer realm="rpdi operator"';

/**
 * 401 unless `Authorization: Bearer <token>` carries the operator token, before anything else of
 * the request is looked at: no body is read, no parameter checked, no store asked. The tokens are
 * compared as SHA-256 digests in constant time. A session cookie counts for nothing here: members
 * and the operator are apart.
 */
export function requireOperatorToken(token: string): MiddlewareHandler<HttpEnv> {
  const matches = secretMatcher(token);
  return async (c, next) => {
    const presented = bearerTokenOf(c.req.raw.headers.get("authorization"));
    if (presented === null)
      return operatorError(
        "UNAUTHORIZED",
        "The operator API needs Authorization: Bearer <operator token>.",
        [],
        { "www-authenticate": CHALLENGE },
      );
    if (!(await matches(presented)))
      return operatorError("UNAUTHORIZED", "The operator token is not this service's.", [], {
        "www-authenticate": `${CHALLENGE}, error="invalid_token"`,
      });
    await next();
  };
}

/** The token of an `Authorization: Bearer …` header (RFC 6750 §2.1), or `null`. */
function bearerTokenOf(header: string | null): string | null {
  if (header === null) return null;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1] ?? null;
}
