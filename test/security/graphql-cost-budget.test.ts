import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberGraphqlSchema } from "../../src/graphql/execute";
import { MEMBER_GRAPHQL_LIMITS } from "../../src/graphql/limits";
import { GRAPHQL_MEMBER_FIELDS } from "../../src/graphql/member-result";
import { prepareMemberGraphql } from "../../src/graphql/prepare";
import type { GraphqlHttpOptions } from "../../src/http/graphql";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";

/** POST /api/v2/graphql as the sandbox Admin, on a handler with these GraphQL options. */
async function graphqlOverHttp(graphql?: GraphqlHttpOptions) {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: SECRET,
    graphql,
  });
  const login = await handler(
    new Request(`${BASE}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    }),
  );
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await handler(
      new Request(`${BASE}/api/v2/graphql`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
}

const { listReadCost, maxCost } = MEMBER_GRAPHQL_LIMITS;
/** 18 scalar fields, and office (1 + 3), education (1 + 2) and products (1 + 2). */
const MEMBER_FIELDS_COST = 28;
const page = (alias: string, first: number) =>
  `${alias}: membersByProduct(product: PERFORM, first: ${first}) { nodes { ${GRAPHQL_MEMBER_FIELDS} } }`;
const pageCost = (first: number) => listReadCost + first * (1 + MEMBER_FIELDS_COST);

const costOf = (query: string, variables: Record<string, unknown> = {}) => {
  const prepared = prepareMemberGraphql(
    memberGraphqlSchema,
    { query, variables },
    { maxCost: Number.POSITIVE_INFINITY },
  );
  if (!prepared.ok) throw new Error(prepared.errors.map((error) => error.message).join(" "));
  return prepared.cost;
};

const refusal = (cost: number, budget: number = maxCost) => ({
  message: `The operation costs ${cost.toLocaleString("en-US")}; the budget is ${budget.toLocaleString("en-US")} per request. Its cost is 1 per field selected, and each membersByProduct 1,000 plus first times the cost of its selection. Select fewer fields or ask for smaller pages.`,
  locations: [{ line: 1, column: 1 }],
  extensions: { code: "COST_LIMIT_EXCEEDED", cost, maxCost: budget },
});

describe("GraphQL cost budget (issue 29: three aliased 333-member pages held the server)", () => {
  it("three aliased membersByProduct(first: 333) of every member field are refused with 400, the cost and the budget", async () => {
    const run = await graphqlOverHttp();
    const refused = await run(`{ ${page("a", 333)} ${page("b", 333)} ${page("c", 333)} }`);
    expect(3 * pageCost(333)).toBe(31_971);
    expect(refused).toEqual({ status: 400, body: { errors: [refusal(31_971)] } });
  });

  it("aliases are counted: one page within the budget runs, the same page aliased twice is refused", async () => {
    const run = await graphqlOverHttp();
    expect(pageCost(333)).toBeLessThanOrEqual(maxCost);
    expect(2 * pageCost(333)).toBeGreaterThan(maxCost);
    const one = await run(`{ ${page("a", 333)} }`);
    expect(one.status).toBe(200);
    expect(one.body.data.a.nodes.length).toBeGreaterThan(0);
    const two = await run(`{ ${page("a", 333)} ${page("b", 333)} }`);
    expect(two).toEqual({ status: 400, body: { errors: [refusal(2 * pageCost(333))] } });
  });

  it("the client's own page of 500 members of every field (cost 17,000) is within the default budget", async () => {
    const query = `query ($product: Product!, $first: Int, $after: String) {
      membersByProduct(product: $product, first: $first, after: $after) {
        nodes { ${GRAPHQL_MEMBER_FIELDS} } pageInfo { endCursor hasNextPage } } }`;
    const variables = { product: "PERFORM", first: 500, after: null };
    expect(costOf(query, variables)).toBe(listReadCost + 500 * (1 + MEMBER_FIELDS_COST + 3));
    expect(costOf(query, variables)).toBe(17_000);
    const run = await graphqlOverHttp();
    expect((await run(query, variables)).status).toBe(200);
  });

  it("the budget is an option: a host's lower budget refuses what the default allows", async () => {
    const run = await graphqlOverHttp({ maxCost: 5000 });
    const query = `{ ${page("a", 200)} }`;
    expect(pageCost(200)).toBeGreaterThan(5000);
    expect(await run(query)).toEqual({
      status: 400,
      body: { errors: [refusal(pageCost(200), 5000)] },
    });
    expect((await run(`{ ${page("a", 100)} }`)).status).toBe(200);
  });

  it("fragments and variables count as the fields and page sizes they stand for", () => {
    const viaFragment = `query ($n: Int) { a: membersByProduct(product: PERFORM, first: $n) { nodes { ...Card } } }
      fragment Card on Member { ${GRAPHQL_MEMBER_FIELDS} }`;
    expect(costOf(viaFragment, { n: 40 })).toBe(pageCost(40));
    // Left out, first is the schema's default of 50.
    expect(costOf(`{ membersByProduct(product: UNI) { nodes { id } } }`)).toBe(
      listReadCost + 50 * 2,
    );
  });

  it("property: a list selection costs listReadCost + first × (its fields + 1 for nodes), and lookups cost their fields", () => {
    const fields = ["id", "email", "firstName", "lastName", "jobTitle", "level", "department"];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.subarray(fields, { minLength: 1 }),
        fc.integer({ min: 0, max: 3 }),
        (first, selected, lookups) => {
          const lookup = (index: number) =>
            `l${index}: memberById(id: "m-00${index}") { ${selected.join(" ")} }`;
          const query = `{ p: membersByProduct(product: RECRUIT, first: ${first}) { nodes { ${selected.join(" ")} } } ${Array.from({ length: lookups }, (_, index) => lookup(index)).join(" ")} }`;
          const expected =
            listReadCost + first * (1 + selected.length) + lookups * (1 + selected.length);
          expect(costOf(query)).toBe(expected);
        },
      ),
    );
  });
});
