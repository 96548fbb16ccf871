import fc from "fast-check";
import { expect, it } from "vitest";
import type { FeedApplication } from "../../domain/feed";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../domain/snapshot";
import { parseFeedQuery } from "../../feed/params";
import { queryJobApplications } from "../../feed/query";
import { selectJobApplications } from "../../feed/select";
import { FEED_WINDOW, feedParamsArbitrary } from "../feed-arbitraries";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID, seedOrganization } from "../seed";

function joined(snapshot: OrganizationSnapshot): FeedApplication[] {
  return snapshot.applications.map((application) => {
    const candidate = snapshot.candidates.find((entry) => entry.id === application.candidateId);
    const job = snapshot.jobs.find((entry) => entry.id === application.jobId);
    if (candidate === undefined || job === undefined)
      throw new Error(`application ${application.id} is dangling`);
    return { application, candidate, job };
  });
}

export function feedSuite(h: ConformanceHarness): void {
  const now = new Date(FEED_WINDOW.end);

  it("answers every query exactly as the pure selection over all applications does", async () => {
    const store = await h.seeded();
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    const everything = joined(snapshot);
    await fc.assert(
      fc.asyncProperty(feedParamsArbitrary, async (params) => {
        const parsed = parseFeedQuery(params, { now, pipelines: snapshot.organization.pipelines });
        const outcome = await queryJobApplications(store, { orgId: SEED_ORG_ID, params, now });
        if (!parsed.ok) {
          expect(outcome).toEqual({ ok: false, error: parsed.error });
          return;
        }
        expect(outcome).toEqual({
          ok: true,
          items: selectJobApplications(everything, parsed.query, snapshot.organization),
          nextCursor: null,
        });
      }),
      { numRuns: Math.max(h.numRuns, 50) },
    );
  });

  it("returns records in the spec's shape, and an empty array when nothing matches", async () => {
    const store = await h.seeded();
    const all = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: { job_application_status_start: "2026-01-01" },
      now,
    });
    expect(all.ok && all.items.length).toBe(12);
    const none = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: { job_application_status: "Callback" },
      now,
    });
    expect(none).toEqual({ ok: true, items: [], nextCursor: null });
  });

  it("omits customFields from every record when the organization has custom fields but shows none on applications", async () => {
    const store = await h.seeded();
    const seed = seedOrganization();
    const hidden = {
      ...seed,
      organization: {
        ...seed.organization,
        applicationCustomFields: (seed.organization.applicationCustomFields ?? []).map((field) => ({
          ...field,
          showOnJobApplication: false,
        })),
      },
    };
    expect(hidden.organization.applicationCustomFields.length).toBeGreaterThan(0);
    await store.loadSnapshot(organizationSnapshotSchema.parse(hidden));
    const outcome = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: { job_application_status_start: "2026-01-01" },
      now,
    });
    if (!outcome.ok) throw new Error(`the feed refused: ${outcome.error.message}`);
    expect(outcome.items.length).toBe(12);
    for (const item of outcome.items) expect(item).not.toHaveProperty("customFields");
  });

  it("answers the typed 400 causes through the port", async () => {
    const store = await h.seeded();
    const outcome = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: { job_application_status: "Archived" },
      now,
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { cause: "UNKNOWN_STATUS", parameter: "job_application_status" },
    });
  });

  it("pages through the library call with any limit to exactly the unpaged result", async () => {
    const store = await h.seeded();
    const params = { job_application_status_start: "2026-01-01" };
    const whole = await queryJobApplications(store, { orgId: SEED_ORG_ID, params, now });
    if (!whole.ok) throw new Error("the unpaged query failed");
    for (const limit of [1, 5, 12, 50]) {
      const items = [];
      let cursor: string | null = null;
      do {
        const page = await queryJobApplications(store, {
          orgId: SEED_ORG_ID,
          params,
          now,
          limit,
          cursor,
        });
        if (!page.ok) throw new Error(page.error.message);
        for (const item of page.items) items.push(item);
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(items).toEqual(whole.items);
    }
  });
}
