import fc from "fast-check";
import { expect, it } from "vitest";
import { eraseCandidate, eraseJobApplication } from "../../applications/erase";
import type { ApplicationRecord } from "../../applications/input";
import { recordJobApplications } from "../../applications/record";
import { queryJobApplications } from "../../feed/query";
import { createMemoryStore } from "../../memory/store";
import { createOrganization } from "../../organizations/create";
import { upsertJobs } from "../../organizations/jobs";
import { updateOrganizationProfile } from "../../organizations/update-profile";
import type { Store } from "../../store/port";
import { FEED_PIPELINES } from "../feed-arbitraries";
import { type ConformanceHarness, canonical } from "../harness";

const NOW = new Date("2026-07-01T00:00:00Z");

/** Text a store may find hard: NUL, lone surrogates, long text, and the ids the calls use. */
const awkwardText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000`),
  fc.constantFrom("\ud800", "x\udc00y", "c-1", "a-1", "job-1", "Applied"),
  fc.string({ minLength: 300, maxLength: 400 }),
);
const candidateId = fc.constantFrom("c-1", "c-2", "c-3");
const applicationId = fc.constantFrom("a-1", "a-2", "a-3", "a-4");
const status = fc.constantFrom("Applied", "Interview", "Offer", "Callback", "Archived", "applied");
const time = fc.oneof(
  fc
    .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 5, 30) })
    .map((ms) => new Date(ms).toISOString()),
  fc.constantFrom("2026-03-01T10:00:00", "2026-03-01T10:00:00+02:00", "2027-01-01T00:00:00Z"),
);

const recordArbitrary: fc.Arbitrary<ApplicationRecord> = fc.record({
  id: fc.oneof(applicationId, awkwardText),
  candidate: fc.record({
    id: candidateId,
    firstName: fc.oneof(fc.constantFrom("Ada", "Ben"), awkwardText),
    lastName: fc.constantFrom("Example", "Other"),
  }),
  jobId: fc.constantFrom("job-1", "job-2", "job-unknown"),
  statusChanges: fc.array(
    fc.record({ id: fc.constantFrom("s-1", "s-2", "s-3"), statusName: status, at: time }),
    { maxLength: 3 },
  ),
});

export type LiveDataCall = { name: string; run: (store: Store, orgId: string) => Promise<unknown> };

/** Any one live-data call: a recording, an erasure, a job or profile change, with awkward text. */
export const liveDataCallArbitrary: fc.Arbitrary<LiveDataCall> = fc.oneof(
  fc.array(recordArbitrary, { minLength: 1, maxLength: 4 }).map(
    (applications): LiveDataCall => ({
      name: `record ${JSON.stringify(applications).slice(0, 200)}`,
      run: (store, orgId) => recordJobApplications(store, { orgId, applications, now: NOW }),
    }),
  ),
  fc.oneof(candidateId, awkwardText).map(
    (id): LiveDataCall => ({
      name: `erase candidate ${JSON.stringify(id).slice(0, 60)}`,
      run: (store, orgId) => eraseCandidate(store, { orgId, candidateId: id }),
    }),
  ),
  fc.oneof(applicationId, awkwardText).map(
    (id): LiveDataCall => ({
      name: `erase application ${JSON.stringify(id).slice(0, 60)}`,
      run: (store, orgId) => eraseJobApplication(store, { orgId, applicationId: id }),
    }),
  ),
  awkwardText.map(
    (title): LiveDataCall => ({
      name: `job title ${JSON.stringify(title).slice(0, 60)}`,
      run: (store, orgId) => upsertJobs(store, { orgId, jobs: [{ id: "job-2", title }] }),
    }),
  ),
  fc.constantFrom("https://careers.firm.example", "https://recruit.example/firm/").map(
    (siteUrl): LiveDataCall => ({
      name: `site ${siteUrl}`,
      run: (store, orgId) => updateOrganizationProfile(store, { orgId, changes: { siteUrl } }),
    }),
  ),
  awkwardText.map(
    (name): LiveDataCall => ({
      name: `profile name ${JSON.stringify(name).slice(0, 60)}`,
      run: (store, orgId) => updateOrganizationProfile(store, { orgId, changes: { name } }),
    }),
  ),
);

/** Everything a store answers of an organization's recruiting data: export and feed. */
async function state(store: Store, orgId: string) {
  const snapshot = await store.exportSnapshot(orgId);
  if (snapshot === null) throw new Error(`no organization ${orgId}`);
  const { organization, jobs, candidates, applications } = canonical(snapshot);
  const feed = await queryJobApplications(store, {
    orgId,
    params: {
      job_application_status_start: "2026-01-01T00:00:00Z",
      job_application_status_end: "2026-06-30T23:59:59Z",
    },
    now: NOW,
  });
  return { organization, jobs, candidates, applications, feed };
}

let organizations = 0;

/**
 * The differential suite's live-data half: any sequence of organization changes, recorded
 * applications and erasures (awkward text in every field) answers and stores the same as the
 * memory store, call by call, and the feed then answers the same.
 */
export function liveDataDifferential(h: ConformanceHarness): void {
  it("any sequence of recorded applications, erasures, job and profile changes with arbitrary text answers, stores and feeds the same as the memory store", async () => {
    const reference = createMemoryStore();
    const candidate = await h.fresh();
    await fc.assert(
      fc.asyncProperty(
        fc.array(liveDataCallArbitrary, { minLength: 1, maxLength: 6 }),
        async (calls) => {
          const orgId = `org-diff-${++organizations}`;
          const organization = {
            id: orgId,
            shortName: orgId,
            name: "Differential LLP",
            features: ["hr-feed" as const],
            pipelines: FEED_PIPELINES,
          };
          for (const store of [reference, candidate]) {
            expect(await createOrganization(store, { organization })).toMatchObject({ ok: true });
            await upsertJobs(store, {
              orgId,
              jobs: [
                { id: "job-1", title: "Associate" },
                { id: "job-2", title: "Paralegal" },
              ],
            });
          }
          for (const call of calls) {
            const expected = await call.run(reference, orgId);
            const actual = await call.run(candidate, orgId);
            expect({ call: call.name, actual }).toEqual({ call: call.name, actual: expected });
          }
          expect(await state(candidate, orgId)).toEqual(await state(reference, orgId));
        },
      ),
      { numRuns: h.numRuns, endOnFailure: true },
    );
  });
}
