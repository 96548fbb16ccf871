import fc from "fast-check";
import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { queryJobApplications } from "../../feed/query";
import { boardJobOf, selectBoardJobs } from "../../jobs/board";
import { readJobBoard, readJobBoardJob } from "../../jobs/query";
import type { ConformanceHarness } from "../harness";
import {
  jobBoardFiltersArbitrary,
  jobBoardNowArbitrary,
  jobBoardSnapshotArbitrary,
} from "../job-board-arbitraries";

const BOARD_ORG = { id: "org-job-board", shortName: "board" };

/** The job record's fields that the feed's record carries, under the spec's names. */
const FEED_JOB_FIELDS = [
  "jobTitle",
  "jobId",
  "department",
  "officeLocation",
  "employmentType",
  "hiringType",
  "position",
  "requisitionId",
];

const NOW = new Date("2026-06-15T12:00:00Z");

function boardSnapshot(features: string[] = ["job-board"]) {
  return organizationSnapshotSchema.parse({
    organization: { ...BOARD_ORG, name: "Board LLP", features },
    jobs: [
      {
        id: "open",
        title: "Associate (REQ-7)",
        department: "Tax",
        officeLocation: "London",
        public: true,
        publicTitle: "Tax Associate",
        description: "# Tax\n\n<b>not markup</b> — «quoted» 🙂",
        openDate: "2026-06-15",
        closeDate: "2026-06-15",
      },
      { id: "hidden", title: "Partner", public: false, openDate: "2026-01-01" },
      { id: "closed", title: "Clerk", public: true, closeDate: "2026-06-14" },
      { id: "later", title: "Trainee", public: true, openDate: "2026-06-16" },
      { id: "plain", title: "Paralegal" },
    ],
  });
}

/**
 * The job board through the port: the job record's board fields stored and read back exactly, the
 * adapter's public jobs cut by rpdi's rules as the pure selection cuts them, the feature flag and
 * the organization's bounds, and the feed's records unchanged by the new fields.
 */
export function jobBoardSuite(h: ConformanceHarness): void {
  it("stores the job board's fields and reads them back, defaults included", async () => {
    const store = await h.fresh();
    const snapshot = boardSnapshot();
    await store.loadSnapshot(snapshot);
    const back = await h.readBack(store, BOARD_ORG.id);
    expect(back.jobs).toEqual(snapshot.jobs);
    expect(back.jobs.find((job) => job.id === "plain")).toMatchObject({
      public: false,
      publicTitle: null,
      description: "",
      openDate: null,
      closeDate: null,
    });
  });

  it("lists at least every public job, whole, and only the organization's", async () => {
    const store = await h.seeded();
    await store.loadSnapshot(boardSnapshot());
    const listed = await store.transaction(BOARD_ORG.id, (tx) => tx.listPublicJobs(), {
      readOnly: true,
    });
    const publicJobs = boardSnapshot().jobs.filter((job) => job.public);
    expect(listed.filter((job) => job.public).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      publicJobs.sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    for (const job of listed) expect(boardSnapshot().jobs).toContainEqual(job);
  });

  it("shows only public jobs open today: not hidden, closed, later, or another organization's", async () => {
    const store = await h.seeded();
    await store.loadSnapshot(boardSnapshot());
    const board = await readJobBoard(store, { shortName: "board", now: NOW });
    expect(board).toEqual({
      ok: true,
      jobs: [
        {
          id: "open",
          title: "Tax Associate",
          department: "Tax",
          officeLocation: "London",
          employmentType: "",
          description: "# Tax\n\n<b>not markup</b> — «quoted» 🙂",
          openDate: "2026-06-15",
          closeDate: "2026-06-15",
        },
      ],
    });
    for (const jobId of ["hidden", "closed", "later", "plain", "missing"])
      expect(await readJobBoardJob(store, { shortName: "board", jobId, now: NOW })).toEqual({
        ok: false,
        error: "NOT_FOUND",
      });
    expect((await readJobBoardJob(store, { shortName: "board", jobId: "open", now: NOW })).ok).toBe(
      true,
    );
    // The seeded organizations have no job board: as unknown as a name nobody has.
    for (const shortName of ["conformance", "other", "nobody", "board\u0000"])
      expect(await readJobBoard(store, { shortName, now: NOW })).toEqual({
        ok: false,
        error: "NOT_FOUND",
      });
  });

  it("answers NOT_FOUND for an organization without the job-board feature", async () => {
    const store = await h.fresh();
    await store.loadSnapshot(boardSnapshot(["hr-feed"]));
    expect(await readJobBoard(store, { shortName: "board", now: NOW })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
    expect(await readJobBoardJob(store, { shortName: "board", jobId: "open", now: NOW })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
  });

  it("property: the board equals the pure selection over the read-back jobs, at any time and filters", async () => {
    const store = await h.fresh();
    await fc.assert(
      fc.asyncProperty(
        jobBoardSnapshotArbitrary(BOARD_ORG),
        jobBoardNowArbitrary,
        jobBoardFiltersArbitrary,
        async (input, now, filters) => {
          await store.loadSnapshot(organizationSnapshotSchema.parse(input));
          const jobs = (await h.readBack(store, BOARD_ORG.id)).jobs;
          expect(await readJobBoard(store, { shortName: "board", now, filters })).toEqual({
            ok: true,
            jobs: selectBoardJobs(jobs, now, filters),
          });
          for (const job of jobs) {
            const one = await readJobBoardJob(store, { shortName: "board", jobId: job.id, now });
            const shown = selectBoardJobs(jobs, now).some((listed) => listed.id === job.id);
            expect(one).toEqual(
              shown ? { ok: true, job: boardJobOf(job) } : { ok: false, error: "NOT_FOUND" },
            );
          }
        },
      ),
      { numRuns: h.numRuns },
    );
  });

  it("property: the feed's records carry the spec's job fields only, whatever the board fields hold", async () => {
    const store = await h.fresh();
    await fc.assert(
      fc.asyncProperty(jobBoardSnapshotArbitrary(BOARD_ORG), async (input) => {
        await store.loadSnapshot(organizationSnapshotSchema.parse(input));
        const outcome = await queryJobApplications(store, {
          orgId: BOARD_ORG.id,
          params: { job_application_status_start: "2026-01-01" },
          now: new Date("2026-03-01T00:00:00Z"),
        });
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect(outcome.items).toHaveLength(input.applications?.length ?? 0);
        for (const record of outcome.items) {
          for (const field of ["public", "publicTitle", "description", "openDate", "closeDate"])
            expect(record).not.toHaveProperty(field);
          for (const field of FEED_JOB_FIELDS) expect(record).toHaveProperty(field);
        }
      }),
      { numRuns: h.numRuns },
    );
  });
}
