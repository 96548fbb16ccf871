import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import type { Product } from "../../src/domain/products";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresClient } from "../../src/postgres/client";
import type { MemberIdPage } from "../../src/store/member-page";
import type { Store, StoreTx } from "../../src/store/port";
import { describeOnServer, dropStore, freshStore, pgliteClient } from "./stores";

const ORG_ID = "org-pages";

/**
 * Ids whose order depends on how they are compared: case pairs (a locale collation puts `a`
 * beside `A`, byte order puts every capital first), accents, CJK, and characters on both sides of
 * the one place where UTF-16 order (JavaScript's) and code-point order (COLLATE "C") part: U+E000
 * to U+FFFF sort after the supplementary planes in UTF-16, before them by code point.
 */
const AWKWARD_IDS = [
  "a",
  "A",
  "b",
  "B",
  "aB",
  "Ab",
  "é",
  "É",
  "e",
  "z",
  "ß",
  "日本",
  "a😀",
  "a\uff21",
  "a\ue000",
  "a\uffff",
  "a\u{10ffff}",
  "a\u{10ffff}\ue000",
  "a\u{10ffff}\u0001",
  "😀",
  "\uffe0",
  "m-10",
  "m-9",
  "m 1",
  "m_1",
];

function member(id: string, index: number, products: Member["products"]): unknown {
  return { id, email: `p${index}@pages.example`, firstName: "P", lastName: `${index}`, products };
}

function snapshot() {
  return parseOrganizationSnapshot({
    organization: { id: ORG_ID, shortName: "pages", name: "Pages LLP" },
    members: AWKWARD_IDS.map((id, index) =>
      member(
        id,
        index,
        index % 4 === 3
          ? [{ product: "UNI", role: "MEMBER" }]
          : [
              { product: "PERFORM", role: index % 5 === 0 ? "ADMIN" : "MEMBER" },
              ...(index % 2 === 0
                ? [{ product: "RECRUIT" as const, role: "MEMBER" as const }]
                : []),
            ],
      ),
    ),
  });
}

const readPage = (store: Store, product: Product, after: string | null, first: number) =>
  store.transaction(
    ORG_ID,
    async (tx: StoreTx) => {
      const read = tx.listProductMemberPage;
      if (read === undefined) throw new Error("the store reads no pages");
      return read.call(tx, product, { after, first });
    },
    { readOnly: true },
  );

async function allPages(store: Store, product: Product, first: number): Promise<MemberIdPage[]> {
  const pages: MemberIdPage[] = [];
  let after: string | null = null;
  for (;;) {
    const page: MemberIdPage = await readPage(store, product, after, first);
    pages.push(page);
    if (!page.hasNextPage) return pages;
    after = page.members.at(-1)?.id ?? null;
  }
}

async function createMember(store: Store, record: Member): Promise<void> {
  await store.transaction(ORG_ID, (tx) =>
    tx.applyMemberPlan({
      creates: [record],
      updates: [],
      welcomeEmails: [],
    }),
  );
}

async function pagesMatchTheMemoryStore(client: PostgresClient, prefix: string): Promise<void> {
  const postgres = await freshStore(client, prefix);
  try {
    await postgres.loadSnapshot(snapshot());
    const memory = createMemoryStore(snapshot());
    for (const product of ["PERFORM", "RECRUIT", "UNI"] as const)
      for (const first of [1, 2, 3, 7, 50]) {
        const expected = await allPages(memory, product, first);
        expect(await allPages(postgres, product, first)).toEqual(expected);
      }
    // The order is JavaScript's, which puts every capital before any small letter, "a😀" before
    // "a\uff21" and "a\u{10ffff}" before "a\ue000": one page holding them all says so.
    const ids = (await readPage(postgres, "PERFORM", null, 100)).members.map((found) => found.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids.indexOf("a😀")).toBeLessThan(ids.indexOf("a\uff21"));
    // Cursors that are no member's id, between and beyond them.
    // Lone surrogates too, which no stored id holds and text sent to the database cannot.
    for (const after of [
      "",
      "a\ud83d",
      "a\ude00x",
      "a😀\ud83d",
      "a\ue000",
      "M",
      "\uffff",
      "\u{10ffff}",
      "\u{10ffff}\u0001",
    ])
      expect(await readPage(postgres, "PERFORM", after, 4)).toEqual(
        await readPage(memory, "PERFORM", after, 4),
      );
  } finally {
    await dropStore(postgres);
  }
}

/**
 * A keyset page starts after its cursor's id, whatever happened before: a member added after the
 * cursor shows on a later page, one added before it never does, one removed before its page never
 * shows, and no member is repeated or skipped for it.
 */
async function changesBetweenPages(client: PostgresClient, prefix: string): Promise<void> {
  const postgres = await freshStore(client, prefix);
  try {
    await postgres.loadSnapshot(snapshot());
    const memory = createMemoryStore(snapshot());
    const stores = [memory, postgres];
    const first = await Promise.all(stores.map((store) => readPage(store, "PERFORM", null, 4)));
    expect(first[1]).toEqual(first[0]);
    const cursor = first[0]?.members.at(-1)?.id as string;
    const later = await readPage(memory, "PERFORM", cursor, 100);
    const removed = later.members[2]?.id as string;
    const access: Member["products"] = [{ product: "PERFORM", role: "MEMBER" }];
    const before = parseOrganizationSnapshot({
      organization: { id: ORG_ID, shortName: "pages", name: "Pages LLP" },
      members: [member("!before", 900, access), member("zz-after", 901, access)],
    }).members;
    for (const store of stores) {
      for (const record of before) await createMember(store, structuredClone(record));
      await store.transaction(ORG_ID, (tx) => tx.deleteMembers([removed]));
    }
    const rest = await Promise.all(
      stores.map(async (store) => {
        const pages: MemberIdPage[] = [];
        let after: string | null = cursor;
        for (;;) {
          const page: MemberIdPage = await readPage(store, "PERFORM", after, 3);
          pages.push(page);
          if (!page.hasNextPage) return pages;
          after = page.members.at(-1)?.id ?? null;
        }
      }),
    );
    expect(rest[1]).toEqual(rest[0]);
    const ids = (rest[1] ?? []).flatMap((page) => page.members.map((found) => found.id));
    expect(ids).toEqual(
      [...later.members.map((found) => found.id).filter((id) => id !== removed), "zz-after"].sort(),
    );
    expect(ids).not.toContain("!before");
  } finally {
    await dropStore(postgres);
  }
}

describe("a product's member pages on PostgreSQL, by keyset cursor", () => {
  it("are the memory store's pages, in JavaScript's order of ids, on PGlite", async () => {
    await pagesMatchTheMemoryStore(pgliteClient(), "pages");
  });

  it("follow the keyset when members are added and removed between pages, on PGlite", async () => {
    await changesBetweenPages(pgliteClient(), "pages_change");
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("are the memory store's pages, in JavaScript's order of ids", async () => {
      await pagesMatchTheMemoryStore(pool(), "pages_srv");
    });

    it("follow the keyset when members are added and removed between pages", async () => {
      await changesBetweenPages(pool(), "pages_change_srv");
    });
  });
});
