import fc from "fast-check";
import { expect, it } from "vitest";
import { memberSchema } from "../../domain/member";
import { PRODUCTS } from "../../domain/products";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { upsertMatters } from "../../matters/upsert";
import { importMembers } from "../../members/import";
import { removeProductAccess } from "../../members/remove";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { matterCsv, PERFORM_ATTORNEYS, validMatterRowsArbitrary } from "../matter-arbitraries";
import {
  type GeneratedMemberFile,
  invalidMemberFileArbitrary,
  memberFileCsv,
  validMemberFileArbitrary,
} from "../member-arbitraries";
import { SEED_CYCLE_ID, SEED_NOW, SEED_ORG_ID } from "../seed";

const GENERATED = "org-generated";

async function storeFor(fresh: () => Promise<Store>, file: GeneratedMemberFile): Promise<Store> {
  const store = await fresh();
  await store.loadSnapshot(
    organizationSnapshotSchema.parse({ organization: file.organization, members: file.members }),
  );
  return store;
}

export function propertiesSuite(h: ConformanceHarness, fresh: () => Promise<Store>): void {
  it("a file with any invalid row changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(invalidMemberFileArbitrary(), async ({ file, rowNumber }) => {
        const store = await storeFor(fresh, file);
        const before = await h.readBack(store, GENERATED);
        const outcome = await importMembers(store, {
          orgId: GENERATED,
          product: file.product,
          file: memberFileCsv(file),
          now: SEED_NOW,
        });
        expect(outcome.ok).toBe(false);
        if (!outcome.ok)
          expect(outcome.result.rowColumnErrors.map((error) => error.rowNumber)).toEqual([
            rowNumber,
          ]);
        expect(await h.readBack(store, GENERATED)).toEqual(before);
      }),
      { numRuns: h.numRuns },
    );
  });

  it("an import never removes anyone, nor any product access", async () => {
    await fc.assert(
      fc.asyncProperty(validMemberFileArbitrary({ referenceRows: true }), async (file) => {
        const store = await storeFor(fresh, file);
        const before = await h.readBack(store, GENERATED);
        const outcome = await importMembers(store, {
          orgId: GENERATED,
          product: file.product,
          file: memberFileCsv(file),
          now: SEED_NOW,
        });
        expect(outcome.ok).toBe(true);
        const after = await h.readBack(store, GENERATED);
        for (const member of before.members) {
          const kept = after.members.find((candidate) => candidate.id === member.id);
          expect(kept).toBeDefined();
          expect(kept?.products.map((access) => access.product).sort()).toEqual(
            expect.arrayContaining(member.products.map((access) => access.product).sort()),
          );
        }
      }),
      { numRuns: h.numRuns },
    );
  });

  it("upsert is idempotent: the same file again counts nothing and changes nothing", async () => {
    const attorneys = PERFORM_ATTORNEYS.map((email, index) =>
      memberSchema.parse({
        id: `a-${index}`,
        email,
        firstName: "A",
        lastName: `${index}`,
        products: [{ product: "PERFORM", role: "MEMBER" }],
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        validMatterRowsArbitrary,
        validMatterRowsArbitrary,
        async (first, second) => {
          const store = await fresh();
          await store.loadSnapshot(
            organizationSnapshotSchema.parse({
              organization: { id: GENERATED, shortName: "g", name: "G" },
              members: attorneys,
              reviewCycles: [{ id: SEED_CYCLE_ID }],
            }),
          );
          for (const rows of [first, second]) {
            const outcome = await upsertMatters(store, {
              orgId: GENERATED,
              reviewCycleId: SEED_CYCLE_ID,
              file: matterCsv(rows),
            });
            expect(outcome.ok).toBe(true);
          }
          const settled = await h.readBack(store, GENERATED);
          const again = await upsertMatters(store, {
            orgId: GENERATED,
            reviewCycleId: SEED_CYCLE_ID,
            file: matterCsv(second),
          });
          expect(again).toEqual({ ok: true, result: { created: 0, updated: 0 } });
          expect(await h.readBack(store, GENERATED)).toEqual(settled);
        },
      ),
      { numRuns: h.numRuns },
    );
  });

  it("bulk remove never touches admins on the product, nor any other product", async () => {
    const addresses = [
      "ada@firm.example",
      "ben@firm.example",
      "Cleo@firm.example",
      "cleo@firm.example",
      "dev@firm.example",
      "eve@firm.example",
      "fay@firm.example",
      "nobody@firm.example",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PRODUCTS),
        fc.array(fc.constantFrom(...addresses), { maxLength: 10 }),
        async (product, emails) => {
          const store = await h.seeded();
          const before = await h.readBack(store, SEED_ORG_ID);
          const { removedCount } = await removeProductAccess(store, {
            orgId: SEED_ORG_ID,
            product,
            emails,
          });
          const after = await h.readBack(store, SEED_ORG_ID);
          let changed = 0;
          for (const member of before.members) {
            const now = after.members.find((candidate) => candidate.id === member.id);
            expect(now).toBeDefined();
            const others = (products: typeof member.products) =>
              products.filter((access) => access.product !== product);
            expect(others(now?.products ?? [])).toEqual(others(member.products));
            const role = member.products.find((access) => access.product === product)?.role;
            if (role === "ADMIN") expect(now?.products).toEqual(member.products);
            if (JSON.stringify(now) !== JSON.stringify(member)) changed++;
          }
          expect(removedCount).toBe(changed);
        },
      ),
      { numRuns: h.numRuns },
    );
  });
}
