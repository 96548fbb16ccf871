import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  getArgumentValues,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { graphqlError, MemberGraphqlErrorCode } from "./errors";
import { MEMBER_GRAPHQL_LIMITS } from "./limits";

/** What {@link memberListBudgetRule} allows, and what it needs to know of the request. */
export interface MemberListBudget {
  /** Largest `first` of one selection. */
  maxPageSize: number;
  /** Largest sum of `first` over the operation's selections. */
  maxTotalPageSize: number;
  /** Most selections of the list field in one operation. */
  maxListSelections: number;
  /** Largest cost of the operation; `MEMBER_GRAPHQL_LIMITS.maxCost` when left out. */
  maxCost?: number | undefined;
  /** What one list selection costs besides its page; `MEMBER_GRAPHQL_LIMITS.listReadCost` when left out. */
  listReadCost?: number | undefined;
  /** Told the cost of the operation checked (also when over the budget). */
  onCost?: ((cost: number) => void) | undefined;
  /** The request's variables; `undefined` when unknown, and then a variable `first` counts as `maxPageSize`. */
  variableValues?: Readonly<Record<string, unknown>> | undefined;
  /** The operation that will run; the others of the document are not checked. */
  operationName?: string | null | undefined;
}

const LIST_FIELD = "membersByProduct";

interface Tally {
  selections: number;
  total: number;
  cost: number;
}

const NOTHING: Tally = { selections: 0, total: 0, cost: 0 };

/**
 * A validation rule for the cost of an operation, and of `membersByProduct` in particular: each
 * `first` within 1 to `maxPageSize`, their sum within `maxTotalPageSize`, their number within
 * `maxListSelections`, and the operation's cost within `maxCost`. The cost is 1 for each field
 * selected (with what its selection set costs), except that `membersByProduct` costs
 * `listReadCost` plus `first` times what its selection set costs: the page's members times the
 * fields asked of each. Selections reached through fragments count once per spread; aliases count
 * as the fields they are. `first` is read as the resolver would get it: the literal, the
 * variable's value, or the schema's default.
 */
export function memberListBudgetRule(budget: MemberListBudget): ValidationRule {
  const maxCost = budget.maxCost ?? MEMBER_GRAPHQL_LIMITS.maxCost;
  const listReadCost = budget.listReadCost ?? MEMBER_GRAPHQL_LIMITS.listReadCost;
  return (context) => ({
    OperationDefinition(operation) {
      const name = budget.operationName ?? null;
      if (name !== null && operation.name?.value !== name) return false;
      const field = context.getSchema().getQueryType()?.getFields()[LIST_FIELD];
      if (field === undefined) return false;
      const pageSize = pageSizeReader(context, operation, field, budget);
      const fragments = new Map<string, Tally>();
      const reported = new Set<FieldNode>();

      const tally = (selectionSet: SelectionSetNode, within: ReadonlySet<string>): Tally => {
        const sum: Tally = { ...NOTHING };
        const add = (part: Tally) => {
          sum.selections += part.selections;
          sum.total += part.total;
          sum.cost += part.cost;
        };
        for (const selection of selectionSet.selections) {
          if (selection.kind === Kind.FIELD) {
            const inner =
              selection.selectionSet === undefined
                ? NOTHING
                : tally(selection.selectionSet, within);
            if (selection.name.value !== LIST_FIELD) {
              add({ ...inner, cost: 1 + inner.cost });
              continue;
            }
            const first = pageSize(selection);
            if ((first < 1 || first > budget.maxPageSize) && !reported.has(selection)) {
              reported.add(selection);
              context.reportError(
                graphqlError(
                  MemberGraphqlErrorCode.PAGE_SIZE_LIMIT_EXCEEDED,
                  `${LIST_FIELD}: first must be from 1 to ${budget.maxPageSize}; found ${first}.`,
                  { nodes: selection },
                ),
              );
            }
            const members = Math.max(first, 0);
            add({
              selections: 1 + inner.selections,
              total: members + inner.total,
              cost: listReadCost + members * inner.cost,
            });
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            add(tally(selection.selectionSet, within));
          } else {
            add(fragmentTally(selection.name.value, within));
          }
        }
        return sum;
      };
      // Memoized by name: fragments spreading fragments twice over would otherwise cost 2^n.
      const fragmentTally = (name: string, within: ReadonlySet<string>): Tally => {
        const known = fragments.get(name);
        if (known !== undefined) return known;
        const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
        // A cycle (refused by NoFragmentCycles) or an unknown fragment adds nothing here.
        if (fragment == null || within.has(name)) return NOTHING;
        const result = tally(fragment.selectionSet, new Set([...within, name]));
        fragments.set(name, result);
        return result;
      };

      const { selections, total, cost } = tally(operation.selectionSet, new Set());
      budget.onCost?.(cost);
      if (selections > budget.maxListSelections) {
        context.reportError(
          graphqlError(
            MemberGraphqlErrorCode.PAGE_SIZE_LIMIT_EXCEEDED,
            `The operation selects ${LIST_FIELD} ${selections} times; at most ${budget.maxListSelections} per request.`,
            { nodes: operation },
          ),
        );
      }
      if (total > budget.maxTotalPageSize) {
        context.reportError(
          graphqlError(
            MemberGraphqlErrorCode.PAGE_SIZE_LIMIT_EXCEEDED,
            `The operation asks for up to ${total} members across its ${LIST_FIELD} selections; at most ${budget.maxTotalPageSize} per request. Page with first and after.`,
            { nodes: operation },
          ),
        );
      }
      if (cost > maxCost) {
        context.reportError(
          graphqlError(
            MemberGraphqlErrorCode.COST_LIMIT_EXCEEDED,
            `The operation costs ${cost.toLocaleString("en-US")}; the budget is ${maxCost.toLocaleString("en-US")} per request. Its cost is 1 per field selected, and each ${LIST_FIELD} ${listReadCost.toLocaleString("en-US")} plus first times the cost of its selection. Select fewer fields or ask for smaller pages.`,
            { nodes: operation, extensions: { cost, maxCost } },
          ),
        );
      }
      return false;
    },
  });
}

/** How `first` of one list selection is read: as the resolver would get it, or the maximum. */
function pageSizeReader(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  field: GraphQLField<unknown, unknown>,
  budget: MemberListBudget,
): (node: FieldNode) => number {
  const fallback = field.args.find((arg) => arg.name === "first")?.defaultValue;
  const defaultSize = typeof fallback === "number" ? fallback : budget.maxPageSize;
  const variables = coercedVariables(context, operation, budget.variableValues);
  return (node) => {
    const usesVariable = node.arguments?.some(
      (arg) => arg.name.value === "first" && arg.value.kind === Kind.VARIABLE,
    );
    if (usesVariable && variables === null) return budget.maxPageSize;
    try {
      const first = getArgumentValues(field, node, variables ?? {}).first;
      if (first === undefined || first === null) return defaultSize;
      return typeof first === "number" ? first : budget.maxPageSize;
    } catch {
      // A value the executor would refuse anyway (wrong type): count the worst case.
      return budget.maxPageSize;
    }
  };
}

function coercedVariables(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  values: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> | null {
  if (values === undefined) return null;
  try {
    const result = getVariableValues(
      context.getSchema(),
      operation.variableDefinitions ?? [],
      values,
      { maxErrors: 1 },
    );
    return result.coerced ?? null;
  } catch {
    return null;
  }
}
