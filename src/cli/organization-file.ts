import { z } from "zod";
import { fieldPath, problemsOf } from "../domain/live-data-outcome";
import { parseBatch } from "../organizations/batch-records";
import {
  type JobInput,
  jobInputSchema,
  type OrganizationInput,
  organizationInputSchema,
  type ReviewCycleInput,
  reviewCycleInputSchema,
} from "../organizations/inputs";

/** One bad field of an organization file: its path in the file (`jobs.3.title`) and why. */
export interface FileProblem {
  path: string;
  message: string;
}

/** An organization file of `rpdi org apply`, every part checked by its service's rules. */
export interface OrganizationFile {
  organization: z.output<typeof organizationInputSchema>;
  /** As written, for the services (which apply defaults themselves). */
  organizationInput: OrganizationInput;
  jobs: JobInput[];
  reviewCycles: ReviewCycleInput[];
}

const fileSchema = z
  .object({
    organization: z.unknown(),
    jobs: z.array(z.unknown()).max(10_000).optional(),
    reviewCycles: z.array(z.unknown()).max(1_000).optional(),
  })
  .strict();

/**
 * `{ organization, jobs?, reviewCycles? }` checked whole before anything is written: the profile
 * as `createOrganization` checks it, each job as `upsertJobs` does, each review cycle as
 * `createReviewCycle` does. Every problem at once, each with its path in the file.
 */
export function checkOrganizationFile(
  json: unknown,
): { ok: true; file: OrganizationFile } | { ok: false; problems: FileProblem[] } {
  const shape = fileSchema.safeParse(json);
  if (!shape.success)
    return { ok: false, problems: problemsOf(shape.error, null).map(asFileProblem) };
  const problems: FileProblem[] = [];
  const organization = organizationInputSchema.safeParse(shape.data.organization);
  if (!organization.success)
    for (const problem of problemsOf(organization.error, null, ["organization"]))
      problems.push(asFileProblem(problem));
  const jobs = parseBatch(jobInputSchema, shape.data.jobs ?? []);
  for (const problem of jobs.problems)
    problems.push({
      path: fieldPath(["jobs", problem.index ?? 0, problem.field].filter((part) => part !== "")),
      message: problem.message,
    });
  const cycles = parseBatch(reviewCycleInputSchema, shape.data.reviewCycles ?? []);
  for (const problem of cycles.problems)
    problems.push({
      path: fieldPath(
        ["reviewCycles", problem.index ?? 0, problem.field].filter((part) => part !== ""),
      ),
      message: problem.message,
    });
  if (!organization.success || problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    file: {
      organization: organization.data,
      organizationInput: shape.data.organization as OrganizationInput,
      jobs: (shape.data.jobs ?? []) as JobInput[],
      reviewCycles: cycles.records,
    },
  };
}

function asFileProblem(problem: { field: string; message: string }): FileProblem {
  return { path: problem.field === "" ? "(file)" : problem.field, message: problem.message };
}
