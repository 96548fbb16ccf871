import { GraphQLError, type GraphQLErrorOptions } from "graphql";

/**
 * The `extensions.code` values rpdi's GraphQL answers carry besides the member CSV's error types
 * (`INVALID_EMAIL`…, for a field that fails its column rule). The first group refuses a whole
 * document before it runs (HTTP 400, but `HEAVY_READS_BUSY` 429); the second answers one field.
 */
export const MemberGraphqlErrorCode = {
  GRAPHQL_PARSE_FAILED: "GRAPHQL_PARSE_FAILED",
  GRAPHQL_VALIDATION_FAILED: "GRAPHQL_VALIDATION_FAILED",
  TOKEN_LIMIT_EXCEEDED: "TOKEN_LIMIT_EXCEEDED",
  DEPTH_LIMIT_EXCEEDED: "DEPTH_LIMIT_EXCEEDED",
  ALIAS_LIMIT_EXCEEDED: "ALIAS_LIMIT_EXCEEDED",
  PAGE_SIZE_LIMIT_EXCEEDED: "PAGE_SIZE_LIMIT_EXCEEDED",
  COST_LIMIT_EXCEEDED: "COST_LIMIT_EXCEEDED",
  OPERATION_NOT_SUPPORTED: "OPERATION_NOT_SUPPORTED",
  HEAVY_READS_BUSY: "HEAVY_READS_BUSY",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  ABORTED: "ABORTED",
  CONFLICT: "CONFLICT",
  UNAVAILABLE: "UNAVAILABLE",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
} as const;
/** One of {@link MemberGraphqlErrorCode}'s values. */
export type MemberGraphqlErrorCode =
  (typeof MemberGraphqlErrorCode)[keyof typeof MemberGraphqlErrorCode];

/** A GraphQL error with its code; the message is what a person reads, so it must say what to do. */
export function graphqlError(
  code: MemberGraphqlErrorCode,
  message: string,
  options: Omit<GraphQLErrorOptions, "extensions"> & { extensions?: Record<string, unknown> } = {},
): GraphQLError {
  return new GraphQLError(message, {
    ...options,
    extensions: { ...options.extensions, code },
  });
}

/**
 * The same error located where `error` was, with a code. Anything that is not a GraphQLError
 * (a RangeError from a runaway recursion, say) gets a message of its own: serialized as is, an
 * Error is `{}`.
 */
export function withCode(
  error: unknown,
  code: MemberGraphqlErrorCode,
  context: string,
): GraphQLError {
  if (error instanceof GraphQLError) {
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: error.originalError,
      extensions: { ...error.extensions, code: error.extensions.code ?? code },
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return graphqlError(code, `${context}: ${reason}`);
}
