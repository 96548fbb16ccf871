import fc from "fast-check";
import { expect, it } from "vitest";
import { eraseCandidate, eraseJobApplication } from "../../applications/erase";
import { recordJobApplications } from "../../applications/record";
import { readJobApplicationChanges } from "../../changes/read-changes";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { queryJobApplications } from "../../feed/query";
import { upsertJobs } from "../../organizations/jobs";
import { updateOrganizationProfile } from "../../organizations/update-profile";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { OTHER_ORG_ID, SEED_ORG_ID, seedOrganization } from "../seed";
import {
  applyChanges,
  CURSOR_SECRET,
  changeLogStore,
  feedFromCopy,
  namedIds,
  syncChanges,
} from "./change-log-support";
import { RECORDED_NOW, recordOf } from "./live-data-support";

const EVER = { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2099-12-31T00:00:00Z") };
const DAY = 86_400_000;

const read = (store: Store, cursor: string | null, extra: { limit?: number; now?: Date } = {}) =>
  readJobApplicationChanges(store, {
    orgId: SEED_ORG_ID,
    cursor,
    now: RECORDED_NOW,
    cursorSecret: CURSOR_SECRET,
    ...extra,
  });

const record = (store: Store, applications: ReturnType<typeof recordOf>[]) =>
  recordJobApplications(store, { orgId: SEED_ORG_ID, applications, now: RECORDED_NOW });

async function feedOver(store: Store, range: { start: Date; end: Date }) {
  const outcome = await queryJobApplications(store, {
    orgId: SEED_ORG_ID,
    params: {
      job_application_status_start: range.start.toISOString().replace(".000Z", "Z"),
      job_application_status_end: range.end.toISOString().replace(".000Z", "Z"),
    },
    now: RECORDED_NOW,
  });
  if (!outcome.ok) throw new Error(`the feed refused: ${JSON.stringify(outcome.error)}`);
  return outcome.items;
}

/** The change log and the changes read from it, on any store that keeps one. */
export function changeLogSuite(h: ConformanceHarness): void {
  it("read from the beginning, the changes hold every application's current record with every status: the feed over all time", async (context) => {
    const store = await changeLogStore(h, context);
    const synced = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW, limit: 5 });
    expect(synced.pages).toBeGreaterThan(1);
    expect(feedFromCopy(applyChanges(new Map(), synced.changes), EVER)).toEqual(
      await feedOver(store, EVER),
    );
  });

  it("recording gives each changed application one entry after every earlier one; the same batch again adds none", async (context) => {
    const store = await changeLogStore(h, context);
    const start = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW });
    await record(store, [recordOf(2), recordOf(1)]);
    await record(store, [recordOf(3), recordOf(1, 3)]);
    const after = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: start.cursor,
    });
    expect(namedIds(after.changes)).toEqual(["ra-2", "ra-1", "ra-3"]);
    await record(store, [recordOf(3), recordOf(1, 3)]);
    const again = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: after.cursor,
    });
    expect(again.changes).toEqual([]);
  });

  it("a job's change reaches each application of the job, a feed field of the profile every application, another profile field none", async (context) => {
    const store = await changeLogStore(h, context);
    const start = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW });
    await upsertJobs(store, { orgId: SEED_ORG_ID, jobs: [{ id: "job-sum", title: "Summer" }] });
    const job = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: start.cursor,
    });
    expect(namedIds(job.changes)).toEqual([
      "app-01",
      "app-03",
      "app-05",
      "app-07",
      "app-09",
      "app-11",
    ]);
    await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { name: "Renamed LLP" },
    });
    const named = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: job.cursor,
    });
    expect(named.changes).toEqual([]);
    await updateOrganizationProfile(store, {
      orgId: SEED_ORG_ID,
      changes: { siteUrl: "https://careers.renamed.example" },
    });
    const reshaped = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: named.cursor,
    });
    expect(reshaped.changes).toHaveLength(12);
  });

  it("an erasure leaves a tombstone for each erased application, timed at the erasure", async (context) => {
    const store = await changeLogStore(h, context);
    await record(store, [recordOf(1), recordOf(2, 2, "rc-1")]);
    const start = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW });
    const before = Date.now();
    await eraseCandidate(store, { orgId: SEED_ORG_ID, candidateId: "rc-1" });
    await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "app-04" });
    const after = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: start.cursor,
    });
    expect(namedIds(after.changes)).toEqual(["-ra-1", "-ra-2", "-app-04"]);
    for (const change of after.changes) {
      const deletedAt = Date.parse((change as { deletedAt: string }).deletedAt);
      expect(deletedAt).toBeGreaterThanOrEqual(before - 60_000);
    }
  });

  it("cursor=now reads only what changes afterwards, and an empty page still carries a cursor", async (context) => {
    const store = await changeLogStore(h, context);
    const now = await read(store, "now");
    expect(now).toMatchObject({ ok: true, page: { changes: [], hasMore: false } });
    if (!now.ok) return;
    const quiet = await read(store, now.page.nextCursor);
    expect(quiet).toMatchObject({ ok: true, page: { changes: [], hasMore: false } });
    await record(store, [recordOf(7)]);
    const later = await syncChanges(store, {
      orgId: SEED_ORG_ID,
      now: RECORDED_NOW,
      cursor: now.page.nextCursor,
    });
    expect(namedIds(later.changes)).toEqual(["ra-7"]);
  });

  it("any altered cursor is refused (INVALID_CURSOR), never read", async (context) => {
    const store = await changeLogStore(h, context);
    const page = await read(store, null, { limit: 3 });
    if (!page.ok) throw new Error("refused");
    const cursor = page.page.nextCursor;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: cursor.length - 1 }),
        fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."),
        async (index, character) => {
          fc.pre(cursor[index] !== character);
          const altered = cursor.slice(0, index) + character + cursor.slice(index + 1);
          const outcome = await read(store, altered);
          expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_CURSOR" } });
        },
      ),
      { numRuns: h.numRuns },
    );
    // Every spelling of the signature's last character, which carries fewer bits than it can
    // spell: only the one handed out is the cursor.
    for (const character of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") {
      if (cursor.endsWith(character)) continue;
      const altered = `${cursor.slice(0, -1)}${character}`;
      expect(await read(store, altered), altered).toMatchObject({
        ok: false,
        error: { code: "INVALID_CURSOR" },
      });
    }
    expect(await read(store, `${cursor}x`)).toMatchObject({ ok: false });
    expect(
      await readJobApplicationChanges(store, {
        orgId: SEED_ORG_ID,
        cursor,
        now: RECORDED_NOW,
        cursorSecret: "another-secret-entirely-0123456789",
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_CURSOR" } });
  });

  it("another organization's cursor is refused (INVALID_CURSOR)", async (context) => {
    const store = await changeLogStore(h, context);
    const other = await readJobApplicationChanges(store, {
      orgId: OTHER_ORG_ID,
      cursor: "now",
      now: RECORDED_NOW,
      cursorSecret: CURSOR_SECRET,
    });
    if (!other.ok) throw new Error("refused");
    expect(await read(store, other.page.nextCursor)).toMatchObject({
      ok: false,
      error: { code: "INVALID_CURSOR", resync: false },
    });
  });

  it("a cursor older than the retention, from before a snapshot load, or before pruned tombstones must resync (CURSOR_EXPIRED)", async (context) => {
    const store = await changeLogStore(h, context);
    const old = await read(store, "now");
    if (!old.ok) throw new Error("refused");
    const cursor = old.page.nextCursor;
    expect(
      await read(store, cursor, { now: new Date(RECORDED_NOW.getTime() + 30 * DAY) }),
    ).toMatchObject({ ok: true });
    expect(
      await read(store, cursor, { now: new Date(RECORDED_NOW.getTime() + 31 * DAY) }),
    ).toMatchObject({
      ok: false,
      error: { code: "CURSOR_EXPIRED", resync: true },
    });
    await record(store, [recordOf(1)]);
    await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-1" });
    await eraseJobApplication(store, {
      orgId: SEED_ORG_ID,
      applicationId: "app-00",
      now: new Date(Date.now() + 40 * DAY),
    });
    expect(await read(store, cursor)).toMatchObject({
      ok: false,
      error: { code: "CURSOR_EXPIRED", resync: true },
    });
    const fresh = await read(store, "now");
    if (!fresh.ok) throw new Error("refused");
    await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect(await read(store, fresh.page.nextCursor)).toMatchObject({
      ok: false,
      error: { code: "CURSOR_EXPIRED", resync: true },
    });
  });

  it("tombstones pruned before a cursor was handed out never refuse it: after a pruning, a full read pages to the end with any limit, and its last cursor is served", async (context) => {
    const store = await changeLogStore(h, context);
    await record(store, [recordOf(1), recordOf(2), recordOf(3)]);
    const before = await read(store, "now");
    if (!before.ok) throw new Error("refused");
    await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-1" });
    // 40 days on, the erasure prunes the tombstones past the retention: both of them here.
    await eraseJobApplication(store, {
      orgId: SEED_ORG_ID,
      applicationId: "ra-2",
      now: new Date(Date.now() + 40 * DAY),
    });
    // A cursor from before the pruning missed the tombstones: it must start over.
    expect(await read(store, before.page.nextCursor)).toMatchObject({
      ok: false,
      error: { code: "CURSOR_EXPIRED" },
    });
    const everything = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW });
    // The seed's 12 applications and ra-3; ra-1's tombstone is gone.
    expect(namedIds(everything.changes).filter((id) => !id.startsWith("-"))).toHaveLength(13);
    expect(namedIds(everything.changes)).not.toContain("-ra-1");
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 16 }), async (limit) => {
        const whole = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW, limit });
        expect(whole.changes).toEqual(everything.changes);
        expect(await read(store, whole.cursor)).toMatchObject({
          ok: true,
          page: { changes: [], hasMore: false },
        });
      }),
      { numRuns: h.numRuns },
    );
    const present = await read(store, "now");
    if (!present.ok) throw new Error("refused");
    await record(store, [recordOf(4)]);
    const later = await read(store, present.page.nextCursor);
    expect(later.ok && namedIds(later.page.changes)).toEqual(["ra-4"]);
  });

  it("a limit outside 1 to 1000 is refused (INVALID_LIMIT)", async (context) => {
    const store = await changeLogStore(h, context);
    for (const limit of [0, -1, 1001, 1.5, Number.NaN])
      expect(await read(store, null, { limit })).toMatchObject({
        ok: false,
        error: { code: "INVALID_LIMIT" },
      });
    expect(await read(store, null, { limit: 1000 })).toMatchObject({ ok: true });
  });

  it("paging with any limit gives each changed application once, and hasMore is false only on the last page", async (context) => {
    const store = await changeLogStore(h, context);
    await record(store, [recordOf(1), recordOf(2), recordOf(3)]);
    const whole = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW, limit: 1000 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 16 }), async (limit) => {
        const paged = await syncChanges(store, { orgId: SEED_ORG_ID, now: RECORDED_NOW, limit });
        expect(paged.changes).toEqual(whole.changes);
        expect(paged.pages).toBe(Math.max(1, Math.ceil(whole.changes.length / limit)));
      }),
      { numRuns: h.numRuns },
    );
  });
}
