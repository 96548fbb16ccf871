import { expect, it } from "vitest";
import type { MemberInput } from "../../src/domain/member";
import type { Product } from "../../src/domain/products";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { dropStore, freshStore, pgliteClient } from "./stores";

const ORG_ID = "org-names";
/** More than two of the adapter's pages (4,096 members each). */
const MEMBERS = 10_000;

function directory() {
  const members: MemberInput[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const products: { product: Product; role: "ADMIN" | "MEMBER" }[] = [];
    if (i % 7 !== 3) products.push({ product: "PERFORM", role: i % 4 === 0 ? "ADMIN" : "MEMBER" });
    if (i % 3 === 0) products.unshift({ product: "RECRUIT", role: "MEMBER" });
    members.push({
      id: `m-${i}`,
      email: `Name${i}@Names.example`,
      firstName: `First${i}`,
      lastName: i % 2 === 0 ? "Even" : "Odd",
      products,
    });
  }
  return parseOrganizationSnapshot({
    organization: { id: ORG_ID, shortName: "names", name: "Names LLP" },
    members,
  });
}

it("lists a product's member names over several pages as the memory store does: every holder once, with its role", async () => {
  const snapshot = directory();
  const postgres = await freshStore(pgliteClient(), "names");
  try {
    await postgres.loadSnapshot(snapshot);
    const memory = createMemoryStore(snapshot);
    for (const product of ["PERFORM", "RECRUIT", "UNI"] as const) {
      const read = (store: Store) =>
        store.transaction(ORG_ID, async (tx) => (await tx.listProductMemberNames?.(product)) ?? []);
      const key = (name: { email: string }) => name.email;
      const fromPostgres = (await read(postgres)).sort((a, b) => key(a).localeCompare(key(b)));
      const fromMemory = (await read(memory)).sort((a, b) => key(a).localeCompare(key(b)));
      expect(fromPostgres).toEqual(fromMemory);
      expect(new Set(fromPostgres.map(key)).size).toBe(fromPostgres.length);
      if (product === "PERFORM") expect(fromPostgres.length).toBeGreaterThan(2 * 4096);
    }
  } finally {
    await dropStore(postgres);
  }
});
