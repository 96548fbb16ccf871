import type { Application, StatusChange } from "../domain/feed";
import type { InputProblem } from "../domain/live-data-outcome";
import type { CheckedApplicationRecord } from "./input";
import type { ActiveSteps } from "./steps";

/**
 * The earliest time a status change may have: 0001-01-01T00:00:00Z. An earlier one (the year 0000,
 * or 0001 moved back by its offset) is a time no database keeps (PostgreSQL has no year 0).
 */
const EARLIEST_STATUS_TIME = Date.parse("0001-01-01T00:00:00Z");

const NO_ADDRESS = { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" };

/** What merging checks a record's status changes against, and how it writes their times. */
export interface MergeRules {
  steps: ActiveSteps;
  /** The latest time a status change may have (epoch milliseconds). */
  latest: number;
  /** UTC ISO-8601 text of a time (`instantTextFormatter`'s, for many). */
  instantText: (milliseconds: number) => string;
}

/** What a record's status changes add to the stored history, or the problems they have. */
export interface MergedApplication {
  application: Application;
  added: number;
}

/**
 * The application `record` makes of `stored` (or of nothing, for a new one): the fields the
 * record gives replace the stored ones, those it leaves out stay, and its status changes not yet
 * in the history (known by id) are appended in the record's order, with their bucket and their
 * time in UTC to the millisecond. Problems go to `problems`, under `index`.
 */
export function mergeApplication(
  record: CheckedApplicationRecord,
  stored: Application | undefined,
  { steps, latest, instantText }: MergeRules,
  index: number,
  problems: InputProblem[],
): MergedApplication {
  const known = new Map<string, StatusChange>();
  for (const change of stored?.statusChanges ?? [])
    if (change.id !== undefined) known.set(change.id, change);
  const history: StatusChange[] = stored === undefined ? [] : stored.statusChanges.slice();
  let added = 0;
  for (const [position, change] of record.statusChanges.entries()) {
    const resolved = steps.bucketOf(change.statusName, change.statusBucketName);
    if ("problem" in resolved) {
      problems.push({
        index,
        field: `statusChanges.${position}.${resolved.field}`,
        message: resolved.problem,
      });
      continue;
    }
    const time = Date.parse(change.at);
    if (time < EARLIEST_STATUS_TIME) {
      problems.push({
        index,
        field: `statusChanges.${position}.at`,
        message: "is before the year 1",
      });
      continue;
    }
    if (time > latest) {
      problems.push({ index, field: `statusChanges.${position}.at`, message: "is in the future" });
      continue;
    }
    const next: StatusChange = {
      id: change.id,
      statusName: change.statusName,
      statusBucketName: resolved.bucket,
      at: writtenAsStored(change.at) ? change.at : instantText(time),
    };
    const before = known.get(change.id);
    if (before === undefined) {
      history.push(next);
      added++;
    } else if (
      before.statusName !== next.statusName ||
      before.statusBucketName !== next.statusBucketName ||
      Date.parse(before.at) !== time
    )
      problems.push({
        index,
        field: `statusChanges.${position}.id`,
        message: "was recorded before with another status or time",
      });
  }
  return {
    added,
    application: {
      id: record.id,
      candidateId: record.candidate.id,
      jobId: record.jobId,
      offer: record.offer ?? stored?.offer ?? { startDate: null, salary: null },
      address: record.address ?? stored?.address ?? { ...NO_ADDRESS },
      statusChanges: history,
      customFieldAnswers: record.customFieldAnswers ?? stored?.customFieldAnswers ?? [],
      education: record.education ?? stored?.education ?? [],
    },
  };
}

/**
 * Whether `at`, a time the input schema's pattern accepted (`YYYY-MM-DDTHH:MM:SS`, an optional
 * fraction, `Z` or an offset; every field in range), is written exactly as the store writes times
 * (`toISOString`: UTC, to the millisecond): then it is kept as given, neither formatted again nor
 * held twice.
 */
function writtenAsStored(at: string): boolean {
  return at.length === 24 && at.charCodeAt(19) === 46 && at.charCodeAt(23) === 90;
}
