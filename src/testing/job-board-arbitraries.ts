import fc from "fast-check";
import type { Job } from "../domain/feed";
import type { OrganizationSnapshotInput } from "../domain/snapshot";
import type { JobBoardFilters } from "../jobs/board";

/** The days the job board arbitraries draw dates and clocks from: 2025-12-01, 400 days on (UTC). */
export const JOB_BOARD_WINDOW = { start: Date.UTC(2025, 11, 1), days: 400 };

const DAY_MS = 86_400_000;
const DEPARTMENTS = ["Litigation", "Corporate", " tax ", "litigation"] as const;
const OFFICES = ["London", "New York", "new york ", ""] as const;

const day = fc
  .integer({ min: 0, max: JOB_BOARD_WINDOW.days })
  .map((offset) => new Date(JOB_BOARD_WINDOW.start + offset * DAY_MS).toISOString().slice(0, 10));

/** Text a careers page must show as text: markup, Markdown, quotes and any string. */
const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '<script>alert("x")</script>',
    "<img src=x onerror=alert(1)>",
    "**Bold** & _italic_ 'quoted'",
  ),
);

/** A job with the job board's fields drawn: public or not, dates before, around and after now. */
export const boardJobArbitrary: fc.Arbitrary<Job> = fc.record({
  id: fc.uuid(),
  title: text,
  department: fc.constantFrom(...DEPARTMENTS),
  officeLocation: fc.constantFrom(...OFFICES),
  employmentType: fc.constantFrom("Full-time", "Intern", ""),
  hiringType: fc.constantFrom("Lateral", "Student"),
  position: fc.constantFrom("Associate", "Counsel"),
  requisitionId: fc.option(fc.string(), { nil: null }),
  public: fc.boolean(),
  publicTitle: fc.option(text, { nil: null }),
  description: text,
  openDate: fc.option(day, { nil: null }),
  closeDate: fc.option(day, { nil: null }),
});

/** Jobs with distinct ids. */
export const boardJobsArbitrary: fc.Arbitrary<Job[]> = fc.uniqueArray(boardJobArbitrary, {
  selector: (job) => job.id,
  maxLength: 12,
});

/** A clock in the window, at any time of its day. */
export const jobBoardNowArbitrary: fc.Arbitrary<Date> = fc
  .integer({ min: 0, max: JOB_BOARD_WINDOW.days * DAY_MS - 1 })
  .map((offset) => new Date(JOB_BOARD_WINDOW.start + offset));

/** A careers page's filters, in any case and spacing, single or repeated, or none. */
export const jobBoardFiltersArbitrary: fc.Arbitrary<JobBoardFilters> = fc.record(
  {
    department: fc.oneof(
      fc.constantFrom(...DEPARTMENTS, "LITIGATION", "Corp", ""),
      fc.array(fc.constantFrom(...DEPARTMENTS), { maxLength: 2 }),
    ),
    office: fc.oneof(
      fc.constantFrom(...OFFICES, "LONDON"),
      fc.array(fc.constantFrom(...OFFICES), { maxLength: 2 }),
    ),
  },
  { requiredKeys: [] },
);

/**
 * An organization snapshot with the job board on: jobs from {@link boardJobsArbitrary}, and
 * candidates and applications to them whose every candidate value is marked `candidate-…`, so a
 * test can tell that none reaches a public answer.
 */
export function jobBoardSnapshotArbitrary(organization: {
  id: string;
  shortName: string;
}): fc.Arbitrary<OrganizationSnapshotInput> {
  return boardJobsArbitrary.chain((jobs) =>
    fc
      .array(
        fc.record({
          mark: fc.uuid(),
          job: jobs.length === 0 ? fc.constant(null) : fc.constantFrom(...jobs.map((j) => j.id)),
          salary: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
        }),
        { maxLength: jobs.length === 0 ? 0 : 8 },
      )
      .map((people) => {
        const applied = people.filter((person) => person.job !== null);
        return {
          organization: {
            ...organization,
            name: `${organization.shortName} LLP`,
            features: ["job-board", "hr-feed"],
          },
          jobs,
          candidates: applied.map((person) => ({
            id: `candidate-${person.mark}`,
            firstName: `candidate-first-${person.mark}`,
            lastName: `candidate-last-${person.mark}`,
            email: `candidate-${person.mark}@mail.example`,
            phone: `candidate-phone-${person.mark}`,
          })),
          applications: applied.map((person) => ({
            id: `candidate-application-${person.mark}`,
            candidateId: `candidate-${person.mark}`,
            jobId: person.job as string,
            offer: { startDate: null, salary: person.salary },
            address: {
              addressLine1: `candidate-street-${person.mark}`,
              addressLine2: "",
              city: `candidate-city-${person.mark}`,
              state: "",
              zipCode: "",
            },
            statusChanges: [
              {
                statusName: `candidate-status-${person.mark}`,
                statusBucketName: "Active",
                at: "2026-02-01T10:00:00Z",
              },
            ],
          })),
        };
      }),
  );
}
