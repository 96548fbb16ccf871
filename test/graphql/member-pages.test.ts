import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutPage, inTurns, memberPageReader } from "../../src/graphql/member-pages";
import { listMembersByProduct } from "../../src/members/operations";
import { member, ORG_ID, storeWith } from "../security/support";
import { withTx } from "../support/tx-override";

describe("membersByProduct pages", () => {
  it("property: cutPage gives the page listMembersByProduct gives (by id, after the cursor, first of them, whether more follow)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-c0-9-]{1,4}$/), { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.option(fc.stringMatching(/^[a-c0-9-]{0,4}$/), { nil: null }),
        async (ids, first, after) => {
          const store = storeWith([
            member("caller", { RECRUIT: "ADMIN" }),
            ...ids.map((id) => member(`m${id}`, { RECRUIT: "MEMBER" })),
          ]);
          const cursor = after === null ? null : `m${after}`;
          const members = await store.transaction(ORG_ID, (tx) => tx.listProductMembers("RECRUIT"));
          const expected = await listMembersByProduct(store, {
            orgId: ORG_ID,
            product: "RECRUIT",
            first,
            after: cursor,
          });
          expect(await cutPage(members.reverse(), first, cursor)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("cuts a page from a list longer than one chunk, letting waiting work run before it is done", async () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `x${(index * 7919) % 10_000}`);
    const store = storeWith(ids.map((id) => member(id, { RECRUIT: "MEMBER" })));
    const members = await store.transaction(ORG_ID, (tx) => tx.listProductMembers("RECRUIT"));
    let finished = false;
    let waitingRanFirst = false;
    setImmediate(() => {
      waitingRanFirst = !finished;
    });
    const page = await cutPage(members, 3, "x5");
    finished = true;
    expect(page.nodes.map((node) => node.id)).toEqual(["x50", "x500", "x5000"]);
    expect(page.hasNextPage).toBe(true);
    expect(waitingRanFirst).toBe(true);
  });

  it("without a page read in the adapter, aliases of one product read its member list once per request", async () => {
    const base = storeWith([
      member("caller", { PERFORM: "ADMIN" }),
      member("a", { PERFORM: "MEMBER" }),
      member("b", { PERFORM: "MEMBER" }),
      member("c", { UNI: "MEMBER" }),
    ]);
    const reads: string[] = [];
    const store = withTx(base, (tx) => ({
      ...tx,
      listProductMembers: (product) => {
        reads.push(product);
        return tx.listProductMembers(product);
      },
      listProductMemberPage: undefined,
    }));
    const pages = memberPageReader(store, ORG_ID, undefined);
    const [first, second, uni] = await Promise.all([
      pages({ product: "PERFORM", first: 1 }),
      pages({ product: "PERFORM", first: 5, after: "a" }),
      pages({ product: "UNI" }),
    ]);
    expect(first.nodes.map((node) => node.id)).toEqual(["a"]);
    expect(second.nodes.map((node) => node.id)).toEqual(["b", "caller"]);
    expect(uni.nodes.map((node) => node.id)).toEqual(["c"]);
    expect(reads).toEqual(["PERFORM", "UNI"]);
  });

  it("with a page read in the adapter, a page never lists the product's members whole, and is the same page", async () => {
    const base = storeWith([
      member("caller", { PERFORM: "ADMIN" }),
      ...Array.from({ length: 30 }, (_, index) => member(`m${100 + index}`, { PERFORM: "MEMBER" })),
    ]);
    let wholeLists = 0;
    const store = withTx(base, (tx) => ({
      ...tx,
      listProductMembers: (product) => {
        wholeLists++;
        return tx.listProductMembers(product);
      },
    }));
    const paged = await memberPageReader(
      store,
      ORG_ID,
      undefined,
    )({
      product: "PERFORM",
      first: 7,
      after: "m105",
    });
    expect(wholeLists).toBe(0);
    const members = await base.transaction(ORG_ID, (tx) => tx.listProductMembers("PERFORM"));
    expect(paged).toEqual(await cutPage(members, 7, "m105"));
    expect(paged.nodes.map((node) => node.id)).toEqual([
      "m106",
      "m107",
      "m108",
      "m109",
      "m110",
      "m111",
      "m112",
    ]);
  });

  it("inTurns hands the nodes back in order, 50 at once and the rest a turn of the event loop apart", async () => {
    const nodes = Array.from({ length: 160 }, (_, index) => index);
    const handed = inTurns(nodes);
    expect(handed.slice(0, 50)).toEqual(nodes.slice(0, 50));
    const settled: number[] = [];
    for (const item of handed.slice(50))
      void Promise.resolve(item).then((value) => settled.push(value));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled.length).toBeLessThanOrEqual(50);
    expect(await Promise.all(handed)).toEqual(nodes);
  });
});
