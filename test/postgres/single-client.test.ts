import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { DATABASE_URL, describeOnServer } from "./stores";

/**
 * A connected `pg` Client is a single connection, as the options say, though it has a `connect`
 * of its own: taken for a pool, its `connect` was called again for every transaction.
 */
describeOnServer("a single pg Client as the store's client", () => {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  const schema = `rpdi_client_${process.pid}`;
  let store: PostgresStore;
  beforeAll(async () => {
    await client.connect();
    store = createPostgresStore({ client, schema, copyFromRows: 0 });
    await store.migrate();
    await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it("migrates, reads, and imports by COPY on its one session, transactions one at a time", async () => {
    const file = "First Name,Last Name,Email\nNew,Person,new.person@firm.example\n";
    const [imported, read] = await Promise.all([
      importMembers(store, { orgId: SEED_ORG_ID, product: "PERFORM", file, now: SEED_NOW }),
      store.transaction(SEED_ORG_ID, (tx) => tx.loadMembersById(["m-ada"]), { readOnly: true }),
    ]);
    expect(imported.ok).toBe(true);
    expect(read.map((member) => member.id)).toEqual(["m-ada"]);
    const found = await store.transaction(SEED_ORG_ID, (tx) =>
      tx.loadMembersByEmail(["new.person@firm.example"]),
    );
    expect(found.map((member) => member.lastName)).toEqual(["Person"]);
  });
});
