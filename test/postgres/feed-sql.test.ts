import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import { sandboxSnapshot } from "../http/support";
import { dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

describe("the feed read in SQL (no in-process index)", () => {
  it("answers the sandbox's feed, with custom-field answers of every type and education, exactly as the memory store", async () => {
    const client = pgliteClient();
    const base = await freshStore(client, "feed_sql");
    try {
      const snapshot = organizationSnapshotSchema.parse(sandboxSnapshot());
      expect(
        snapshot.applications.flatMap((application) =>
          application.customFieldAnswers.map((answer) =>
            Array.isArray(answer.value) ? "array" : typeof answer.value,
          ),
        ),
      ).toEqual(expect.arrayContaining(["string", "number", "boolean", "array"]));
      await base.loadSnapshot(snapshot);
      const sql = createPostgresStore({
        client,
        schema: schemaOfStore(base),
        feedIndex: { maxStatusChanges: 0 },
      });
      for (const params of [{}, { job_application_status_start: "2025-01-01" }]) {
        const input = {
          orgId: snapshot.organization.id,
          params,
          now: new Date("2026-06-15T12:00:00Z"),
        };
        const answered = await queryJobApplications(sql, input);
        expect(answered.ok && answered.items.length).toBeGreaterThan(0);
        expect(answered).toEqual(await queryJobApplications(createMemoryStore(snapshot), input));
      }
    } finally {
      await dropStore(base);
    }
  });
});
