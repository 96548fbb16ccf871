import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  authorizeMemberOperation,
  MEMBER_OPERATIONS,
  type MemberOperationRequest,
} from "../../src/auth/policy";
import type { Member, MemberInput } from "../../src/domain/member";
import { PRODUCTS, type Product, ROLES, type Role } from "../../src/domain/products";
import { executeMemberGraphql } from "../../src/graphql/execute";
import { revokeMemberProductAccess } from "../../src/members/operations";
import { ADMIN, sandbox, sandboxSnapshot } from "../http/support";
import {
  codes,
  graphqlAs,
  member,
  NOW,
  ORG_ID,
  productRoles,
  type Roles,
  storeWith,
} from "./support";

/** The GraphQL document of each operation, with the arguments the policy reads. */
function documentOf(request: MemberOperationRequest, id: string): string {
  switch (request.operation) {
    case "memberById":
      return `{ memberById(id: "${id}") { id } }`;
    case "membersByProduct":
      return `{ membersByProduct(product: PERFORM, first: 5) { nodes { id } } }`;
    case "editEmployerMemberInfo":
      return `mutation { editEmployerMemberInfo(id: "${id}", input: { email: "taken.over@evil.example", jobTitle: "Owned" }) { id } }`;
    case "editUniversityMemberInfo":
      return `mutation { editUniversityMemberInfo(id: "${id}", input: { firstName: "Owned" }) { id } }`;
    case "editEmployerMemberAuthInfo": {
      const roles = request.productRoles
        .map((entry) => `{ product: ${entry.product}, role: ${entry.role} }`)
        .join(", ");
      return `mutation { editEmployerMemberAuthInfo(id: "${id}", input: { useMfa: "yes", productRoles: [${roles}] }) { id } }`;
    }
    case "addEmployerMemberProductUserRole":
      return `mutation { addEmployerMemberProductUserRole(id: "${id}", product: ${request.product}, role: ${request.role}) { id } }`;
    case "revokeProductUserAccess":
      return `mutation { revokeProductUserAccess(id: "${id}", product: ${request.product}) { id } }`;
    case "deleteMember":
      return `mutation { deleteMember(id: "${id}") }`;
  }
}

/** Runs one operation as `caller` on `target` (the caller themselves when `target` is null). */
async function run(caller: Roles, target: Roles | null, request: MemberOperationRequest) {
  const members: MemberInput[] = [member("caller", caller)];
  if (target !== null) members.push(member("target", target));
  const store = storeWith(members);
  const before = await store.exportSnapshot(ORG_ID);
  const result = await graphqlAs(
    store,
    "caller",
    documentOf(request, target === null ? "caller" : "target"),
  );
  return {
    result,
    forbidden: codes(result).includes("FORBIDDEN"),
    changed: JSON.stringify(await store.exportSnapshot(ORG_ID)) !== JSON.stringify(before),
  };
}

describe("privilege escalation through the per-member operations (issue 16)", () => {
  // The attack as reported, over HTTP: an Admin whose only role is ADMIN on RECRUIT.
  const attack = async () => {
    const snapshot = sandboxSnapshot();
    const sandboxAdmin = (snapshot.members ?? []).find((entry) => entry.id === "m-sandbox-admin");
    const credentials = sandboxAdmin?.credentials;
    snapshot.members = [
      ...(snapshot.members ?? []),
      {
        ...member("m-recruit-admin", { RECRUIT: "ADMIN" }),
        email: "recruit.admin@hartwell.example",
        credentials,
      },
      {
        ...member("m-perform-admin", { PERFORM: "ADMIN" }),
        email: "perform.admin@hartwell.example",
        credentials,
      },
    ];
    const context = sandbox({ snapshot });
    const attacker = (await context.login("recruit.admin@hartwell.example")) as string;
    const run = async (cookie: string, query: string) => {
      const response = await context.request("/api/v2/graphql", {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, body: await response.json() };
    };
    const performAdmin = async () =>
      (await context.store.exportSnapshot(ORG_ID))?.members.find(
        (entry) => entry.id === "m-perform-admin",
      );
    return { ...context, attacker, run, performAdmin };
  };

  it("a RECRUIT-only Admin cannot delete a Perform Admin: FORBIDDEN, and the Perform Admin still signs in", async () => {
    const { attacker, run, performAdmin, login } = await attack();
    const before = await performAdmin();
    const refused = await run(attacker, `mutation { deleteMember(id: "m-perform-admin") }`);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      data: null,
      errors: [
        {
          message: "deleteMember on this member needs the ADMIN role on PERFORM (Perform Admin).",
          locations: [{ line: 1, column: 12 }],
          path: ["deleteMember"],
          extensions: { code: "FORBIDDEN" },
        },
      ],
    });
    expect(await performAdmin()).toEqual(before);
    const victim = (await login("perform.admin@hartwell.example")) as string;
    expect(victim).not.toBeNull();
    const stillThere = await run(victim, `{ memberById(id: "m-perform-admin") { id } }`);
    expect(stillThere).toEqual({
      status: 200,
      body: { data: { memberById: { id: "m-perform-admin" } } },
    });
  });

  it("a RECRUIT-only Admin cannot take over a Perform Admin's account by changing their email", async () => {
    const { attacker, run, performAdmin, login } = await attack();
    const before = await performAdmin();
    const refused = await run(
      attacker,
      `mutation { editEmployerMemberInfo(id: "m-perform-admin", input: { email: "attacker@evil.example" }) { email } }`,
    );
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors).toMatchObject([
      { path: ["editEmployerMemberInfo"], extensions: { code: "FORBIDDEN" } },
    ]);
    expect(await performAdmin()).toEqual(before);
    expect(await login("perform.admin@hartwell.example")).not.toBeNull();
  });

  it("a RECRUIT-only Admin can neither make themselves Perform Admin nor strip a Perform Admin's role", async () => {
    const { attacker, run, performAdmin, store } = await attack();
    const before = await store.exportSnapshot(ORG_ID);
    const attempts = [
      `mutation { addEmployerMemberProductUserRole(id: "m-recruit-admin", product: PERFORM, role: ADMIN) { id } }`,
      `mutation { addEmployerMemberProductUserRole(id: "m-perform-admin", product: PERFORM, role: MEMBER) { id } }`,
      `mutation { revokeProductUserAccess(id: "m-perform-admin", product: PERFORM) { id } }`,
      `mutation { editEmployerMemberAuthInfo(id: "m-perform-admin", input: { useMfa: "no" }) { id } }`,
      `mutation { editUniversityMemberInfo(id: "m-perform-admin", input: { firstName: "Owned" }) { id } }`,
    ];
    for (const query of attempts) {
      const refused = await run(attacker, query);
      expect(refused.body.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
    }
    expect(await store.exportSnapshot(ORG_ID)).toEqual(before);
    expect((await performAdmin())?.products).toEqual([{ product: "PERFORM", role: "ADMIN" }]);
  });

  it("the full sandbox Admin still runs every operation on a Perform Admin", async () => {
    const { run, login } = await attack();
    const admin = (await login(ADMIN)) as string;
    const edited = await run(
      admin,
      `mutation { editEmployerMemberInfo(id: "m-perform-admin", input: { jobTitle: "Head of Talent" }) { jobTitle } }`,
    );
    expect(edited.body).toEqual({
      data: { editEmployerMemberInfo: { jobTitle: "Head of Talent" } },
    });
    const deleted = await run(admin, `mutation { deleteMember(id: "m-perform-admin") }`);
    expect(deleted.body).toEqual({ data: { deleteMember: "m-perform-admin" } });
  });
});

/**
 * Every operation against a matrix of caller and target roles: ✓ allowed, ✗ refused with
 * FORBIDDEN. Read as: the caller needs ADMIN on every product the operation touches; an edit or
 * delete touches every product the target holds, a grant, role change or revoke the named one.
 */
const CALLERS: Record<string, Roles> = {
  "RECRUIT member": { RECRUIT: "MEMBER" },
  "RECRUIT admin": { RECRUIT: "ADMIN" },
  "Perform Admin": { PERFORM: "ADMIN" },
  "UNI admin, RECRUIT member": { UNI: "ADMIN", RECRUIT: "MEMBER" },
  "RECRUIT and PERFORM admin": { RECRUIT: "ADMIN", PERFORM: "ADMIN" },
  "admin of every product": { RECRUIT: "ADMIN", PERFORM: "ADMIN", UNI: "ADMIN" },
};
const TARGETS: Roles[] = [
  {},
  { RECRUIT: "MEMBER" },
  { PERFORM: "MEMBER" },
  { PERFORM: "ADMIN" },
  { RECRUIT: "ADMIN", PERFORM: "ADMIN" },
  { UNI: "MEMBER" },
];
const HELD_PRODUCTS = `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✗ ✗ ✗ ✗
  ✓ ✗ ✓ ✓ ✗ ✗
  ✓ ✗ ✗ ✗ ✗ ✓
  ✓ ✓ ✓ ✓ ✓ ✗
  ✓ ✓ ✓ ✓ ✓ ✓`;
const MATRIX: [MemberOperationRequest, string][] = [
  [
    { operation: "memberById" },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
  [
    { operation: "membersByProduct" },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
  [{ operation: "editEmployerMemberInfo" }, HELD_PRODUCTS],
  [{ operation: "editUniversityMemberInfo" }, HELD_PRODUCTS],
  [{ operation: "deleteMember" }, HELD_PRODUCTS],
  [{ operation: "editEmployerMemberAuthInfo", productRoles: [] }, HELD_PRODUCTS],
  [
    {
      operation: "editEmployerMemberAuthInfo",
      productRoles: [{ product: "RECRUIT", role: "ADMIN" }],
    },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✗ ✗ ✗ ✗
  ✗ ✗ ✗ ✗ ✗ ✗
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✗
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
  [
    { operation: "addEmployerMemberProductUserRole", product: "RECRUIT", role: "MEMBER" },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✗ ✗ ✗ ✗ ✗ ✗
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
  [
    { operation: "addEmployerMemberProductUserRole", product: "PERFORM", role: "ADMIN" },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
  [
    { operation: "revokeProductUserAccess", product: "PERFORM" },
    `
  ✗ ✗ ✗ ✗ ✗ ✗
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✗ ✗ ✗ ✗ ✗ ✗
  ✓ ✓ ✓ ✓ ✓ ✓
  ✓ ✓ ✓ ✓ ✓ ✓`,
  ],
];

describe("the check runs on the members as stored when the operation writes", () => {
  it("an Admin demoted after signing in is judged by the roles stored at the time of the write", async () => {
    const store = storeWith([
      member("caller", { PERFORM: "ADMIN", RECRUIT: "ADMIN" }),
      member("target", { PERFORM: "MEMBER" }),
    ]);
    const principal = await store.transaction(ORG_ID, async (tx) => ({
      member: (await tx.loadMembersById(["caller"]))[0] as Member,
      organization: await tx.loadOrganization(),
    }));
    await revokeMemberProductAccess(store, {
      orgId: ORG_ID,
      memberId: "caller",
      product: "PERFORM",
    });
    const before = await store.exportSnapshot(ORG_ID);
    const result = await executeMemberGraphql(
      { query: `mutation { deleteMember(id: "target") }` },
      { store, principal, now: NOW, newId: undefined },
    );
    expect(codes(result)).toEqual(["FORBIDDEN"]);
    expect(await store.exportSnapshot(ORG_ID)).toEqual(before);
  });
});

describe("every GraphQL operation against a matrix of caller and target roles", () => {
  it("covers every operation", () => {
    expect(new Set(MATRIX.map(([request]) => request.operation))).toEqual(
      new Set(MEMBER_OPERATIONS),
    );
  });

  for (const [request, grid] of MATRIX) {
    it(`${JSON.stringify(request)}: refused exactly where the grid says, and a refusal writes nothing`, async () => {
      const expected = grid
        .trim()
        .split("\n")
        .map((row) => row.trim().split(" "));
      const actual: string[][] = [];
      for (const caller of Object.values(CALLERS)) {
        const row: string[] = [];
        for (const target of TARGETS) {
          const { forbidden, changed } = await run(caller, target, request);
          if (forbidden) expect(changed).toBe(false);
          row.push(forbidden ? "✗" : "✓");
        }
        actual.push(row);
      }
      expect(actual).toEqual(expected);
    });
  }
});

const rolesArbitrary: fc.Arbitrary<Roles> = fc
  .tuple(...PRODUCTS.map(() => fc.constantFrom<Role | null>(null, ...ROLES)))
  .map((roles) =>
    Object.fromEntries(
      PRODUCTS.flatMap((product, index) => {
        const role = roles[index];
        return role === null || role === undefined ? [] : [[product, role]];
      }),
    ),
  );
const product = fc.constantFrom<Product>(...PRODUCTS);
const role = fc.constantFrom<Role>(...ROLES);
const requestArbitrary: fc.Arbitrary<MemberOperationRequest> = fc.oneof(
  fc.constantFrom<MemberOperationRequest>(
    { operation: "memberById" },
    { operation: "membersByProduct" },
    { operation: "editEmployerMemberInfo" },
    { operation: "editUniversityMemberInfo" },
    { operation: "deleteMember" },
  ),
  fc.array(fc.record({ product, role }), { maxLength: 3 }).map((entries) => ({
    operation: "editEmployerMemberAuthInfo" as const,
    productRoles: entries,
  })),
  fc.record({
    operation: fc.constant("addEmployerMemberProductUserRole" as const),
    product,
    role,
  }),
  fc.record({ operation: fc.constant("revokeProductUserAccess" as const), product }),
);

describe("the executor follows the policy table", () => {
  it("for arbitrary caller roles, target roles and operation, the GraphQL outcome equals the policy table's answer, and a refused operation changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        rolesArbitrary,
        rolesArbitrary,
        fc.boolean(),
        requestArbitrary,
        async (callerRoles, targetRoles, self, request) => {
          const caller = { id: "caller", products: productRoles(callerRoles) };
          const target = self ? caller : { id: "target", products: productRoles(targetRoles) };
          const decision = authorizeMemberOperation(request, caller, target);
          const { forbidden, changed, result } = await run(
            callerRoles,
            self ? null : targetRoles,
            request,
          );
          expect(forbidden, JSON.stringify(result.errors)).toBe(!decision.allowed);
          if (forbidden) expect(changed).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
