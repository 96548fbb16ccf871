import fc from "fast-check";
import { expect, it, type TestContext } from "vitest";
import { eraseCandidate, eraseJobApplication } from "../../applications/erase";
import { recordJobApplications } from "../../applications/record";
import type { JobApplication } from "../../domain/feed-record";
import { queryJobApplications } from "../../feed/query";
import { createOrganization } from "../../organizations/create";
import { upsertJobs } from "../../organizations/jobs";
import { supportsChangeLog } from "../../store/change-log";
import type { Store } from "../../store/port";
import { FEED_PIPELINES } from "../feed-arbitraries";
import type { ConformanceHarness } from "../harness";
import { applyChanges, feedFromCopy, syncChanges } from "./change-log-support";
import { type LiveDataCall, liveDataCallArbitrary } from "./live-data-differential";

const NOW = new Date("2026-07-01T00:00:00Z");
const RANGES = [
  { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2099-12-31T00:00:00Z") },
  { start: new Date("2026-01-01T00:00:00Z"), end: new Date("2026-06-30T23:59:59Z") },
  { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-15T12:00:00Z") },
];

/** A recording the store accepts: the property then has records for every later write to change. */
const acceptedRecording: fc.Arbitrary<LiveDataCall> = fc
  .array(
    fc.record({
      id: fc.constantFrom("a-1", "a-2", "a-3", "a-4"),
      candidate: fc.record({
        id: fc.constantFrom("c-1", "c-2", "c-3"),
        firstName: fc.constantFrom("Ada", "Ben"),
        lastName: fc.constantFrom("Example", "Other"),
      }),
      jobId: fc.constantFrom("job-1", "job-2"),
      statusChanges: fc.array(
        fc.record({
          id: fc.constantFrom("s-1", "s-2", "s-3"),
          statusName: fc.constantFrom("Applied", "Interview", "Offer", "Rejected"),
          at: fc
            .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 5, 30) })
            .map((ms) => new Date(ms).toISOString()),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((applications) => ({
    name: `accepted recording ${JSON.stringify(applications).slice(0, 200)}`,
    run: (store: Store, orgId: string) =>
      recordJobApplications(store, { orgId, applications, now: NOW }),
  }));

/** An erasure of what an accepted recording may have made. */
const erasure: fc.Arbitrary<LiveDataCall> = fc.oneof(
  fc.constantFrom("a-1", "a-2", "a-3", "a-4").map((applicationId) => ({
    name: `erase application ${applicationId}`,
    run: (store: Store, orgId: string) => eraseJobApplication(store, { orgId, applicationId }),
  })),
  fc.constantFrom("c-1", "c-2", "c-3").map((candidateId) => ({
    name: `erase candidate ${candidateId}`,
    run: (store: Store, orgId: string) => eraseCandidate(store, { orgId, candidateId }),
  })),
);

const writeArbitrary = fc.oneof(
  { arbitrary: acceptedRecording, weight: 2 },
  { arbitrary: erasure, weight: 1 },
  { arbitrary: liveDataCallArbitrary, weight: 2 },
);

/** A copy kept by reading the changes, from the moment it began. */
interface Reader {
  copy: Map<string, JobApplication>;
  cursor: string | null;
  limit: number;
}

let organizations = 0;

async function feedOf(store: Store, orgId: string, range: { start: Date; end: Date }) {
  const outcome = await queryJobApplications(store, {
    orgId,
    params: {
      job_application_status_start: range.start.toISOString().replace(".000Z", "Z"),
      job_application_status_end: range.end.toISOString().replace(".000Z", "Z"),
    },
    now: NOW,
  });
  if (!outcome.ok) throw new Error(`the feed refused: ${JSON.stringify(outcome.error)}`);
  return outcome.items;
}

async function catchUp(store: Store, orgId: string, reader: Reader): Promise<void> {
  const synced = await syncChanges(store, {
    orgId,
    now: NOW,
    cursor: reader.cursor,
    limit: reader.limit,
  });
  applyChanges(reader.copy, synced.changes);
  reader.cursor = synced.cursor;
}

async function newOrganization(store: Store, context: TestContext): Promise<string> {
  const orgId = `org-replay-${++organizations}`;
  const organization = {
    id: orgId,
    shortName: orgId,
    name: "Replay LLP",
    features: ["hr-feed" as const],
    pipelines: FEED_PIPELINES,
  };
  const created = await createOrganization(store, { organization });
  if (!created.ok) context.skip("the store cannot create organizations");
  const logged = await store.transaction(orgId, async (tx) => supportsChangeLog(tx), {
    readOnly: true,
  });
  if (!logged) context.skip("the store keeps no change log");
  await upsertJobs(store, {
    orgId,
    jobs: [
      { id: "job-1", title: "Associate" },
      { id: "job-2", title: "Paralegal" },
    ],
  });
  return orgId;
}

/** The replay property: a copy kept from the changes is the feed, whenever its reader began. */
export function changeReplaySuite(h: ConformanceHarness): void {
  it("replaying the changes from any cursor over a copy reproduces exactly what the feed returns, after any sequence of writes", async (context) => {
    const store = await h.fresh();
    await fc.assert(
      fc.asyncProperty(
        fc.array(writeArbitrary, { minLength: 2, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
        async (calls, limits) => {
          const orgId = await newOrganization(store, context);
          const readers: Reader[] = [];
          for (const [index, call] of calls.entries()) {
            // A new reader begins from nothing before some calls; the first keeps up after each.
            const limit = limits[index % limits.length] as number;
            if (index % 2 === 0) {
              const reader: Reader = { copy: new Map(), cursor: null, limit };
              await catchUp(store, orgId, reader);
              readers.push(reader);
            }
            await call.run(store, orgId);
            await catchUp(store, orgId, readers[0] as Reader);
          }
          for (const reader of readers) await catchUp(store, orgId, reader);
          for (const range of RANGES) {
            const feed = await feedOf(store, orgId, range);
            for (const reader of readers) expect(feedFromCopy(reader.copy, range)).toEqual(feed);
          }
        },
      ),
      { numRuns: h.numRuns, endOnFailure: true },
    );
  });
}
