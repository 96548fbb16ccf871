import { expect, it } from "vitest";
import { recordJobApplications } from "../../applications/record";
import { parseFeedQuery } from "../../feed/params";
import { queryJobApplications } from "../../feed/query";
import { createOrganization } from "../../organizations/create";
import type { OrganizationInput } from "../../organizations/inputs";
import { upsertJobs } from "../../organizations/jobs";
import { upsertOffices } from "../../organizations/offices";
import { upsertPipelines } from "../../organizations/pipelines";
import { createReviewCycle } from "../../organizations/review-cycle";
import { updateOrganizationProfile } from "../../organizations/update-profile";
import { type ConformanceHarness, canonical } from "../harness";
import { SEED_ORG_ID } from "../seed";
import { liveDataStore, RECORDED_NOW, recordOf } from "./live-data-support";

const NEW_ORG: OrganizationInput = {
  id: "org-live",
  shortName: "live",
  name: "Live & Partners LLP",
  features: ["hr-feed"],
  offices: [{ city: "Boston", state: "MA" }],
};

/** Organizations changed in place: each administration service, on any store with live data. */
export function liveDataSuite(h: ConformanceHarness): void {
  it("creates an organization with its profile and nothing else, and refuses its id or short name again", async (context) => {
    const store = await liveDataStore(h, context);
    const created = await createOrganization(store, { organization: NEW_ORG });
    expect(created.ok).toBe(true);
    const snapshot = await h.readBack(store, "org-live");
    expect(snapshot.organization).toMatchObject({
      id: "org-live",
      shortName: "live",
      features: ["hr-feed"],
      offices: [{ city: "Boston", state: "MA", country: null }],
    });
    expect([snapshot.members, snapshot.jobs, snapshot.applications]).toEqual([[], [], []]);
    expect(await store.findOrganizationId("live")).toBe("org-live");
    for (const organization of [
      { ...NEW_ORG, shortName: "other-live" },
      { ...NEW_ORG, id: "org-live-2" },
    ]) {
      const again = await createOrganization(store, { organization });
      expect(again).toMatchObject({ ok: false, error: { code: "ORGANIZATION_EXISTS" } });
    }
    expect(await store.exportSnapshot("org-live-2")).toBeNull();
    expect(await store.findOrganizationId("other-live")).toBeNull();
  });

  it("refuses a bad profile field by field and writes nothing", async (context) => {
    const store = await liveDataStore(h, context);
    const refused = await createOrganization(store, {
      // A host's JSON is not checked by TypeScript: the service checks it.
      organization: {
        ...NEW_ORG,
        shortName: "no spaces",
        features: ["hr_feed"] as unknown as OrganizationInput["features"],
      },
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe("INVALID_INPUT");
    expect(refused.error.problems.map((problem) => problem.field).sort()).toEqual([
      "organization.features.0",
      "organization.shortName",
    ]);
    expect(await store.exportSnapshot("org-live")).toBeNull();
  });

  it("changes the profile in place without touching members, and ends every session when MFA becomes required", async (context) => {
    const store = await liveDataStore(h, context);
    const before = canonical(await h.readBack(store, SEED_ORG_ID));
    const renamed = await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { name: "Renamed LLP", siteUrl: before.organization.siteUrl },
    });
    expect(renamed).toMatchObject({ ok: true, changed: ["name"], sessionsEnded: false });
    const after = canonical(await h.readBack(store, SEED_ORG_ID));
    expect(after.organization.name).toBe("Renamed LLP");
    expect(after.members).toEqual(before.members);
    const unchanged = await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { name: "Renamed LLP" },
    });
    expect(unchanged).toMatchObject({ ok: true, changed: [], sessionsEnded: false });
    const mfa = await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { mfaRequired: true },
    });
    expect(mfa).toMatchObject({ ok: true, changed: ["mfaRequired"], sessionsEnded: true });
    const ended = canonical(await h.readBack(store, SEED_ORG_ID));
    expect(ended.organization.mfaRequired).toBe(true);
    for (const [index, member] of ended.members.entries())
      expect(member.credentials.sessionEpoch).toBe(
        (after.members[index]?.credentials.sessionEpoch ?? Number.NaN) + 1,
      );
  });

  it("refuses a short name another organization has", async (context) => {
    const store = await liveDataStore(h, context);
    const other = await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { shortName: "other" },
    });
    expect(other).toMatchObject({ ok: false, error: { code: "SHORT_NAME_TAKEN" } });
  });

  it("adds and retires offices by their triple; members keep theirs", async (context) => {
    const store = await liveDataStore(h, context);
    const before = canonical(await h.readBack(store, SEED_ORG_ID));
    const [retiring] = before.organization.offices;
    if (retiring === undefined) throw new Error("the seed has no office");
    const outcome = await upsertOffices(store, {
      orgId: SEED_ORG_ID,
      offices: [
        { city: "Paris", country: "France" },
        { ...retiring, retired: true },
      ],
    });
    expect(outcome).toMatchObject({ ok: true, added: 1, retired: 1 });
    const after = canonical(await h.readBack(store, SEED_ORG_ID));
    expect(after.organization.offices).toEqual([
      ...before.organization.offices.slice(1),
      { city: "Paris", state: null, country: "France" },
    ]);
    expect(after.members).toEqual(before.members);
    const again = await upsertOffices(store, {
      orgId: SEED_ORG_ID,
      offices: [{ city: "Paris", country: "France" }],
    });
    expect(again).toMatchObject({ ok: true, added: 0, retired: 0 });
  });

  it("creates and changes jobs, and the feed shows a changed job's title at once", async (context) => {
    const store = await liveDataStore(h, context);
    const recorded = await recordJobApplications(store, {
      orgId: SEED_ORG_ID,
      applications: [recordOf(1)],
      now: RECORDED_NOW,
    });
    expect(recorded.ok).toBe(true);
    const jobs = await upsertJobs(store, {
      orgId: SEED_ORG_ID,
      jobs: [
        { id: "job-lit", title: "Senior Associate, Litigation", department: "Litigation" },
        { id: "job-new", title: "Paralegal", public: true, openDate: "2026-01-01" },
      ],
    });
    expect(jobs).toMatchObject({ ok: true, created: 1, updated: 1, unchanged: 0 });
    const feed = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: {
        job_application_status_start: "2026-06-01T00:00:00Z",
        job_application_status_end: "2026-06-30T00:00:00Z",
      },
      now: RECORDED_NOW,
    });
    if (!feed.ok) throw new Error("the feed refused");
    expect(feed.items.find((item) => item.applicationId === "ra-1")?.jobTitle).toBe(
      "Senior Associate, Litigation",
    );
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    expect(snapshot.jobs.find((job) => job.id === "job-new")).toMatchObject({
      title: "Paralegal",
      public: true,
      openDate: "2026-01-01",
    });
    const same = await upsertJobs(store, {
      orgId: SEED_ORG_ID,
      jobs: [{ id: "job-new", title: "Paralegal", public: true, openDate: "2026-01-01" }],
    });
    expect(same).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 1 });
  });

  it("adds pipeline templates whose steps become statuses, and retires them", async (context) => {
    const store = await liveDataStore(h, context);
    const steps = [{ name: "Screen", bucket: "Active" }];
    const added = await upsertPipelines(store, {
      orgId: SEED_ORG_ID,
      pipelines: [{ id: "pl-new", name: "Staff", steps }],
    });
    expect(added).toMatchObject({ ok: true, created: 1, updated: 0 });
    const record = {
      ...recordOf(2, 0),
      statusChanges: [{ id: "s-1", statusName: "Screen", at: "2026-06-02T10:00:00Z" }],
    };
    const accepted = await recordJobApplications(store, {
      orgId: SEED_ORG_ID,
      applications: [record],
      now: RECORDED_NOW,
    });
    expect(accepted).toMatchObject({ ok: true, created: 1 });
    const pipelines = (await h.readBack(store, SEED_ORG_ID)).organization.pipelines;
    expect(
      parseFeedQuery({ job_application_status: "Screen" }, { now: RECORDED_NOW, pipelines }).ok,
    ).toBe(true);
    await upsertPipelines(store, {
      orgId: SEED_ORG_ID,
      pipelines: [{ id: "pl-new", name: "Staff", active: false, steps }],
    });
    const refused = await recordJobApplications(store, {
      orgId: SEED_ORG_ID,
      applications: [
        {
          ...record,
          statusChanges: [{ id: "s-2", statusName: "Screen", at: "2026-06-03T10:00:00Z" }],
        },
      ],
      now: RECORDED_NOW,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        problems: [{ index: 0, field: "statusChanges.0.statusName" }],
      },
    });
  });

  it("opens an empty review cycle once", async (context) => {
    const store = await liveDataStore(h, context);
    const reviewCycle = { id: "7D1C2B3A-4E5F-4A6B-8C7D-9E0F1A2B3C4D", name: "2027 review" };
    expect(await createReviewCycle(store, { orgId: SEED_ORG_ID, reviewCycle })).toMatchObject({
      ok: true,
    });
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    expect(
      snapshot.reviewCycles.find((cycle) => cycle.id === "7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
    ).toMatchObject({
      name: "2027 review",
      clientMatters: [],
    });
    expect(await createReviewCycle(store, { orgId: SEED_ORG_ID, reviewCycle })).toMatchObject({
      ok: false,
      error: { code: "REVIEW_CYCLE_EXISTS" },
    });
  });
}
