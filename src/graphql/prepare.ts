import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
  validate,
} from "graphql";
import { graphqlError, MemberGraphqlErrorCode, withCode } from "./errors";
import { MEMBER_GRAPHQL_LIMITS } from "./limits";
import { memberListBudgetRule } from "./list-budget-rule";
import { supportedOperationRule } from "./operation-type-rule";

/** A GraphQL request as it arrives (GraphQL over HTTP). */
export interface MemberGraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null | undefined;
  operationName?: string | null | undefined;
}

/**
 * A document ready to run, with the cost of the operation that will run (`memberListBudgetRule`),
 * or the errors that refuse it: a request error, answered 400 with `{ errors }` and no `data`
 * (GraphQL over HTTP).
 */
export type PreparedMemberGraphql =
  | { ok: true; document: DocumentNode; cost: number }
  | { ok: false; errors: readonly GraphQLError[] };

/** What a host may change of {@link MEMBER_GRAPHQL_LIMITS}. */
export interface MemberGraphqlCostLimits {
  /** The largest cost of one request; `MEMBER_GRAPHQL_LIMITS.maxCost` by default. */
  maxCost?: number | undefined;
}

/**
 * Parses and validates a request against the member schema within {@link MEMBER_GRAPHQL_LIMITS}
 * (the cost budget as `costLimits` says): first the token limit while parsing, then the cheap limits
 * (depth, aliases, list budget and cost, and queries and mutations only), and
 * only for a document within them the standard rules, whose cost grows faster than the document.
 * Schema introspection is refused: the schema is published as SDL (docs/graphql/schema.graphql),
 * and its type graph is cyclic, so no depth limit bounds what an introspection query returns.
 * Never throws; every error has a message and an `extensions.code`.
 */
export function prepareMemberGraphql(
  schema: GraphQLSchema,
  request: MemberGraphqlRequest,
  costLimits: MemberGraphqlCostLimits = {},
): PreparedMemberGraphql {
  const limits = MEMBER_GRAPHQL_LIMITS;
  let cost = 0;
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: limits.maxTokens });
  } catch (error) {
    return { ok: false, errors: [parseError(error, limits.maxTokens)] };
  }
  const limitRules: ValidationRule[] = [
    maxDepthRule({
      n: limits.maxDepth,
      flattenFragments: true,
      ignoreIntrospection: false,
      propagateOnRejection: false,
      onReject: [armorReport(MemberGraphqlErrorCode.DEPTH_LIMIT_EXCEEDED)],
    }),
    maxAliasesRule({
      n: limits.maxAliases,
      propagateOnRejection: false,
      onReject: [armorReport(MemberGraphqlErrorCode.ALIAS_LIMIT_EXCEEDED)],
    }),
    memberListBudgetRule({
      maxPageSize: limits.maxPageSize,
      maxTotalPageSize: limits.maxTotalPageSize,
      maxListSelections: limits.maxListSelections,
      maxCost: costLimits.maxCost ?? limits.maxCost,
      listReadCost: limits.listReadCost,
      // Of every operation when none is named (execution then refuses more than one).
      onCost: (counted) => {
        cost = Math.max(cost, counted);
      },
      variableValues: request.variables ?? {},
      operationName: request.operationName,
    }),
    supportedOperationRule,
  ];
  for (const rules of [limitRules, [...specifiedRules, NoSchemaIntrospectionCustomRule]]) {
    const errors = validated(schema, document, rules);
    if (errors.length > 0) return { ok: false, errors };
  }
  return { ok: true, document, cost };
}

function validated(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: readonly ValidationRule[],
): GraphQLError[] {
  const context = "The document could not be validated";
  try {
    return validate(schema, document, rules).map((error) =>
      withCode(error, MemberGraphqlErrorCode.GRAPHQL_VALIDATION_FAILED, context),
    );
  } catch (error) {
    return [withCode(error, MemberGraphqlErrorCode.GRAPHQL_VALIDATION_FAILED, context)];
  }
}

/** graphql-js words the token limit "Document contains more that N tokens"; say it plainly. */
function parseError(error: unknown, maxTokens: number): GraphQLError {
  if (error instanceof GraphQLError && /contains more th(?:at|an) \d+ tokens/.test(error.message)) {
    return graphqlError(
      MemberGraphqlErrorCode.TOKEN_LIMIT_EXCEEDED,
      `The document has more than ${maxTokens} tokens (names, values and punctuation); at most ${maxTokens} are read. Use variables and fragments, or split the request.`,
      { source: error.source, positions: error.positions },
    );
  }
  return withCode(
    error,
    MemberGraphqlErrorCode.GRAPHQL_PARSE_FAILED,
    "The document could not be parsed",
  );
}

/**
 * graphql-armor's rules throw out of `validate` unless told not to; this reports their refusal as
 * a validation error instead, without the "Syntax Error: " they prefix it with.
 */
function armorReport(code: MemberGraphqlErrorCode) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    context?.reportError(graphqlError(code, error.message.replace(/^Syntax Error: /, "")));
  };
}
