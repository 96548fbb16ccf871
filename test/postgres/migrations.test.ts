import { describe, expect, it } from "vitest";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/store/memory";
import { parseOrganizationSnapshot } from "../../src/store/snapshot";
import { FEED_WINDOW } from "../../src/testing/feed-arbitraries";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { pendingWelcomeEmails } from "../outbox/seed";
import { dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

describe("migrate() upgrades a database that holds data", () => {
  it("version 4 fills every stored application's latest status time, so the feed answers as on a fresh database", async () => {
    const client = pgliteClient();
    const store = await freshStore(client, "upgrade");
    try {
      const snapshot = parseOrganizationSnapshot(seedOrganization());
      await store.loadSnapshot(snapshot);
      const schema = `"${schemaOfStore(store)}"`;
      // The database as version 3 left it: no column, version 4 not recorded.
      await client.query(`ALTER TABLE ${schema}.applications DROP COLUMN last_status_at`);
      await client.query(`ALTER TABLE ${schema}.organizations DROP COLUMN feed_version`);
      await client.query(`DROP SEQUENCE ${schema}.feed_versions`);
      await client.query(`DELETE FROM ${schema}.rpdi_migrations WHERE version = 4`);

      expect(await store.migrate()).toEqual([4]);
      const { rows } = await client.query<{ missing: number }>(
        `SELECT count(*)::int AS missing FROM ${schema}.applications a
         WHERE a.last_status_at IS DISTINCT FROM (SELECT max(at) FROM ${schema}.status_changes x WHERE x.org_id = a.org_id AND x.application_id = a.id)`,
      );
      expect(rows[0]?.missing).toBe(0);
      const input = {
        orgId: SEED_ORG_ID,
        params: { job_application_status_start: "2026-01-01" },
        now: new Date(FEED_WINDOW.end),
      };
      const upgraded = await queryJobApplications(store, input);
      expect(upgraded.ok && upgraded.items.length).toBeGreaterThan(0);
      expect(upgraded).toEqual(await queryJobApplications(createMemoryStore(snapshot), input));
    } finally {
      await dropStore(store);
    }
  });

  it("version 5 leaves the emails already in the outbox unleased, so the first claim takes them", async () => {
    const client = pgliteClient();
    const store = await freshStore(client, "upgrade");
    try {
      const snapshot = parseOrganizationSnapshot({
        ...seedOrganization(),
        welcomeEmails: pendingWelcomeEmails(3),
      });
      await store.loadSnapshot(snapshot);
      const schema = `"${schemaOfStore(store)}"`;
      // The database as version 4 left it: no lease columns, no claim index.
      await client.query(`DROP INDEX ${schema}.welcome_emails_claim_order`);
      await client.query(
        `ALTER TABLE ${schema}.welcome_emails DROP COLUMN lease_token, DROP COLUMN leased_by, DROP COLUMN lease_expires_at`,
      );
      await client.query(`DELETE FROM ${schema}.rpdi_migrations WHERE version = 5`);

      expect(await store.migrate()).toEqual([5]);
      const claimed = await store.claimWelcomeEmails({
        worker: "first",
        limit: 10,
        leaseMs: 1000,
        now: new Date(FEED_WINDOW.end),
      });
      expect(claimed.map((item) => item.email)).toEqual(snapshot.welcomeEmails);
    } finally {
      await dropStore(store);
    }
  });
});
