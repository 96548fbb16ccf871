import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { PRODUCTS, type Product, ROLES } from "../../src/domain/products";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { dropStore, freshStore, pgliteClient } from "./stores";

const ORG_ID = "org-revoke";

/**
 * Each member's products: a subset of the products in any order, each with a role; mostly all
 * three, so that what a revoke leaves is often two products whose order can be lost.
 */
const memberRows = fc.array(
  fc.record({
    products: fc.oneof(
      { arbitrary: fc.shuffledSubarray(PRODUCTS, { minLength: PRODUCTS.length }), weight: 2 },
      { arbitrary: fc.shuffledSubarray(PRODUCTS), weight: 1 },
    ),
    roles: fc.array(fc.constantFrom(...ROLES), { minLength: 3, maxLength: 3 }),
    mentored: fc.boolean(),
  }),
  { minLength: 2, maxLength: 10 },
);

/**
 * A directory, a product and the ids to revoke it from, in any order: at least half the members
 * (some without the product), maybe an id no member has.
 */
const cases = memberRows.chain((rows) => {
  const ids = rows.map((_, n) => `m-${n}`);
  return fc.record({
    snapshot: fc.constant(
      parseOrganizationSnapshot({
        organization: { id: ORG_ID, shortName: "revoke", name: "Revoke & Co" },
        members: rows.map((row, n) => ({
          id: `m-${n}`,
          email: `m${n}@revoke.example`,
          firstName: `First${n}`,
          lastName: "Revoke",
          managerId: n === 0 ? null : "m-0",
          mentorIds: row.mentored ? [ids[(n + 1) % ids.length] as string] : [],
          education: [{ lawSchool: n % 2 === 0 ? "Yale Law School" : null, graduationYear: n }],
          products: row.products.map((product, k) => ({
            product,
            role: row.roles[k] ?? "MEMBER",
          })),
        })),
      }),
    ),
    product: fc.constantFrom(...PRODUCTS),
    targets: fc
      .tuple(fc.shuffledSubarray(ids, { minLength: Math.ceil(ids.length / 2) }), fc.boolean())
      .map(([targets, unknown]) => (unknown ? [...targets, "m-unknown"] : targets)),
  });
});

/** The members as revoking `product` from `targets` must leave them. */
function revoked(members: readonly Member[], product: Product, targets: readonly string[]) {
  return members.map((member) =>
    targets.includes(member.id) && member.products.some((access) => access.product === product)
      ? {
          ...member,
          products: member.products.filter((access) => access.product !== product),
          // The roles changed, so the member's sessions end.
          credentials: {
            ...member.credentials,
            sessionEpoch: member.credentials.sessionEpoch + 1,
          },
        }
      : member,
  );
}

async function revokeAndExport(
  store: Store,
  product: Product,
  targets: readonly string[],
): Promise<OrganizationSnapshot | null> {
  await store.transaction(ORG_ID, (tx) => tx.revokeProductAccess(product, targets));
  return store.exportSnapshot(ORG_ID);
}

describe("revokeProductAccess on PostgreSQL (PGlite)", () => {
  let postgres: PostgresStore;
  beforeAll(async () => {
    postgres = await freshStore(pgliteClient(), "revoke");
  });
  afterAll(async () => {
    await dropStore(postgres);
  });

  it("removes exactly that product and keeps every other product's order, as on the memory store", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ snapshot, product, targets }) => {
        // loadSnapshot replaces the organization: each run starts from its own directory.
        await postgres.loadSnapshot(snapshot);
        const onPostgres = await revokeAndExport(postgres, product, targets);
        const onMemory = await revokeAndExport(createMemoryStore(snapshot), product, targets);
        const expected = revoked(snapshot.members, product, targets);
        expect(onMemory?.members).toEqual(expected);
        expect(onPostgres?.members).toEqual(expected);
        expect(onPostgres).toEqual(onMemory);
      }),
      { numRuns: 15 },
    );
  });
});
