import { instantTextFormatter } from "../values/instants";
import type { FeedApplication, StatusChange } from "./feed";
import { type JobApplicationBase, statusTime } from "./feed-record";

/** A distinct (status, bucket) pair of the stored changes, with the spellings filters compare. */
export interface Step {
  statusName: string;
  statusBucketName: string;
  lowerStatus: string;
  lowerBucket: string;
}

/**
 * Status changes sorted by time (equal times in stored order), each with its application (an
 * owner number of the index's {@link OwnerTable}), its step and its `statusUpdatedAt` text. Never
 * changed once made. Every change of one owner lies in one run.
 */
export interface Run {
  readonly times: Float64Array;
  readonly owners: Int32Array;
  readonly stepOf: Int32Array;
  readonly texts: readonly string[];
}

/**
 * What an index's versions share: the applications by owner number, their record bases, the
 * version at which each was superseded, the owner of each application id, and the steps. Only
 * the newest version of a lineage appends to it (see `FeedIndex`); older versions read the
 * owners and steps they knew, which never change, except that an erased application's slot is
 * emptied for every version.
 */
export interface OwnerTable {
  applications: (FeedApplication | null)[];
  bases: (JobApplicationBase | null)[];
  /** The generation of the version that superseded the owner; `Infinity` while current. */
  diedAt: number[];
  byId: Map<string, number>;
  steps: Step[];
  stepByKey: Map<string, number>;
  /** The generation of the version that may append. */
  tip: number;
}

/** An empty table whose tip is `generation`. */
export function emptyOwnerTable(generation: number): OwnerTable {
  return {
    applications: [],
    bases: [],
    diedAt: [],
    byId: new Map(),
    steps: [],
    stepByKey: new Map(),
    tip: generation,
  };
}

/** The run of no change. */
export const EMPTY_RUN: Run = {
  times: new Float64Array(0),
  owners: new Int32Array(0),
  stepOf: new Int32Array(0),
  texts: [],
};

/**
 * Adds `sources` to `table` as new owners (bases made by `base`) and answers the run of their
 * status changes: the work of building an index, for these applications only.
 */
export function appendOwners(
  table: OwnerTable,
  sources: readonly FeedApplication[],
  base: (source: FeedApplication) => JobApplicationBase,
): Run {
  const instantText = instantTextFormatter();
  const entries: { time: number; owner: number; step: number; text: string }[] = [];
  for (const source of sources) {
    const owner = table.applications.length;
    const changes = source.application.statusChanges;
    let shaped: JobApplicationBase | null = null;
    if (changes.length > 0) {
      shaped = base(source);
      for (let index = 0; index < changes.length; index++) {
        const change = changes[index] as StatusChange;
        const time = statusTime(source, index);
        // Where a stored time is already written as the feed writes it, the stored string is
        // kept rather than a second copy of it.
        const formatted = instantText(time);
        const text = formatted === change.at ? change.at : formatted;
        if (text === shaped.jobApplicationLastStatusUpdate)
          shaped.jobApplicationLastStatusUpdate = text;
        entries.push({ time, owner, step: stepNumber(table, change), text });
      }
      Object.freeze(shaped);
    }
    table.applications.push(source);
    table.bases.push(shaped);
    table.diedAt.push(Number.POSITIVE_INFINITY);
    table.byId.set(source.application.id, owner);
  }
  entries.sort((a, b) => a.time - b.time);
  return {
    times: Float64Array.from(entries, (entry) => entry.time),
    owners: Int32Array.from(entries, (entry) => entry.owner),
    stepOf: Int32Array.from(entries, (entry) => entry.step),
    texts: entries.map((entry) => entry.text),
  };
}

function stepNumber(table: OwnerTable, change: StatusChange): number {
  const key = `${change.statusName}\u0000${change.statusBucketName}`;
  let step = table.stepByKey.get(key);
  if (step === undefined) {
    step = table.steps.length;
    table.stepByKey.set(key, step);
    table.steps.push({
      statusName: change.statusName,
      statusBucketName: change.statusBucketName,
      lowerStatus: change.statusName.toLowerCase(),
      lowerBucket: change.statusBucketName.toLowerCase(),
    });
  }
  return step;
}

/**
 * One run of the entries of `older` and `newer` whose owner `keep` accepts, by time; at equal
 * times `older`'s first (an owner's changes are all in one run, so their stored order holds).
 * `owner` renumbers owners on the way (identity when not given).
 */
export function mergeRuns(
  older: Run,
  newer: Run,
  keep: (owner: number) => boolean,
  owner: (owner: number) => number = (same) => same,
): Run {
  const capacity = older.times.length + newer.times.length;
  const times = new Float64Array(capacity);
  const owners = new Int32Array(capacity);
  const stepOf = new Int32Array(capacity);
  const texts: string[] = [];
  let length = 0;
  let left = 0;
  let right = 0;
  const take = (run: Run, position: number) => {
    const from = run.owners[position] as number;
    if (!keep(from)) return;
    times[length] = run.times[position] as number;
    owners[length] = owner(from);
    stepOf[length] = run.stepOf[position] as number;
    texts.push(run.texts[position] as string);
    length++;
  };
  while (left < older.times.length || right < newer.times.length) {
    if (
      right >= newer.times.length ||
      (left < older.times.length && (older.times[left] as number) <= (newer.times[right] as number))
    )
      take(older, left++);
    else take(newer, right++);
  }
  return {
    times: times.slice(0, length),
    owners: owners.slice(0, length),
    stepOf: stepOf.slice(0, length),
    texts,
  };
}
