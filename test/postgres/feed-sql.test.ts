import { describe, expect, it } from "vitest";
import { recordJobApplications } from "../../src/applications/record";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { jsonValue } from "../../src/postgres/members-sql";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { sandboxSnapshot } from "../http/support";
import { describeOnServer, dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

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

interface PlanNode {
  "Relation Name"?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * An organization built by live writes, as issue 44 builds them: a snapshot of its profile and 200
 * jobs, then `count` applications recorded. Neither write analyzes the jobs (200 rows are left to
 * autovacuum; the recording analyzes what it wrote), and the planner, estimating the
 * organization's jobs at one row, once drove the read of applications by id from them: one pass
 * over the asked ids, or over the whole organization, per job. Reads 1,000 applications by id and
 * explains the one statement that read them, as run.
 */
async function readById(client: PostgresClient, count: number): Promise<PlanNode[]> {
  const captured: string[] = [];
  const store = await freshStore(client, "applications_by_id", {
    onStatement: (sql) => captured.push(sql),
  });
  try {
    const orgId = "org-by-id";
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        organization: { id: orgId, shortName: "by-id", name: "By id", pipelines: FEED_PIPELINES },
        jobs: Array.from({ length: 200 }, (_, i) => ({ id: `job-${i}`, title: `Job ${i}` })),
      }),
    );
    const applications = Array.from({ length: count }, (_, i) => ({
      id: `app-${i}`,
      candidate: { id: `cand-${i}`, firstName: "C", lastName: `${i}` },
      jobId: `job-${i % 200}`,
      statusChanges: [
        {
          id: "sc-0",
          statusName: "Applied",
          statusBucketName: "Active",
          at: "2026-01-01T00:00:00.000Z",
        },
      ],
    }));
    const recorded = await recordJobApplications(store, {
      orgId,
      applications,
      now: new Date("2026-01-02T00:00:00Z"),
    });
    expect(recorded.ok).toBe(true);
    const ids = Array.from({ length: 1000 }, (_, i) => `app-${(i * 7) % count}`);
    captured.length = 0;
    const read = await store.transaction(
      orgId,
      async (tx) => (await tx.loadApplications?.(ids)) ?? [],
      { readOnly: true },
    );
    expect(read.map((application) => application.id).sort()).toEqual([...new Set(ids)].sort());
    expect(read[0]?.statusChanges).toEqual(applications[0]?.statusChanges);
    const sent = captured.filter((sql) => sql.includes("a.id = ANY($2::text[])"));
    expect(sent).toHaveLength(1);
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0]}`, [orgId, ids]);
    const explained = (rows[0] as Record<string, unknown> | undefined)?.["QUERY PLAN"];
    return planNodes((jsonValue(explained) as { Plan: PlanNode }[])[0]?.Plan as PlanNode);
  } finally {
    await dropStore(store);
  }
}

function expectOnePass(plan: PlanNode[]): void {
  const relations = plan.flatMap((node) => node["Relation Name"] ?? []);
  expect(relations).not.toContain("jobs");
  expect(relations).not.toContain("candidates");
  const applications = plan.filter((node) => node["Relation Name"] === "applications");
  expect(applications.map((node) => node["Actual Loops"])).toEqual([1]);
}

const COUNT = 5000;

describe("applications read by id", () => {
  it("are read in one pass, without their candidates and jobs, whatever the planner thinks of the organization's jobs", async () => {
    expectOnePass(await readById(pgliteClient(), COUNT));
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("are read in one pass, without their candidates and jobs, whatever the planner thinks of the organization's jobs", async () => {
      expectOnePass(await readById(pool(), COUNT));
    });
  });
});
