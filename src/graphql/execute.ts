import {
  buildSchema,
  defaultFieldResolver,
  type ExecutionResult,
  execute,
  type GraphQLFieldResolver,
} from "graphql";
import { abortedError, stopIfAborted } from "./abort";
import type { GraphqlContext } from "./context";
import { MemberGraphqlErrorCode, withCode } from "./errors";
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
 * error type (`INVALID_EMAIL`…), `NOT_FOUND`, `FORBIDDEN`, or `ABORTED` once `context.signal`
 * is. Never rejects for anything the client sent.
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
  if (result.data !== undefined) return result;
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
