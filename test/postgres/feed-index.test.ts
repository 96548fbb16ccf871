import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { FEED_WINDOW, feedParamsArbitrary } from "../../src/testing/feed-arbitraries";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import {
  DATABASE_URL,
  dropStore,
  freshStore,
  pgliteClient,
  schemaOfStore,
  serverEngine,
} from "./stores";

const now = new Date(FEED_WINDOW.end);

/** A second instance on the same schema: its own process-local index, the same database. */
function instance(client: PostgresClient, schema: string, maxStatusChanges?: number) {
  const statements: string[] = [];
  const store = createPostgresStore({
    client,
    schema,
    onStatement: (sql) => statements.push(sql),
    feedIndex: maxStatusChanges === undefined ? undefined : { maxStatusChanges },
  });
  return { store, statements };
}

describe.each([
  { on: "PGlite (one connection)", client: () => pgliteClient(), end: async () => {} },
  ...(DATABASE_URL === undefined
    ? []
    : [serverEngine("the PostgreSQL server (a pool: misses build in the background)")]),
])("the PostgreSQL store's in-process feed index on $on", ({ client: clientOf, end }) => {
  afterAll(end);

  it("answers every query exactly as the SQL path does, reading no status change once warm", async () => {
    const client = clientOf();
    const base = await freshStore(client, "feed_index");
    try {
      await base.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
      const schema = schemaOfStore(base);
      const indexed = instance(client, schema);
      const sql = instance(client, schema, 0);
      expect(await indexed.store.warmFeedIndex(SEED_ORG_ID)).toBe(true);
      expect(await sql.store.warmFeedIndex(SEED_ORG_ID)).toBe(false);
      await fc.assert(
        fc.asyncProperty(feedParamsArbitrary, async (params) => {
          indexed.statements.length = 0;
          const input = { orgId: SEED_ORG_ID, params, now };
          const fromIndex = await queryJobApplications(indexed.store, input);
          expect(fromIndex).toEqual(await queryJobApplications(sql.store, input));
          expect(indexed.statements.filter((text) => /status_changes/.test(text))).toEqual([]);
        }),
        { numRuns: 60 },
      );
    } finally {
      await dropStore(base);
    }
  });

  it("is never used once another instance replaced the organization: the next query answers the new data", async () => {
    const client = clientOf();
    const base = await freshStore(client, "feed_stale");
    try {
      const first = parseOrganizationSnapshot(seedOrganization());
      await base.loadSnapshot(first);
      const schema = schemaOfStore(base);
      const reader = instance(client, schema);
      expect(await reader.store.warmFeedIndex(SEED_ORG_ID)).toBe(true);
      const input = {
        orgId: SEED_ORG_ID,
        params: { job_application_status_start: "2026-01-01" },
        now,
      };
      const before = await queryJobApplications(reader.store, input);
      expect(before.ok && before.items.length).toBeGreaterThan(1);

      const replaced = parseOrganizationSnapshot({
        ...seedOrganization(),
        applications: first.applications.slice(1),
      });
      await instance(client, schema).store.loadSnapshot(replaced);
      const after = await queryJobApplications(reader.store, input);
      expect(after).toEqual(await queryJobApplications(createMemoryStore(replaced), input));
      expect(after).not.toEqual(before);
      expect(await reader.store.warmFeedIndex(SEED_ORG_ID)).toBe(true);
      expect(await queryJobApplications(reader.store, input)).toEqual(after);
    } finally {
      await dropStore(base);
    }
  });

  it("leaves an organization with more status changes than it may hold to SQL", async () => {
    const client = clientOf();
    const base = await freshStore(client, "feed_large");
    try {
      const snapshot = parseOrganizationSnapshot(seedOrganization());
      await base.loadSnapshot(snapshot);
      const changes = snapshot.applications.reduce(
        (total, application) => total + application.statusChanges.length,
        0,
      );
      const schema = schemaOfStore(base);
      expect(await instance(client, schema, changes - 1).store.warmFeedIndex(SEED_ORG_ID)).toBe(
        false,
      );
      expect(await instance(client, schema, changes).store.warmFeedIndex(SEED_ORG_ID)).toBe(true);
    } finally {
      await dropStore(base);
    }
  });
});
