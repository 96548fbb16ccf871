import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { MemberGraphqlErrorCode } from "../../src/graphql/errors";
import { memberGraphqlHttpStatus } from "../../src/graphql/execute";
import { MEMBER_GRAPHQL_LIMITS } from "../../src/graphql/limits";
import type { Store } from "../../src/store/port";
import { ADMIN, sandbox } from "../http/support";
import { codes, graphqlAs, member, ORG_ID, storeWith } from "./support";

/** POST /api/v2/graphql as the sandbox Admin. */
async function graphqlOverHttp() {
  const context = sandbox();
  const cookie = (await context.login(ADMIN)) as string;
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await context.request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: await response.json() };
  };
}

const aliased = (count: number, field: (index: number) => string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field(index)}`).join(" ")} }`;

describe("GraphQL limits (issue 16)", () => {
  it("3,000 levels of nesting are refused with 400 and a readable message, not an empty error object", async () => {
    const run = await graphqlOverHttp();
    const deep = `{ ${"memberById(id: 1) { ".repeat(3000)}id${" }".repeat(3001)}`;
    const refused = await run(deep);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          message: `The document has more than ${MEMBER_GRAPHQL_LIMITS.maxTokens} tokens (names, values and punctuation); at most ${MEMBER_GRAPHQL_LIMITS.maxTokens} are read. Use variables and fragments, or split the request.`,
          locations: [{ line: 1, column: expect.any(Number) }],
          extensions: { code: "TOKEN_LIMIT_EXCEEDED" },
        },
      ],
    });
  });

  it("a document nested deeper than the schema allows is refused by the depth limit", async () => {
    const run = await graphqlOverHttp();
    const depth = MEMBER_GRAPHQL_LIMITS.maxDepth + 1;
    const refused = await run(`{ ${"a { ".repeat(depth - 1)}b${" }".repeat(depth)}`);
    expect(refused).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: `Query depth limit of ${MEMBER_GRAPHQL_LIMITS.maxDepth} exceeded, found ${depth}.`,
            extensions: { code: "DEPTH_LIMIT_EXCEEDED" },
          },
        ],
      },
    });
  });

  it("the reported attack, 400 aliased membersByProduct(first: 500), is refused before anything runs", async () => {
    const run = await graphqlOverHttp();
    const attack = aliased(
      400,
      () => "membersByProduct(product: PERFORM, first: 500) { nodes { id email } }",
    );
    const refused = await run(attack);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].message).toMatch(/tokens/);
  });

  it("400 aliases within the token limit are refused by the alias limit", async () => {
    const run = await graphqlOverHttp();
    const many = `{ memberById(id: "m-002") { ${Array.from({ length: 400 }, (_, index) => `a${index}: id`).join(" ")} } }`;
    const refused = await run(many);
    expect(refused).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: `Aliases limit of ${MEMBER_GRAPHQL_LIMITS.maxAliases} exceeded, found 400.`,
            extensions: { code: "ALIAS_LIMIT_EXCEEDED" },
          },
        ],
      },
    });
    const atLimit = aliased(
      MEMBER_GRAPHQL_LIMITS.maxAliases,
      () => `memberById(id: "m-002") { id }`,
    );
    expect((await run(atLimit)).status).toBe(200);
  });

  it("a total requested page size over the limit is refused, counting variables and fragments", async () => {
    const run = await graphqlOverHttp();
    const { maxPageSize, maxTotalPageSize } = MEMBER_GRAPHQL_LIMITS;
    // 500 through a fragment, 400 through a variable, 101 written out: one over the total.
    const overTotal = await run(
      `query($n: Int) { ...Lists b: membersByProduct(product: RECRUIT, first: $n) { nodes { id } } c: membersByProduct(product: UNI, first: 101) { nodes { id } } }
       fragment Lists on Query { a: membersByProduct(product: PERFORM, first: ${maxPageSize}) { nodes { id } } }`,
      { n: maxTotalPageSize - maxPageSize - 101 + 1 },
    );
    expect(overTotal).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: `The operation asks for up to ${maxTotalPageSize + 1} members across its membersByProduct selections; at most ${maxTotalPageSize} per request. Page with first and after.`,
            locations: [{ line: 1, column: 1 }],
            extensions: { code: "PAGE_SIZE_LIMIT_EXCEEDED" },
          },
        ],
      },
    });
    const atTotal = await run(
      `query($n: Int) { a: membersByProduct(product: PERFORM, first: ${maxPageSize}) { nodes { id } } b: membersByProduct(product: RECRUIT, first: $n) { nodes { id } } }`,
      { n: maxTotalPageSize - maxPageSize },
    );
    expect(atTotal.status).toBe(200);
  });

  it("first is capped: above the page size, below 1, and more list selections than allowed are refused", async () => {
    const run = await graphqlOverHttp();
    const { maxPageSize, maxListSelections } = MEMBER_GRAPHQL_LIMITS;
    const tooBig = await run(
      `{ membersByProduct(product: PERFORM, first: ${maxPageSize + 1}) { nodes { id } } }`,
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0]).toMatchObject({
      message: `membersByProduct: first must be from 1 to ${maxPageSize}; found ${maxPageSize + 1}.`,
      extensions: { code: "PAGE_SIZE_LIMIT_EXCEEDED" },
    });
    const zero = await run(
      `query($n: Int) { membersByProduct(product: PERFORM, first: $n) { nodes { id } } }`,
      {
        n: 0,
      },
    );
    expect(zero.body.errors[0].message).toBe(
      `membersByProduct: first must be from 1 to ${maxPageSize}; found 0.`,
    );
    const selections = aliased(
      maxListSelections + 1,
      () => "membersByProduct(product: PERFORM, first: 1) { nodes { id } }",
    );
    expect((await run(selections)).body.errors[0].message).toBe(
      `The operation selects membersByProduct ${maxListSelections + 1} times; at most ${maxListSelections} per request.`,
    );
  });

  it("fragments spread many times over count once per spread, and cost nothing exponential to count", async () => {
    const run = await graphqlOverHttp();
    // F0 spreads F1 twice, F1 spreads F2 twice, …: 2^40 list selections if expanded.
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, index) =>
      index === levels - 1
        ? `fragment F${index} on Query { membersByProduct(product: PERFORM, first: 1) { nodes { id } } }`
        : `fragment F${index} on Query { ...F${index + 1} ...F${index + 1} }`,
    ).join("\n");
    const refused = await run(`{ ...F0 }\n${fragments}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { message: string }) => error.message)).toEqual([
      `The operation selects membersByProduct ${2 ** (levels - 1)} times; at most ${MEMBER_GRAPHQL_LIMITS.maxListSelections} per request.`,
      `The operation asks for up to ${2 ** (levels - 1)} members across its membersByProduct selections; at most ${MEMBER_GRAPHQL_LIMITS.maxTotalPageSize} per request. Page with first and after.`,
      `The operation costs ${(2 ** (levels - 1) * (MEMBER_GRAPHQL_LIMITS.listReadCost + 2)).toLocaleString("en-US")}; the budget is 20,000 per request. Its cost is 1 per field selected, and each membersByProduct 1,000 plus first times the cost of its selection. Select fewer fields or ask for smaller pages.`,
    ]);
  });

  it("the token limit refuses a long document of small, valid parts", async () => {
    const run = await graphqlOverHttp();
    const tokens = `{ memberById(id: "m-002") { ${"id ".repeat(MEMBER_GRAPHQL_LIMITS.maxTokens)}} }`;
    const refused = await run(tokens);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions.code).toBe("TOKEN_LIMIT_EXCEEDED");
  });

  it("schema introspection is refused (the schema is published as SDL)", async () => {
    const run = await graphqlOverHttp();
    const refused = await run(`{ __schema { types { name } } }`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      message:
        'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    expect((await run(`{ __typename }`)).body).toEqual({ data: { __typename: "Query" } });
  });

  it("a normal query and mutation still work within every limit", async () => {
    const run = await graphqlOverHttp();
    const page = await run(
      `query Page($product: Product!, $first: Int) {
         membersByProduct(product: $product, first: $first) { nodes { ...Card } pageInfo { endCursor hasNextPage } }
       }
       fragment Card on Member { id email office { city state country } education { lawSchool } products { product role } }`,
      { product: "PERFORM", first: 2 },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.membersByProduct.pageInfo).toEqual({
      endCursor: "m-002",
      hasNextPage: true,
    });
    const edit = await run(
      `mutation { editEmployerMemberInfo(id: "m-002", input: { jobTitle: "Counsel" }) { id jobTitle } }`,
    );
    expect(edit).toEqual({
      status: 200,
      body: { data: { editEmployerMemberInfo: { id: "m-002", jobTitle: "Counsel" } } },
    });
  });

  it("every refusal serializes with a message, whatever threw", () => {
    const serialized = JSON.parse(
      JSON.stringify(new GraphQLError("readable", { extensions: { code: "X" } })),
    );
    expect(serialized).toEqual({ message: "readable", extensions: { code: "X" } });
    expect(Object.values(MemberGraphqlErrorCode)).toContain("TOKEN_LIMIT_EXCEEDED");
    expect(memberGraphqlHttpStatus({ errors: [] })).toBe(400);
    expect(memberGraphqlHttpStatus({ data: null, errors: [] })).toBe(200);
  });
});

/**
 * A store whose every transaction calls `during` first (a client leaving mid-request), and that
 * counts the reads made once `signal` is aborted.
 */
function interrupting(store: Store, during: (count: number) => void, signal: AbortSignal) {
  let count = 0;
  const readsAfterAbort = { count: 0 };
  const wrapped: Store = {
    transaction: (orgId, work) =>
      store.transaction(orgId, (tx) => {
        during(++count);
        return work({
          ...tx,
          loadMembersById: (ids) => {
            if (signal.aborted) readsAfterAbort.count++;
            return tx.loadMembersById(ids);
          },
          listProductMembers: (product) => {
            if (signal.aborted) readsAfterAbort.count++;
            return tx.listProductMembers(product);
          },
        });
      }),
    loadSnapshot: (snapshot) => store.loadSnapshot(snapshot),
    exportSnapshot: (orgId) => store.exportSnapshot(orgId),
    findOrganizationId: (shortName) => store.findOrganizationId(shortName),
  };
  return { store: wrapped, readsAfterAbort };
}

describe("cancellation", () => {
  const members = () =>
    storeWith([
      member("caller", { RECRUIT: "ADMIN", PERFORM: "ADMIN", UNI: "ADMIN" }),
      member("first", { RECRUIT: "MEMBER" }),
      member("second", { RECRUIT: "MEMBER" }),
    ]);
  const twoEdits = `mutation {
    one: editEmployerMemberInfo(id: "first", input: { jobTitle: "Changed" }) { id }
    two: editEmployerMemberInfo(id: "second", input: { jobTitle: "Changed" }) { id }
  }`;

  it("an aborted signal stops execution: nothing runs and nothing is written", async () => {
    const store = members();
    const before = await store.exportSnapshot(ORG_ID);
    const controller = new AbortController();
    controller.abort();
    const result = await graphqlAs(store, "caller", twoEdits, {}, controller.signal);
    expect(codes(result)).toEqual(["ABORTED"]);
    expect(result.errors?.[0]?.message).toBe(
      "The request was cancelled before it finished; nothing after that point ran.",
    );
    expect(await store.exportSnapshot(ORG_ID)).toEqual(before);
  });

  it("a signal aborted as a mutation's transaction starts rolls it back: nothing is written", async () => {
    const base = members();
    const controller = new AbortController();
    // The caller is read (sign-in) in transaction 1; the first edit opens transaction 2.
    const { store } = interrupting(
      base,
      (count) => {
        if (count === 2) controller.abort();
      },
      controller.signal,
    );
    const before = await base.exportSnapshot(ORG_ID);
    const result = await graphqlAs(store, "caller", twoEdits, {}, controller.signal);
    expect(result.data).toBeNull();
    expect(codes(result)).toEqual(["ABORTED"]);
    expect(await base.exportSnapshot(ORG_ID)).toEqual(before);
  });

  it("a signal aborted while a query runs stops the root fields not resolved yet, and their reads", async () => {
    const base = members();
    const controller = new AbortController();
    const { store, readsAfterAbort } = interrupting(
      base,
      (count) => {
        if (count === 2) controller.abort();
      },
      controller.signal,
    );
    const query = `{ a: memberById(id: "first") { id } b: memberById(id: "second") { id } }`;
    expect((await graphqlAs(base, "caller", query)).data).toEqual({
      a: { id: "first" },
      b: { id: "second" },
    });
    const result = await graphqlAs(store, "caller", query, {}, controller.signal);
    expect(result.data).toEqual({ a: null, b: null });
    expect(codes(result)).toEqual(["ABORTED", "ABORTED"]);
    expect(readsAfterAbort.count).toBe(0);
  });
});
