import { expect, it } from "vitest";
import { eraseCandidate, eraseJobApplication } from "../../applications/erase";
import { recordJobApplications } from "../../applications/record";
import type { FeedApplication } from "../../domain/feed";
import type { OrganizationSnapshot } from "../../domain/snapshot";
import { parseFeedQuery } from "../../feed/params";
import { queryJobApplications } from "../../feed/query";
import { selectJobApplications } from "../../feed/select";
import { injectFaults } from "../faults";
import { type ConformanceHarness, canonical } from "../harness";
import { SEED_ORG_ID } from "../seed";
import { liveDataStore, RECORDED_NOW, recordOf } from "./live-data-support";

const JUNE = {
  job_application_status_start: "2026-01-01T00:00:00Z",
  job_application_status_end: "2026-06-30T23:59:59Z",
};

function joined(snapshot: OrganizationSnapshot): FeedApplication[] {
  const candidates = new Map(snapshot.candidates.map((candidate) => [candidate.id, candidate]));
  const jobs = new Map(snapshot.jobs.map((job) => [job.id, job]));
  return snapshot.applications.map((application) => ({
    application,
    candidate: candidates.get(application.candidateId) as FeedApplication["candidate"],
    job: jobs.get(application.jobId) as FeedApplication["job"],
  }));
}

/** Job applications recorded as they happen, and erased on request, on any store with live data. */
export function recordedApplicationsSuite(h: ConformanceHarness): void {
  const record = (
    store: Parameters<typeof recordJobApplications>[0],
    applications: ReturnType<typeof recordOf>[],
  ) => recordJobApplications(store, { orgId: SEED_ORG_ID, applications, now: RECORDED_NOW });

  const feed = async (store: Parameters<typeof recordJobApplications>[0]) => {
    const outcome = await queryJobApplications(store, {
      orgId: SEED_ORG_ID,
      params: JUNE,
      now: RECORDED_NOW,
    });
    if (!outcome.ok) throw new Error("the feed refused");
    return outcome.items;
  };

  it("records applications with their candidates, and the feed answers exactly the selection over the stored data at once", async (context) => {
    const store = await liveDataStore(h, context);
    const outcome = await record(store, [recordOf(1), recordOf(2, 3), recordOf(3, 1)]);
    expect(outcome).toEqual({
      ok: true,
      created: 3,
      updated: 0,
      unchanged: 0,
      statusChangesAdded: 6,
    });
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    const stored = snapshot.applications.find((application) => application.id === "ra-2");
    expect(
      stored?.statusChanges.map((change) => [
        change.id,
        change.statusName,
        change.statusBucketName,
        change.at,
      ]),
    ).toEqual([
      ["ra-2-sc-0", "Applied", "Active", "2026-06-03T09:30:00.000Z"],
      ["ra-2-sc-1", "Interview", "Active", "2026-06-03T10:30:00.000Z"],
      ["ra-2-sc-2", "Offer", "Offer", "2026-06-03T11:30:00.000Z"],
    ]);
    const parsed = parseFeedQuery(JUNE, {
      now: RECORDED_NOW,
      pipelines: snapshot.organization.pipelines,
    });
    if (!parsed.ok) throw new Error("the query is refused");
    const items = await feed(store);
    expect(items).toEqual(
      selectJobApplications(joined(snapshot), parsed.query, snapshot.organization),
    );
    expect(items.map((item) => item.applicationId)).toEqual(
      expect.arrayContaining(["ra-1", "ra-2", "ra-3"]),
    );
  });

  it("sending the same batch twice changes nothing the second time", async (context) => {
    const store = await liveDataStore(h, context);
    const batch = [recordOf(1), recordOf(2, 3)];
    await record(store, batch);
    const once = canonical(await h.readBack(store, SEED_ORG_ID));
    expect(await record(store, batch)).toEqual({
      ok: true,
      created: 0,
      updated: 0,
      unchanged: 2,
      statusChangesAdded: 0,
    });
    expect(canonical(await h.readBack(store, SEED_ORG_ID))).toEqual(once);
  });

  it("appends new status changes by id, keeps the fields a record leaves out, and refuses a known id with another time", async (context) => {
    const store = await liveDataStore(h, context);
    await record(store, [recordOf(1)]);
    const first = recordOf(1);
    const later = {
      id: first.id,
      candidate: first.candidate,
      jobId: first.jobId,
      statusChanges: [
        ...(first.statusChanges ?? []),
        { id: "ra-1-sc-9", statusName: "Rejected", at: "2026-06-20T12:00:00-04:00" },
      ],
    };
    expect(await record(store, [later])).toMatchObject({
      ok: true,
      updated: 1,
      statusChangesAdded: 1,
    });
    const stored = (await h.readBack(store, SEED_ORG_ID)).applications.find((a) => a.id === "ra-1");
    expect(stored?.statusChanges.map((change) => change.id)).toEqual([
      "ra-1-sc-0",
      "ra-1-sc-1",
      "ra-1-sc-9",
    ]);
    expect(stored?.statusChanges[2]?.at).toBe("2026-06-20T16:00:00.000Z");
    expect(stored?.address.city).toBe("Springfield");
    expect(stored?.education).toHaveLength(1);
    const before = canonical(await h.readBack(store, SEED_ORG_ID));
    const moved = {
      ...later,
      statusChanges: [{ id: "ra-1-sc-9", statusName: "Rejected", at: "2026-06-21T12:00:00Z" }],
    };
    expect(await record(store, [moved])).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", problems: [{ index: 0, field: "statusChanges.0.id" }] },
    });
    expect(canonical(await h.readBack(store, SEED_ORG_ID))).toEqual(before);
  });

  it("answers every problem of a bad batch with its index and field, and writes nothing", async (context) => {
    const store = await liveDataStore(h, context);
    const before = canonical(await h.readBack(store, SEED_ORG_ID));
    const good = recordOf(1);
    const outcome = await record(store, [
      good,
      { ...recordOf(2), jobId: "job-unknown" },
      {
        ...recordOf(3),
        statusChanges: [
          { id: "x-1", statusName: "Archived", at: "2026-06-01T10:00:00Z" },
          { id: "x-2", statusName: "Applied", at: "2026-06-01T10:00:00" },
          { id: "x-3", statusName: "Applied", at: "2027-06-01T10:00:00Z" },
        ],
      },
      { ...recordOf(4), id: good.id },
    ]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe("INVALID_INPUT");
    const problems = outcome.error.problems.map(({ index, field }) => `${index}:${field}`).sort();
    expect(problems).toEqual(["1:jobId", "2:statusChanges.1.at", "3:id"]);
    const second = await record(store, [
      good,
      { ...recordOf(2), jobId: "job-unknown" },
      {
        ...recordOf(3),
        statusChanges: [
          { id: "x-1", statusName: "Archived", at: "2026-06-01T10:00:00Z" },
          { id: "x-2", statusName: "Applied", at: "2026-06-01T10:00:00" },
          { id: "x-3", statusName: "Applied", at: "2027-06-01T10:00:00Z" },
        ],
      },
    ]);
    if (second.ok) throw new Error("a bad batch was accepted");
    expect(second.error.problems.map(({ index, field }) => `${index}:${field}`).sort()).toEqual([
      "1:jobId",
      "2:statusChanges.1.at",
    ]);
    expect(
      second.error.problems.find((problem) => problem.field === "statusChanges.1.at")?.message,
    ).toMatch(/time zone/);
    const third = await record(store, [
      {
        ...recordOf(3),
        statusChanges: [
          { id: "x-1", statusName: "Archived", at: "2026-06-01T10:00:00Z" },
          { id: "x-3", statusName: "Applied", at: "2027-06-01T10:00:00Z" },
        ],
      },
    ]);
    if (third.ok) throw new Error("a bad batch was accepted");
    expect(third.error.problems.map(({ index, field }) => `${index}:${field}`).sort()).toEqual([
      "0:statusChanges.0.statusName",
      "0:statusChanges.1.at",
    ]);
    expect(canonical(await h.readBack(store, SEED_ORG_ID))).toEqual(before);
  });

  it("writes nothing of a batch when the store fails at any call", async (context) => {
    const store = await liveDataStore(h, context);
    const before = canonical(await h.readBack(store, SEED_ORG_ID));
    const faulty = injectFaults(store);
    const batch = [recordOf(1), recordOf(2, 3)];
    let call = 1;
    for (;;) {
      faulty.failAt(call, "after");
      const outcome = await recordJobApplications(faulty, {
        orgId: SEED_ORG_ID,
        applications: batch,
        now: RECORDED_NOW,
      }).catch(() => null);
      if (outcome !== null) break;
      expect(canonical(await h.readBack(store, SEED_ORG_ID))).toEqual(before);
      call++;
    }
    faulty.failAt(null);
    expect(call).toBeGreaterThan(3);
  });

  it("erases a candidate with every application of theirs: gone from the store and the feed", async (context) => {
    const store = await liveDataStore(h, context);
    await record(store, [recordOf(1, 2, "rc-shared"), recordOf(2, 2, "rc-shared"), recordOf(3)]);
    expect((await feed(store)).some((item) => item.candidateId === "rc-shared")).toBe(true);
    expect(await eraseCandidate(store, { orgId: SEED_ORG_ID, candidateId: "rc-shared" })).toEqual({
      ok: true,
      erased: { candidates: 1, applications: 2 },
    });
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain("rc-shared");
    expect(text).not.toContain("rc-shared@mail.example");
    expect(snapshot.applications.some((application) => application.id === "ra-3")).toBe(true);
    const items = await feed(store);
    expect(JSON.stringify(items)).not.toContain("rc-shared");
    expect(items.some((item) => item.applicationId === "ra-3")).toBe(true);
    expect(
      await eraseCandidate(store, { orgId: SEED_ORG_ID, candidateId: "rc-shared" }),
    ).toMatchObject({
      ok: false,
      error: { code: "CANDIDATE_NOT_FOUND" },
    });
  });

  it("erases one application, and its candidate only once they have no other", async (context) => {
    const store = await liveDataStore(h, context);
    await record(store, [recordOf(1, 2, "rc-two"), recordOf(2, 2, "rc-two")]);
    expect(await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-1" })).toEqual(
      {
        ok: true,
        erased: { candidates: 0, applications: 1 },
      },
    );
    expect((await h.readBack(store, SEED_ORG_ID)).candidates.some((c) => c.id === "rc-two")).toBe(
      true,
    );
    expect(await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-2" })).toEqual(
      {
        ok: true,
        erased: { candidates: 1, applications: 1 },
      },
    );
    const snapshot = await h.readBack(store, SEED_ORG_ID);
    expect(JSON.stringify(snapshot)).not.toContain("rc-two");
    expect(JSON.stringify(await feed(store))).not.toContain("rc-two");
    expect(
      await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-2" }),
    ).toMatchObject({
      ok: false,
      error: { code: "APPLICATION_NOT_FOUND" },
    });
  });
}
