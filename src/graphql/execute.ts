import {
  buildSchema,
  type DocumentNode,
  defaultFieldResolver,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFieldResolver,
  getOperationAST,
} from "graphql";
import { MemberConflictError, StoreConflictError } from "../store/errors";
import { asUnavailable } from "../store/unavailable";
import { abortedError, stopIfAborted } from "./abort";
import type { GraphqlContext } from "./context";
import { graphqlError, MemberGraphqlErrorCode, withCode } from "./errors";
import type { HeavyReadTurn } from "./heavy-reads";
import { MEMBER_GRAPHQL_LIMITS } from "./limits";
import { type MemberGraphqlRequest, prepareMemberGraphql } from "./prepare";
import { memberResolvers } from "./resolvers";
import { MEMBER_GRAPHQL_SDL } from "./schema";

export type { GraphqlContext } from "./context";
export type { MemberGraphqlRequest } from "./prepare";

/** The executable GraphQL schema of the per-member operations; its SDL is `docs/graphql/schema.graphql`. */
const schema = buildSchema(MEMBER_GRAPHQL_SDL);

/** The `Retry-After` of a heavy query refused for want of a turn, in seconds. */
export const HEAVY_READS_RETRY_AFTER_SECONDS = 1;

/**
 * Runs a GraphQL request against the member operations. A document over the limits
 * (`MEMBER_GRAPHQL_LIMITS`, `context.maxCost`), a subscription, one that does not parse or
 * validate, or variables that do not fit, is a request error: the result has `errors` and no
 * `data`, to be answered 400 (see {@link memberGraphqlHttpStatus}). A heavy query (cost from
 * `context.heavyCost` on) first takes a turn of `context.heavyReads`; without one it is refused
 * with `HEAVY_READS_BUSY`, answered 429. Otherwise each operation is authorized on the caller and its
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
  const prepared = prepareMemberGraphql(schema, request, { maxCost: context.maxCost });
  if (!prepared.ok) return { errors: prepared.errors };
  const gate = context.heavyReads;
  const heavy =
    prepared.cost >= (context.heavyCost ?? MEMBER_GRAPHQL_LIMITS.heavyCost) &&
    getOperationAST(prepared.document, request.operationName)?.operation === "query";
  if (gate === undefined || !heavy) return run(request, prepared.document, context);
  const turn = await gate.enter(context.principal.organization.id, context.signal);
  if (!turn.ok) return { errors: [busyError(turn.reason, prepared.cost)] };
  try {
    return await run(request, prepared.document, context);
  } finally {
    turn.release();
  }
}

async function run(
  request: MemberGraphqlRequest,
  document: DocumentNode,
  context: GraphqlContext,
): Promise<ExecutionResult> {
  const result = await execute({
    schema,
    document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    rootValue: memberResolvers(context),
    fieldResolver: abortableFieldResolver(context.signal),
  });
  if (result.data !== undefined) return withFailuresMasked(result, context);
  // Variables that do not fit their types, or an unknown operation name: nothing ran.
  return {
    errors: (result.errors ?? []).map((error) =>
      withCode(error, MemberGraphqlErrorCode.GRAPHQL_VALIDATION_FAILED, "The request was refused"),
    ),
  };
}

function busyError(reason: Exclude<HeavyReadTurn, { ok: true }>["reason"], cost: number) {
  if (reason === "ABORTED") return abortedError();
  const why =
    reason === "QUEUE_FULL"
      ? "every turn for heavy queries of this organization is taken and the queue is full"
      : "no turn for heavy queries of this organization came free in time";
  return graphqlError(
    MemberGraphqlErrorCode.HEAVY_READS_BUSY,
    `The query costs ${cost.toLocaleString("en-US")}, which makes it heavy, and ${why}. Retry after ${HEAVY_READS_RETRY_AFTER_SECONDS} s, or ask for smaller pages one after another.`,
    { extensions: { cost, retryAfterSeconds: HEAVY_READS_RETRY_AFTER_SECONDS } },
  );
}

/**
 * Whether a dependency outage failed every root field: nothing was read or written, so the whole
 * request is answered as the outage (503), not as a 200 holding only errors. A mutation that
 * succeeded before the outage keeps the 200, with `UNAVAILABLE` on the fields that failed.
 */
function nothingAnswered(result: ExecutionResult): boolean {
  const unavailable = result.errors?.some(
    (error) => error.extensions.code === MemberGraphqlErrorCode.UNAVAILABLE,
  );
  if (unavailable !== true || result.data === null || result.data === undefined) return false;
  for (const key in result.data) if (result.data[key] !== null) return false;
  return true;
}

/**
 * The HTTP status of a result of {@link executeMemberGraphql} (GraphQL over HTTP): 400 for a
 * request error, which has no `data`, and 429 when that error is `HEAVY_READS_BUSY` (to be sent
 * with `Retry-After`); 503 when a dependency outage failed every root field (to be sent with
 * `Retry-After`); 200 when the operation ran, whatever its field errors.
 */
export function memberGraphqlHttpStatus(result: ExecutionResult): 200 | 400 | 429 | 503 {
  if (result.data !== undefined) return nothingAnswered(result) ? 503 : 200;
  const busy = result.errors?.some(
    (error) => error.extensions.code === MemberGraphqlErrorCode.HEAVY_READS_BUSY,
  );
  return busy === true ? 429 : 400;
}

/**
 * A resolver's unexpected failure reaches graphql-js's answer with its own message, which for a
 * store error can be the database's; the client gets a code instead and the host the error.
 */
function withFailuresMasked(
  result: ExecutionResult,
  { onError, onUnavailable }: Pick<GraphqlContext, "onError" | "onUnavailable">,
): ExecutionResult {
  const errors = result.errors?.map((error) => {
    const failure = error.originalError;
    if (failure === undefined || failure instanceof GraphQLError) return error;
    const location = { nodes: error.nodes, source: error.source, positions: error.positions };
    const unavailable = asUnavailable(failure, "database");
    if (unavailable !== undefined) {
      onUnavailable?.(unavailable);
      return graphqlError(
        MemberGraphqlErrorCode.UNAVAILABLE,
        unavailable.committed === "unknown"
          ? "A service this operation depends on could not be reached while it was being committed: it may or may not have been written. Read it back before retrying."
          : "A service this operation depends on cannot be reached right now; nothing of this operation was written. Retry it shortly.",
        { ...location, path: error.path },
      );
    }
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
