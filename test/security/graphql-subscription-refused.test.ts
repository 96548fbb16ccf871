import { describe, expect, it } from "vitest";
import { ADMIN, sandbox } from "../http/support";

/** POST /api/v2/graphql as the sandbox Admin. */
async function graphqlOverHttp() {
  const context = sandbox();
  const cookie = (await context.login(ADMIN)) as string;
  return async (query: string) => {
    const response = await context.request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, body: await response.json() };
  };
}

describe("GraphQL subscriptions (issue 29: answered 200 with data null where the docs promise 400)", () => {
  it("a subscription is refused with 400 and a reason, and nothing runs", async () => {
    const run = await graphqlOverHttp();
    const refused = await run(`subscription Watch { memberById(id: "m-002") { id } }`);
    expect(refused).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: "This endpoint runs queries and mutations; a subscription is not supported.",
            locations: [{ line: 1, column: 1 }],
            extensions: { code: "OPERATION_NOT_SUPPORTED" },
          },
        ],
      },
    });
  });

  it("a subscription beside a query in one document refuses the document", async () => {
    const run = await graphqlOverHttp();
    const refused = await run(
      `query Q { memberById(id: "m-002") { id } } subscription S { memberById(id: "m-002") { id } }`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].extensions.code).toBe("OPERATION_NOT_SUPPORTED");
  });

  it("queries and mutations are handled as before: each runs, and a query field under mutation is a validation error", async () => {
    const run = await graphqlOverHttp();
    expect(await run(`query { memberById(id: "m-002") { id } }`)).toEqual({
      status: 200,
      body: { data: { memberById: { id: "m-002" } } },
    });
    expect(
      await run(
        `mutation { editUniversityMemberInfo(id: "m-002", input: { firstName: "Ben" }) { id firstName } }`,
      ),
    ).toEqual({
      status: 200,
      body: { data: { editUniversityMemberInfo: { id: "m-002", firstName: "Ben" } } },
    });
    const misplaced = await run(`mutation { memberById(id: "m-002") { id } }`);
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.errors[0]).toMatchObject({
      message: 'Cannot query field "memberById" on type "Mutation".',
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });
});
