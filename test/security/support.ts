import type { ExecutionResult } from "graphql";
import { createScryptHasher, type PasswordHasher } from "../../src/auth/password";
import { executeMemberGraphql } from "../../src/graphql/execute";
import { createMemoryStore } from "../../src/store/memory";
import type { Store } from "../../src/store/port";
import type { Product, Role } from "../../src/store/products";
import type { MemberInput, OrganizationSnapshotInput } from "../../src/store/snapshot";
import { sandboxSnapshot } from "../http/support";

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
