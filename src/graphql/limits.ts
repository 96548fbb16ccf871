/**
 * The limits every GraphQL document of the member operations meets before it runs (issue 16: one
 * 50 KB request of 400 aliased 500-member pages ran 85 s). Sized for this schema:
 *
 * - `maxTokens`: a full-size mutation (every input field, every member field) is about 100 tokens,
 *   so 2,000 leave room for `maxAliases` of them in one document.
 * - `maxDepth`: the deepest selection the schema has is 4
 *   (`membersByProduct { nodes { office { city } } }`); fragments do not count as levels.
 * - `maxAliases`: aliases are how one document repeats an operation; 20 lookups or edits per
 *   request is plenty for a script, and bounds the transactions one request opens.
 * - `maxPageSize`: `first` of `membersByProduct`, 1 to 500 (as before; now refused, not clamped).
 * - `maxTotalPageSize`: the sum of `first` over every `membersByProduct` of the operation (the
 *   default 50 when left out, the variable's value when given, `maxPageSize` when unknown).
 * - `maxListSelections`: each `membersByProduct` reads the whole product's member list from the
 *   store, so one request asks for at most one page of each product.
 */
export const MEMBER_GRAPHQL_LIMITS = {
  maxTokens: 2000,
  maxDepth: 6,
  maxAliases: 20,
  maxPageSize: 500,
  maxTotalPageSize: 1000,
  maxListSelections: 3,
} as const;
