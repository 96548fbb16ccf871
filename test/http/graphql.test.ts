import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { executeMemberGraphql } from "../../src/graphql/execute";
import { MEMBER_GRAPHQL_SDL } from "../../src/graphql/schema";
import { createMemoryStore } from "../../src/memory/store";
import { StoreError } from "../../src/store/errors";
import type { Store } from "../../src/store/port";
import { ADMIN, MEMBER, sandbox, sandboxSnapshot } from "./support";

async function graphqlAs(email: string, snapshot = sandboxSnapshot()) {
  const context = sandbox({ snapshot });
  const cookie = (await context.login(email)) as string;
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await context.request("/api/v2/graphql", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: await response.json() };
  };
  return { ...context, cookie, run };
}

describe("POST /api/v2/graphql", () => {
  it("publishes exactly the schema it serves (docs/graphql/schema.graphql)", () => {
    const published = readFileSync(
      resolve(import.meta.dirname, "../../docs/graphql/schema.graphql"),
      "utf8",
    );
    expect(published).toBe(MEMBER_GRAPHQL_SDL);
  });

  it("answers memberById and membersByProduct without credentials", async () => {
    const { run } = await graphqlAs(ADMIN);
    const one = await run(
      `query($id: ID!) { memberById(id: $id) { id email products { product role } office { city } } }`,
      { id: "m-002" },
    );
    expect(one).toEqual({
      status: 200,
      body: {
        data: {
          memberById: {
            id: "m-002",
            email: "ben.marsh@hartwell.example",
            products: [{ product: "PERFORM", role: "MEMBER" }],
            office: { city: "New York" },
          },
        },
      },
    });
    const page = await run(
      `{ membersByProduct(product: PERFORM, first: 2) { nodes { id } pageInfo { endCursor hasNextPage } } }`,
    );
    expect(page.body.data.membersByProduct).toEqual({
      nodes: [{ id: "m-001" }, { id: "m-002" }],
      pageInfo: { endCursor: "m-002", hasNextPage: true },
    });
    const missing = await run(`{ memberById(id: "nope") { id } }`);
    expect(missing.body.data.memberById).toBeNull();
  });

  it("runs a mutation and reports rule failures as GraphQL errors carrying the CSV's error type", async () => {
    const { run } = await graphqlAs(ADMIN);
    const ok = await run(
      `mutation { editEmployerMemberInfo(id: "m-002", input: { jobTitle: "Counsel", startDate: "3/1/2020" }) { jobTitle startDate } }`,
    );
    expect(ok.body).toEqual({
      data: { editEmployerMemberInfo: { jobTitle: "Counsel", startDate: "2020-03-01" } },
    });
    const bad = await run(
      `mutation { editEmployerMemberInfo(id: "m-002", input: { firstName: "<Ben>", email: "nope" }) { id } }`,
    );
    expect(bad.status).toBe(200);
    expect(bad.body.data).toBeNull();
    expect(bad.body.errors[0]).toMatchObject({
      path: ["editEmployerMemberInfo"],
      extensions: {
        code: "INVALID_FORMAT",
        field: "First Name",
        fieldErrors: [
          { columnName: "First Name", type: "INVALID_FORMAT" },
          { columnName: "Email", type: "INVALID_EMAIL" },
        ],
      },
    });
    const gone = await run(`mutation { deleteMember(id: "m-404") }`);
    expect(gone.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("grants, revokes and deletes, and a malformed document is 400", async () => {
    const { run } = await graphqlAs(ADMIN);
    const granted = await run(
      `mutation { addEmployerMemberProductUserRole(id: "m-007", product: UNI) { products { product role } } }`,
    );
    expect(granted.body.data.addEmployerMemberProductUserRole.products).toEqual([
      { product: "UNI", role: "MEMBER" },
    ]);
    const revoked = await run(
      `mutation { revokeProductUserAccess(id: "m-003", product: PERFORM) { products { product } } }`,
    );
    expect(revoked.body.data.revokeProductUserAccess.products).toEqual([{ product: "RECRUIT" }]);
    expect((await run(`mutation { deleteMember(id: "m-007") }`)).body).toEqual({
      data: { deleteMember: "m-007" },
    });
    expect((await run(`{ memberById(`)).status).toBe(400);
  });

  it("requires an Admin, and the Perform Admin role for PERFORM access", async () => {
    const member = await graphqlAs(MEMBER);
    expect((await member.run(`{ memberById(id: "m-002") { id } }`)).status).toBe(403);
    const snapshot = sandboxSnapshot();
    const admin = (snapshot.members ?? []).find((entry) => entry.id === "m-sandbox-admin");
    if (admin !== undefined) admin.products = [{ product: "RECRUIT", role: "ADMIN" }];
    const recruitAdmin = await graphqlAs(ADMIN, snapshot);
    const refused = await recruitAdmin.run(
      `mutation { addEmployerMemberProductUserRole(id: "m-007", product: PERFORM) { id } }`,
    );
    expect(refused.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const allowed = await recruitAdmin.run(
      `mutation { addEmployerMemberProductUserRole(id: "m-007", product: RECRUIT) { id } }`,
    );
    expect(allowed.body.data).toEqual({ addEmployerMemberProductUserRole: { id: "m-007" } });
    expect(
      (await recruitAdmin.request("/api/v2/graphql", { method: "POST", body: "{}" })).status,
    ).toBe(401);
  });

  it("a GraphQL edit changes what the member CSV import then sees as the existing member", async () => {
    const { run, request, cookie } = await graphqlAs(ADMIN);
    await run(
      `mutation { editEmployerMemberInfo(id: "m-002", input: { email: "benjamin.marsh@hartwell.example" }) { email } }`,
    );
    const form = new FormData();
    form.set(
      "file",
      new Blob([
        "First Name,Last Name,Email\nBen,Marsh,benjamin.marsh@hartwell.example\nBen,Marsh,ben.marsh@hartwell.example\n",
      ]),
      "m.csv",
    );
    const imported = await request("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(await imported.json()).toMatchObject({ createdCount: 1, updatedCount: 1 });
  });

  it("an unexpected store failure reaches the host's onError, and the answer shows only a code", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const principal = await store.transaction("org-sandbox", async (tx) => ({
      member: (await tx.loadMembersById(["m-sandbox-admin"]))[0] as Member,
      organization: await tx.loadOrganization(),
    }));
    const failing: Store = {
      ...store,
      transaction: (orgId, work) =>
        store.transaction(orgId, (tx) =>
          work({
            ...tx,
            loadMembersById: async () => {
              throw new StoreError(
                "loadMembersById",
                new Error('relation "secret_table" does not exist'),
              );
            },
          }),
        ),
    };
    const seen: unknown[] = [];
    const result = await executeMemberGraphql(
      { query: `{ memberById(id: "m-002") { id } }` },
      {
        store: failing,
        principal,
        now: new Date(),
        newId: undefined,
        onError: (error) => seen.push(error),
      },
    );
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      data: { memberById: null },
      errors: [
        {
          message: "The operation failed unexpectedly.",
          locations: [{ line: 1, column: 3 }],
          path: ["memberById"],
          extensions: { code: "INTERNAL_SERVER_ERROR" },
        },
      ],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(StoreError);
  });
});
