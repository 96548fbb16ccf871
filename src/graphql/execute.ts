import {
  buildSchema,
  defaultFieldResolver,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFieldResolver,
} from "graphql";
import { MemberConflictError, StoreConflictError } from "../store/errors";
import { abortedError, stopIfAborted } from "./abort";
import type { GraphqlContext } from "./context";
import { graphqlError, MemberGraphqlErrorCode, withCode } from "./errors";
import { type MemberGraphqlRequest, prepareMemberGraphql } from "./prepare";
import { memberResolvers } from "./resolvers";
import { MEMBER_GRAPHQL_SDL } from "./schema";

export type { GraphqlContext } from "./context";
export type { MemberGraphqlRequest } from "./prepare";

/** The executable GraphQL schema of the per-member operations; its SDL is `docs/graphql/schema.graphql`. */
const schema = buildSchema(MEMBER_GRAPHQL_SDL);

/**
 * Runs a GraphQL request against the member operations. A document over the limits
 * (`MEMBER_GRAPHQL_LIMITS`), one that does not parse or validate, or variables that do
 * not fit, is a request error: the result has `errors` and no `data`, to be answered 400 (see
 * {@link memberGraphqlHttpStatus}). Otherwise each operation is authorized on the caller and its
 * target (`authorizeMemberOperation`); field failures carry `extensions.code`: the CSV's
 * error type (`INVALID_EMAIL`…), `NOT_FOUND`, `FORBIDDEN`, `ABORTED` once `context.signal`
 * is, `CONFLICT` for a concurrent write, `INTERNAL_SERVER_ERROR` for anything unexpected (told to
 * `context.onError`, never shown). Never rejects for anything the client sent.
 */
export async function executeMemberGraphql(
  request: MemberGraphqlRequest,
  context: GraphqlContext,
): Promise<ExecutionResult> {
  if (context.signal?.aborted) return { errors: [abortedError()] };
  const prepared = prepareMemberGraphql(schema, request);
  if (!prepared.ok) return { errors: prepared.errors };
  const result = await execute({
    schema,
    document: prepared.document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    rootValue: memberResolvers(context),
    fieldResolver: abortableFieldResolver(context.signal),
  });
  if (result.data !== undefined) return withFailuresMasked(result, context.onError);
  // Variables that do not fit their types, or an unknown operation name: nothing ran.
  return {
    errors: (result.errors ?? []).map((error) =>
      withCode(error, MemberGraphqlErrorCode.GRAPHQL_VALIDATION_FAILED, "The request was refused"),
    ),
  };
}

/**
 * The HTTP status of a result of {@link executeMemberGraphql} (GraphQL over HTTP): 400 for a
 * request error, which has no `data`; 200 when the operation ran, whatever its field errors.
 */
export function memberGraphqlHttpStatus(result: ExecutionResult): 200 | 400 {
  return result.data === undefined ? 400 : 200;
}

/**
 * A resolver's unexpected failure reaches graphql-js's answer with its own message, which for a
 * store error can be the database's; the client gets a code instead and the host the error.
 */
function withFailuresMasked(
  result: ExecutionResult,
  onError: ((error: unknown) => void) | undefined,
): ExecutionResult {
  const errors = result.errors?.map((error) => {
    const failure = error.originalError;
    if (failure === undefined || failure instanceof GraphQLError) return error;
    const location = { nodes: error.nodes, source: error.source, positions: error.positions };
    if (failure instanceof StoreConflictError || failure instanceof MemberConflictError) {
      return graphqlError(
        MemberGraphqlErrorCode.CONFLICT,
        "Another change to this organization was made at the same time; nothing of this operation was written. Retry it.",
        { ...location, path: error.path },
      );
    }
    onError?.(failure);
    return graphqlError(
      MemberGraphqlErrorCode.INTERNAL_SERVER_ERROR,
      "The operation failed unexpectedly.",
      { ...location, path: error.path },
    );
  });
  return errors === undefined ? result : { ...result, errors };
}

function abortableFieldResolver(
  signal: AbortSignal | undefined,
): GraphQLFieldResolver<unknown, unknown> {
  if (signal === undefined) return defaultFieldResolver;
  return (source, args, contextValue, info) => {
    stopIfAborted(signal);
    return defaultFieldResolver(source, args, contextValue, info);
  };
}

export { schema as memberGraphqlSchema };
