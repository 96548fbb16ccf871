import type { ExecutionResult } from "graphql";
import { createScryptHasher, type PasswordHasher } from "../../src/auth/password";
import type { MemberInput } from "../../src/domain/member";
import type { Product, Role } from "../../src/domain/products";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import { executeMemberGraphql } from "../../src/graphql/execute";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import {
  ADMIN,
  BASE,
  cheapHasher,
  cheaplyHashedSandbox,
  PASSWORD,
  SECRET,
  sandboxSnapshot,
} from "../http/support";

export const ORG_ID = "org-sandbox";
export const NOW = new Date("2026-06-15T12:00:00Z");

/** Product roles written compactly: `{ RECRUIT: "ADMIN", UNI: "MEMBER" }`. */
export type Roles = Partial<Record<Product, Role>>;

export function productRoles(roles: Roles): { product: Product; role: Role }[] {
  return Object.entries(roles).map(([product, role]) => ({
    product: product as Product,
    role: role as Role,
  }));
}

/** A member of the sandbox organization with these roles. */
export function member(id: string, roles: Roles): MemberInput {
  return {
    id,
    email: `${id}@hartwell.example`,
    firstName: "Test",
    lastName: id,
    products: productRoles(roles),
  };
}

/** The sandbox organization's profile with exactly these members. */
export function organizationWith(members: MemberInput[]): OrganizationSnapshotInput {
  return { version: 1, organization: sandboxSnapshot().organization, members };
}

/** Runs a GraphQL request as `callerId`, signed in as the HTTP binding would sign them in. */
export async function graphqlAs(
  store: Store,
  callerId: string,
  query: string,
  variables: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<ExecutionResult> {
  const principal = await store.transaction(ORG_ID, async (tx) => {
    const [caller] = await tx.loadMembersById([callerId]);
    if (caller === undefined) throw new Error(`no member ${callerId}`);
    return { member: caller, organization: await tx.loadOrganization() };
  });
  return executeMemberGraphql(
    { query, variables },
    { store, principal, now: NOW, newId: () => "welcome-test", signal },
  );
}

export function storeWith(members: MemberInput[]): Store {
  return createMemoryStore(organizationWith(members));
}

/** The `extensions.code` of each error of a result, in order. */
export function codes(result: ExecutionResult): unknown[] {
  return (result.errors ?? []).map((error) => error.extensions.code);
}

/** The default scrypt hasher, counting its verifications (`verifications()`). */
export function countingHasher(): PasswordHasher & { verifications: () => number } {
  const scrypt = createScryptHasher();
  let verifications = 0;
  return {
    hash: (password) => scrypt.hash(password),
    verify: (password, encoded) => {
      verifications++;
      return scrypt.verify(password, encoded);
    },
    verifications: () => verifications,
  };
}

/**
 * The sandbox's HTTP handler whose client is the `x-client` header, the admin logged in once as
 * `owner` (`device`: that browser's device cookie), and `spendAccountBudget()`: 120 wrong passwords
 * from 40 addresses, past the account's hourly budget of 100. Passwords are hashed at
 * `CHEAP_SCRYPT` (test/http/support.ts): spending the budget checks a hundred of them.
 */
export async function ownerWithDevice() {
  const store = createMemoryStore(await cheaplyHashedSandbox());
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    clientKey: (request) => request.headers.get("x-client") ?? "",
    passwordHasher: cheapHasher(),
  });
  const login = (password: string, headers: Record<string, string>) =>
    handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ email: ADMIN, password }),
      }),
    );
  const first = await login(PASSWORD, { "x-client": "owner" });
  const device = first.headers.getSetCookie()[1]?.split(";")[0] ?? "";
  const spendAccountBudget = async () => {
    for (let n = 0; n < 120; n++) await login(`guess-${n}`, { "x-client": `203.0.113.${n % 40}` });
  };
  return { store, login, device, spendAccountBudget };
}
