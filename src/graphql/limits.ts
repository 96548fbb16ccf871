/**
 * The limits every GraphQL document of the member operations meets before it runs: without them
 * one small document can ask for hundreds of aliased member pages and hold the server for seconds
 * (docs/decisions.md, "Per-member operations and GraphQL"). Sized for this schema:
 *
 * - `maxTokens`: a full-size mutation (every input field, every member field) is about 100 tokens,
 *   so 2,000 leave room for `maxAliases` of them in one document.
 * - `maxDepth`: the deepest selection the schema has is 4
 *   (`membersByProduct { nodes { office { city } } }`); fragments do not count as levels.
 * - `maxAliases`: aliases are how one document repeats an operation; 20 lookups or edits per
 *   request is plenty for a script, and bounds the transactions one request opens.
 * - `maxPageSize`: `first` of `membersByProduct`, 1 to 500; outside that, refused (not clamped).
 * - `maxTotalPageSize`: the sum of `first` over every `membersByProduct` of the operation (the
 *   default 50 when left out, the variable's value when given, `maxPageSize` when unknown).
 * - `maxListSelections`: each `membersByProduct` reads the whole product's member list from the
 *   store, so one request asks for at most one page of each product.
 * - `maxCost`: the operation's cost (see `memberListBudgetRule`): 1 per field selected, a
 *   `membersByProduct` `listReadCost` plus `first` times its selection's cost. The client's
 *   full-field 500-member page costs 17,000; three aliased 333-member pages of every field
 *   cost about 35,000.
 * - `listReadCost`: what reading one product's member list costs besides its page: the stores
 *   read the whole list to cut one page, so a page of 1 is no cheaper to serve.
 * - `heavyCost`: from this cost on, a query is a heavy read, run at most a few at once per
 *   organization (`createHeavyReadGate`); with `listReadCost` equal to it, every query that reads
 *   a member list is heavy, and `memberById` lookups and mutations never are.
 */
export const MEMBER_GRAPHQL_LIMITS = {
  maxTokens: 2000,
  maxDepth: 6,
  maxAliases: 20,
  maxPageSize: 500,
  maxTotalPageSize: 1000,
  maxListSelections: 3,
  maxCost: 20_000,
  listReadCost: 1000,
  heavyCost: 1000,
} as const;
