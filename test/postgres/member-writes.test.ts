import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import type { PostgresClient } from "../../src/postgres/client";
import { MemberConflictError } from "../../src/store/errors";
import type { Store } from "../../src/store/port";
import {
  DATABASE_URL,
  describeOnServer,
  dropStore,
  freshStore,
  pgliteClient,
  schemaOfStore,
} from "./stores";

const ORG_ID = "org-writes";
const ORGANIZATION = { id: ORG_ID, shortName: "writes", name: "Writes LLP" };

function members(prefix: string, count: number): Member[] {
  return parseOrganizationSnapshot({
    organization: ORGANIZATION,
    members: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${index}`,
      email: `${prefix}.${index}@writes.example`,
      firstName: "W",
      lastName: `${index}`,
      products: [{ product: "PERFORM", role: "MEMBER" }],
    })),
  }).members;
}

const apply = (store: Store, creates: Member[], updates: Member[] = []) =>
  store.transaction(ORG_ID, (tx) =>
    tx.applyMemberPlan({
      creates,
      updates,
      welcomeEmails: [],
    }),
  );

/**
 * After a bulk write, `members` is analyzed when the rows written reach a tenth of what its
 * statistics counted, and only then: the statistics' row count moves with each ANALYZE alone.
 * On one connection, so the ANALYZE after the commit has run when the write returns.
 */
async function analyzedWhenGrown(client: PostgresClient, prefix: string): Promise<void> {
  const store = await freshStore(client, prefix);
  try {
    const table = `"${schemaOfStore(store)}".members`;
    // Only the adapter analyzes here, never autovacuum in the middle of the test.
    await client.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
    const stored = members("stored", 20_000);
    await store.loadSnapshot(
      parseOrganizationSnapshot({ organization: ORGANIZATION, members: stored }),
    );
    const counted = async () =>
      Number(
        (await client.query("SELECT reltuples FROM pg_class WHERE oid = $1::regclass", [table]))
          .rows[0]?.reltuples,
      );
    expect(await counted()).toBe(20_000);
    await apply(store, members("small", 1_500));
    expect(await counted()).toBe(20_000);
    // 20,000 members matched, none changed: nothing was written.
    await apply(store, [], stored);
    expect(await counted()).toBe(20_000);
    await apply(store, members("large", 2_500));
    expect(await counted()).toBe(24_000);
  } finally {
    await dropStore(store);
  }
}

/** An address taken in another case is a conflict naming the address the import asked for. */
async function conflictNamesTheAddress(client: PostgresClient, prefix: string): Promise<void> {
  const store = await freshStore(client, prefix);
  try {
    const [first] = members("taken", 1);
    await store.loadSnapshot(
      parseOrganizationSnapshot({ organization: ORGANIZATION, members: [first] }),
    );
    const [again] = members("again", 1);
    const clash = { ...(again as Member), email: "Taken.0@WRITES.example" };
    const failure = apply(store, [clash]);
    await expect(failure).rejects.toBeInstanceOf(MemberConflictError);
    await expect(failure).rejects.toMatchObject({ email: "taken.0@writes.example" });
  } finally {
    await dropStore(store);
  }
}

describe("member writes on PostgreSQL", () => {
  it("analyze members after a write only once it has grown by a tenth, on PGlite", async () => {
    await analyzedWhenGrown(pgliteClient(), "analyze");
  }, 120_000);

  it("name the taken address of a conflict, on PGlite", async () => {
    await conflictNamesTheAddress(pgliteClient(), "conflict");
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("analyze members after a write only once it has grown by a tenth", async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        // Its query alone: with `connect` it would count as a pool and analyze in the background.
        await analyzedWhenGrown(
          { query: (text, params) => client.query(text, params) },
          "analyze_srv",
        );
      } finally {
        await client.end();
      }
    }, 120_000);

    it("name the taken address of a conflict", async () => {
      await conflictNamesTheAddress(pool(), "conflict_srv");
    });
  });
});
