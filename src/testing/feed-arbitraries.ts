import fc from "fast-check";
import type { Application, Candidate, FeedApplication, Job, Pipeline } from "../domain/feed";
import { applicationSchema } from "../domain/feed";

/** Two active pipeline templates sharing a step name, and an inactive one. */
export const FEED_PIPELINES: Pipeline[] = [
  {
    id: "pl-a",
    name: "Lateral",
    active: true,
    steps: [
      { name: "Applied", bucket: "Active" },
      { name: "Interview", bucket: "Active" },
      { name: "Offer", bucket: "Offer" },
      { name: "Rejected", bucket: "Closed" },
    ],
  },
  {
    id: "pl-b",
    name: "Summer",
    active: true,
    steps: [
      { name: "Applied", bucket: "Active" },
      { name: "Callback", bucket: "Active" },
      { name: "Declined", bucket: "Closed" },
    ],
  },
  { id: "pl-c", name: "Old", active: false, steps: [{ name: "Archived", bucket: "Archive" }] },
];

/** The feed window the arbitraries draw times from: 2026-01-01 to 2026-07-01 (UTC). */
export const FEED_WINDOW = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 6, 1) };

const STEPS = FEED_PIPELINES.filter((pipeline) => pipeline.active).flatMap(
  (pipeline) => pipeline.steps,
);
const JOB: Job = {
  id: "job-1",
  title: "Associate",
  department: "Litigation",
  officeLocation: "New York",
  employmentType: "Full-time",
  hiringType: "Lateral",
  position: "Associate",
  requisitionId: null,
  public: false,
  publicTitle: null,
  description: "",
  openDate: null,
  closeDate: null,
};

/** A second-resolution instant in the window, written with a random UTC offset. */
const instant = fc
  .record({
    seconds: fc.integer({ min: 0, max: (FEED_WINDOW.end - FEED_WINDOW.start) / 1000 }),
    offsetMinutes: fc.constantFrom(0, 60, -300, 330),
  })
  .map(({ seconds, offsetMinutes }) => {
    const at = FEED_WINDOW.start + seconds * 1000;
    if (offsetMinutes === 0) return new Date(at).toISOString().replace(".000Z", "Z");
    const local = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 19);
    const sign = offsetMinutes > 0 ? "+" : "-";
    const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
    const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
    return `${local}${sign}${hours}:${minutes}`;
  });

/** Applications (with candidate and job) whose status changes fall anywhere in the window. */
export const feedApplicationsArbitrary: fc.Arbitrary<FeedApplication[]> = fc
  .array(
    fc.array(fc.record({ step: fc.constantFrom(...STEPS), at: instant }), {
      minLength: 1,
      maxLength: 6,
    }),
    { minLength: 0, maxLength: 25 },
  )
  .map((histories) =>
    histories.map((history, index) => {
      const candidate: Candidate = {
        id: `cand-${index}`,
        firstName: "C",
        lastName: `${index}`,
        email: null,
        phone: null,
      };
      const application: Application = applicationSchema.parse({
        id: `app-${String(index).padStart(3, "0")}`,
        candidateId: candidate.id,
        jobId: JOB.id,
        statusChanges: history.map(({ step, at }) => ({
          statusName: step.name,
          statusBucketName: step.bucket,
          at,
        })),
      });
      return { application, candidate, job: JOB };
    }),
  );

/** Query parameters inside (and around) the window, with optional filters in any case. */
export const feedParamsArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      job_application_status_start: instant,
      job_application_status_end: instant,
      job_application_status: fc.constantFrom(
        "applied",
        "OFFER",
        "Interview",
        "callback",
        "Declined",
      ),
      job_application_status_bucket: fc.constantFrom("active", "Offer", "CLOSED"),
    },
    { requiredKeys: [] },
  )
  .map(
    (params) =>
      Object.fromEntries(
        Object.entries(params).filter(([, value]) => value !== undefined),
      ) as Record<string, string>,
  );
