import type { Application, Candidate } from "../domain/feed";
import {
  type InputProblem,
  invalidInput,
  type LiveDataOutcome,
  problemsOf,
  unstorableTextProblems,
} from "../domain/live-data-outcome";
import { runLiveData, tooMany } from "../organizations/live-data-work";
import { paceOf } from "../runtime/pace";
import { type Pace, ROWS_PER_STEP, runSteps, type Steps } from "../runtime/steps";
import type { Store } from "../store/port";
import { instantTextFormatter } from "../values/instants";
import { sameJson } from "../values/same-json";
import { answerProblem } from "./custom-answers";
import {
  type ApplicationRecord,
  type CheckedApplicationRecord,
  readApplicationFields,
  readStatusChange,
  type StatusChangeInput,
} from "./input";
import { mergeApplication } from "./merge";
import { ActiveSteps } from "./steps";

/** How far past `now` a status change's time may be: clocks of two systems differ a little. */
export const STATUS_TIME_TOLERANCE_MS = 5 * 60_000;

/** What {@link recordJobApplications} needs. */
export interface RecordJobApplicationsInput {
  orgId: string;
  /** At most 10,000 applications, each id once. */
  applications: readonly ApplicationRecord[];
  /** The caller's clock: a status change later than it (by over 5 minutes) is refused. */
  now: Date;
  /**
   * Awaited between slices of the batch's checks and merges, inside the one transaction: by
   * default the host's event loop turns every few ms of work; `null` runs it in one go (see
   * `ImportMembersInput.pace`). The answer is the same either way.
   */
  pace?: Pace | null;
}

/** What {@link recordJobApplications} did. */
export interface RecordedApplications {
  /** Applications new to the store. */
  created: number;
  /** Stored applications that changed (a field, or a status change added). */
  updated: number;
  /** Applications the store already held exactly so: sent again, they change nothing. */
  unchanged: number;
  /** Status changes added to histories. */
  statusChangesAdded: number;
}

/**
 * Records job applications as the firm's ATS produces them, in one all-or-nothing transaction:
 * each application is created or updated with its candidate, job, offer, address, education and
 * custom-field answers (a field the record leaves out stays as stored), and its status changes
 * not yet recorded (known by their id) are appended to its history. Sending the same batch again
 * changes nothing. Every problem of the batch is answered at once as `{ index, field, message }`
 * (a status that is no step of an active pipeline, a time without a zone, an unknown job, an id
 * given twice…), and then nothing is written. The feed answers from the new data at once.
 */
export async function recordJobApplications(
  store: Store,
  input: RecordJobApplicationsInput,
): Promise<LiveDataOutcome<RecordedApplications>> {
  const refused = tooMany(input.applications.length, "applications");
  if (refused !== null) return refused;
  const pace = paceOf(input.pace);
  const { records, problems } = await runSteps(checkShapeSteps(input.applications), pace);
  const latest = input.now.getTime() + STATUS_TIME_TOLERANCE_MS;
  return runLiveData(store, input.orgId, async (tx) => {
    const organization = await tx.loadOrganization();
    const steps = new ActiveSteps(organization.pipelines);
    const instantText = instantTextFormatter();
    const fields = new Map(organization.applicationCustomFields.map((field) => [field.id, field]));
    const jobIds = new Set(
      (await tx.loadJobs(unique(records, ({ record }) => record.jobId))).map((job) => job.id),
    );
    const storedApplications = new Map(
      (await tx.loadApplications(records.map(({ record }) => record.id))).map((application) => [
        application.id,
        application,
      ]),
    );
    const storedCandidates = new Map(
      (await tx.loadCandidates(unique(records, ({ record }) => record.candidate.id))).map(
        (candidate) => [candidate.id, candidate],
      ),
    );
    const candidates = new Map<string, { candidate: Candidate; index: number }>();
    const applications: Application[] = [];
    let created = 0;
    let statusChangesAdded = 0;
    let merges = 0;
    for (const { index, record } of records) {
      if (pace !== undefined && ++merges % ROWS_PER_STEP === 0) await pace();
      if (!jobIds.has(record.jobId))
        problems.push({ index, field: "jobId", message: "is no job of the organization" });
      const stored = storedApplications.get(record.id);
      if (stored !== undefined && stored.candidateId !== record.candidate.id)
        problems.push({
          index,
          field: "candidate.id",
          message: `is not the application's candidate (${stored.candidateId})`,
        });
      checkCandidate(record, index, candidates, problems);
      for (const [position, answer] of (record.customFieldAnswers ?? []).entries()) {
        const problem = answerProblem(answer, fields);
        if (problem !== null)
          problems.push({
            index,
            field: `customFieldAnswers.${position}.${problem.field}`,
            message: problem.message,
          });
      }
      const merged = mergeApplication(
        record,
        stored,
        { steps, latest, instantText },
        index,
        problems,
      );
      if (stored !== undefined && sameJson(merged.application, stored)) continue;
      if (stored === undefined) created++;
      statusChangesAdded += merged.added;
      applications.push(merged.application);
    }
    if (problems.length > 0)
      return invalidInput(problems.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)));
    const changedCandidates = [...candidates.values()]
      .map((entry) => entry.candidate)
      .filter((candidate) => {
        const stored = storedCandidates.get(candidate.id);
        return stored === undefined || !sameJson(stored, candidate);
      });
    if (applications.length > 0 || changedCandidates.length > 0)
      await tx.saveRecruitingWrites({ candidates: changedCandidates, applications });
    return {
      ok: true,
      created,
      updated: applications.length - created,
      unchanged: records.length - applications.length,
      statusChangesAdded,
    };
  });
}

/**
 * Each record's shape, and ids given twice: application ids, and status-change ids in one record.
 * The records that pass go on to the store's checks, so one answer names every problem. In steps
 * of {@link ROWS_PER_STEP} records.
 */
function* checkShapeSteps(input: readonly ApplicationRecord[]): Steps<{
  records: { index: number; record: CheckedApplicationRecord }[];
  problems: InputProblem[];
}> {
  const records: { index: number; record: CheckedApplicationRecord }[] = [];
  const problems: InputProblem[] = [];
  const ids = new Set<string>();
  for (const [index, record] of input.entries()) {
    if ((index + 1) % ROWS_PER_STEP === 0) yield;
    const parsed = readApplicationFields(record);
    if (!parsed.ok) {
      for (const problem of problemsOf(parsed.error, index)) problems.push(problem);
      continue;
    }
    const statusChanges: StatusChangeInput[] = [];
    let readable = true;
    for (const [position, value] of parsed.fields.statusChanges.entries()) {
      const read = readStatusChange(value);
      if (read.ok) statusChanges.push(read.change);
      else {
        readable = false;
        for (const problem of problemsOf(read.error, index, ["statusChanges", position]))
          problems.push(problem);
      }
    }
    if (!readable) continue;
    const checked: CheckedApplicationRecord = { ...parsed.fields, statusChanges };
    const unstorable = unstorableTextProblems(checked, index);
    if (unstorable.length > 0) {
      for (const problem of unstorable) problems.push(problem);
      continue;
    }
    if (ids.has(checked.id))
      problems.push({
        index,
        field: "id",
        message: "is the id of an application given before in this batch",
      });
    ids.add(checked.id);
    const changeIds = new Set<string>();
    for (const [position, change] of checked.statusChanges.entries()) {
      if (changeIds.has(change.id))
        problems.push({
          index,
          field: `statusChanges.${position}.id`,
          message: "is the id of a status change given before",
        });
      changeIds.add(change.id);
    }
    records.push({ index, record: checked });
  }
  return { records, problems };
}

/** A candidate given by several records of the batch must be given alike. */
function checkCandidate(
  record: CheckedApplicationRecord,
  index: number,
  candidates: Map<string, { candidate: Candidate; index: number }>,
  problems: InputProblem[],
): void {
  const candidate: Candidate = record.candidate;
  const before = candidates.get(candidate.id);
  if (before === undefined) candidates.set(candidate.id, { candidate, index });
  else if (!sameJson(before.candidate, candidate))
    problems.push({
      index,
      field: "candidate",
      message: `differs from candidate ${candidate.id} as application ${before.index} gives it`,
    });
}

function unique<T>(records: readonly T[], key: (record: T) => string): string[] {
  return [...new Set(records.map(key))];
}
