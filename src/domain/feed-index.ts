import { compareIds } from "../runtime/compare-ids";
import type { FeedApplication } from "./feed";
import type { FeedQuery } from "./feed-query";
import {
  type FeedOrganization,
  feedRecordShaper,
  type JobApplication,
  type JobApplicationBase,
  type JobApplicationStatus,
} from "./feed-record";
import {
  appendOwners,
  EMPTY_RUN,
  emptyOwnerTable,
  mergeRuns,
  type OwnerTable,
  type Run,
  type Step,
} from "./feed-runs";

/** What changed in the feed's data: applications created or replaced (whole), and erased ones. */
export interface FeedChanges {
  /** Applications new to the index or replacing the one with their id, with candidate and job. */
  upserted: readonly FeedApplication[];
  /** Ids of applications no longer stored: their data leaves the index. */
  removed: readonly string[];
}

/** Every version of every index has its own number, so versions of one lineage tell apart. */
let generations = 0;

/**
 * An organization's whole feed, indexed for range queries, for adapters that keep the feed in
 * memory. It keeps every status change in time-sorted runs and the fixed part of every record
 * already shaped, so a query reads only the changes inside its range and the records it returns.
 * It answers exactly as {@link selectJobApplications} over the same applications (a property test
 * holds the two together). Immutable: {@link FeedIndex.withChanges} answers a new version that
 * shares what did not change, costing what changed, not the organization. The runs are merged as
 * a log-structured merge tree's are (a run is merged into the one before it once that one is no
 * more than twice its size), so a change is merged a logarithmic number of times and a query
 * walks a logarithmic number of runs.
 */
export class FeedIndex {
  #organization: FeedOrganization;
  #table: OwnerTable;
  /** How many owners of the table this version knows. */
  #count: number;
  #generation: number;
  #runs: readonly Run[];
  #statusChanges: number;

  /**
   * Indexes `applications` (which the index keeps and never changes; freeze them if anything else
   * could) for `organization`'s feed.
   */
  constructor(applications: readonly FeedApplication[], organization: FeedOrganization) {
    const generation = ++generations;
    const table = emptyOwnerTable(generation);
    const shaper = feedRecordShaper(organization);
    const run = appendOwners(table, applications, (source) => shaper.base(source));
    this.#organization = organization;
    this.#table = table;
    this.#count = table.applications.length;
    this.#generation = generation;
    this.#runs = [run];
    this.#statusChanges = run.times.length;
  }

  /** How many status changes the index holds. */
  get statusChangeCount(): number {
    return this.#statusChanges;
  }

  /**
   * This index with `changes` applied: upserted applications replace those with their id (or are
   * added), removed ones leave it. Erased data leaves every version of the index at once, so an
   * older version still being read answers without it.
   */
  withChanges(changes: FeedChanges): FeedIndex {
    const generation = ++generations;
    const table =
      this.#table.tip === this.#generation
        ? this.#table
        : copyTable(this.#table, this.#count, this.#generation);
    table.tip = generation;
    let statusChanges = this.#statusChanges;
    const supersede = (id: string): number | undefined => {
      const owner = table.byId.get(id);
      if (owner === undefined) return undefined;
      table.diedAt[owner] = generation;
      table.byId.delete(id);
      if (table.bases[owner] !== null)
        statusChanges -= (table.applications[owner] as FeedApplication).application.statusChanges
          .length;
      return owner;
    };
    for (const id of changes.removed) {
      const owner = supersede(id);
      if (owner === undefined) continue;
      for (const holder of new Set([table, this.#table])) {
        holder.applications[owner] = null;
        holder.bases[owner] = null;
      }
    }
    // The last of several with one id is the one kept.
    const upserted = [
      ...new Map(changes.upserted.map((source) => [source.application.id, source])).values(),
    ];
    for (const source of upserted) supersede(source.application.id);
    const shaper = feedRecordShaper(this.#organization);
    const run = appendOwners(table, upserted, (source) => shaper.base(source));
    statusChanges += run.times.length;
    const runs = this.#runs.slice();
    runs.push(run);
    const alive = (owner: number) =>
      (table.diedAt[owner] as number) > generation && table.bases[owner] !== null;
    while (runs.length >= 2) {
      const newer = runs[runs.length - 1] as Run;
      const older = runs[runs.length - 2] as Run;
      if (older.times.length > 2 * newer.times.length && older.times.length <= 2 * statusChanges)
        break;
      runs.splice(runs.length - 2, 2, mergeRuns(older, newer, alive));
    }
    const next = FeedIndex.#version(this.#organization, table, generation, runs, statusChanges);
    // Superseded applications stay in the table for the versions still reading them; once they
    // outnumber the current ones, a renumbered table lets them go.
    return runs.length === 1 && table.applications.length > 1024 + 2 * table.byId.size
      ? next.#renumbered(this.#organization, false)
      : next;
  }

  /**
   * This index for `organization`'s feed: the same applications, every record reshaped (the
   * organization's short name, site address or custom fields changed), all in one run.
   */
  withOrganization(organization: FeedOrganization): FeedIndex {
    return this.#renumbered(organization, true);
  }

  /** This index with only its current applications, numbered afresh, in one run. */
  #renumbered(organization: FeedOrganization, reshape: boolean): FeedIndex {
    const generation = ++generations;
    const table = emptyOwnerTable(generation);
    const renumbered = new Int32Array(this.#count).fill(-1);
    const shaper = feedRecordShaper(organization);
    for (let owner = 0; owner < this.#count; owner++) {
      const source = this.#table.applications[owner];
      if (source === null || source === undefined || !this.#alive(owner)) continue;
      renumbered[owner] = table.applications.length;
      const changes = source.application.statusChanges.length;
      table.applications.push(source);
      table.bases.push(
        changes === 0
          ? null
          : reshape
            ? Object.freeze(shaper.base(source))
            : (this.#table.bases[owner] as JobApplicationBase),
      );
      table.diedAt.push(Number.POSITIVE_INFINITY);
      table.byId.set(source.application.id, renumbered[owner] as number);
    }
    table.steps = this.#table.steps.slice();
    table.stepByKey = new Map(this.#table.stepByKey);
    const keep = (owner: number) => (renumbered[owner] as number) >= 0;
    let merged = EMPTY_RUN;
    for (const run of this.#runs) merged = mergeRuns(merged, run, keep);
    const run = mergeRuns(EMPTY_RUN, merged, keep, (owner) => renumbered[owner] as number);
    return FeedIndex.#version(organization, table, generation, [run], run.times.length);
  }

  static #version(
    organization: FeedOrganization,
    table: OwnerTable,
    generation: number,
    runs: readonly Run[],
    statusChanges: number,
  ): FeedIndex {
    const index = new FeedIndex([], organization);
    index.#table = table;
    index.#count = table.applications.length;
    index.#generation = generation;
    index.#runs = runs;
    index.#statusChanges = statusChanges;
    return index;
  }

  /** Whether `owner` is an application of this version: not superseded since, not erased. */
  #alive(owner: number): boolean {
    return (
      (this.#table.diedAt[owner] as number) > this.#generation && this.#table.bases[owner] !== null
    );
  }

  /** The applications with a status change in [start, end] (epoch milliseconds). */
  applicationsInRange(start: number, end: number): FeedApplication[] {
    const owners = new Set<number>();
    for (const run of this.#runs) {
      const to = firstWhere(run, (time) => time > end);
      for (let position = firstWhere(run, (time) => time >= start); position < to; position++) {
        const owner = run.owners[position] as number;
        if (this.#alive(owner)) owners.add(owner);
      }
    }
    return [...owners]
      .sort((a, b) => a - b)
      .map((owner) => this.#table.applications[owner] as FeedApplication);
  }

  /** The feed's records for `query`: {@link selectJobApplications} over every application. */
  select(query: FeedQuery): JobApplication[] {
    const shown = this.#shownSteps(query);
    const start = query.start.getTime();
    const end = query.end.getTime();
    const table = this.#table;
    const bases = table.bases;
    const diedAt = table.diedAt;
    const generation = this.#generation;
    // Per owner: the time of its latest shown change, then its place in the answer; how many
    // of its changes are shown. An owner's changes all lie in one run.
    const latestTime = new Float64Array(this.#count);
    const place = new Int32Array(this.#count);
    const counts = new Int32Array(this.#count);
    const spans = this.#runs.map((run) => ({
      run,
      from: firstWhere(run, (time) => time >= start),
      to: firstWhere(run, (time) => time > end),
    }));
    // Walking a run backwards meets each application first at its latest shown change, so each
    // run's owners come out ordered by that change; the runs' lists are merged by it, and only
    // applications whose latest changes share a time need sorting among themselves, by id.
    let chosen: number[] = [];
    for (const { run, from, to } of spans) {
      const mine: number[] = [];
      for (let position = to - 1; position >= from; position--) {
        if (shown !== null && shown[run.stepOf[position] as number] === 0) continue;
        const owner = run.owners[position] as number;
        if ((diedAt[owner] as number) <= generation || bases[owner] === null) continue;
        if (counts[owner] === 0) {
          mine.push(owner);
          latestTime[owner] = run.times[position] as number;
        }
        counts[owner] = (counts[owner] as number) + 1;
      }
      mine.reverse();
      chosen = chosen.length === 0 ? mine : mergeByTime(chosen, mine, latestTime);
    }
    for (let first = 0; first < chosen.length; ) {
      const time = latestTime[chosen[first] as number] as number;
      let next = first + 1;
      while (next < chosen.length && latestTime[chosen[next] as number] === time) next++;
      if (next - first > 1) {
        const tied = chosen
          .slice(first, next)
          .sort(
            (a, b) =>
              compareIds(
                (bases[a] as JobApplicationBase).applicationId,
                (bases[b] as JobApplicationBase).applicationId,
              ) || a - b,
          );
        for (let offset = 0; offset < tied.length; offset++)
          chosen[first + offset] = tied[offset] as number;
      }
      first = next;
    }
    // Each record's statuses fill an array of their exact length, from the back.
    const statuses: JobApplicationStatus[][] = chosen.map((owner, at) => {
      place[owner] = at;
      return new Array<JobApplicationStatus>(counts[owner] as number);
    });
    const steps = table.steps;
    for (const { run, from, to } of spans) {
      for (let position = to - 1; position >= from; position--) {
        const stepIndex = run.stepOf[position] as number;
        if (shown !== null && shown[stepIndex] === 0) continue;
        const owner = run.owners[position] as number;
        if ((diedAt[owner] as number) <= generation || bases[owner] === null) continue;
        const step = steps[stepIndex] as Step;
        const remaining = (counts[owner] as number) - 1;
        counts[owner] = remaining;
        (statuses[place[owner] as number] as JobApplicationStatus[])[remaining] = {
          statusName: step.statusName,
          statusBucketName: step.statusBucketName,
          statusUpdatedAt: run.texts[position] as string,
        };
      }
    }
    const shaper = feedRecordShaper(this.#organization);
    return chosen.map((owner, at) =>
      shaper.record(bases[owner] as JobApplicationBase, statuses[at] as JobApplicationStatus[]),
    );
  }

  /**
   * The same text for two queries that {@link select} answers alike: the same filters over the
   * same stretches of the time-sorted changes. Queries whose bounds differ but enclose the same
   * changes share it, so a feed polled with a moving clock keeps its key until a change enters or
   * leaves its window. A version never changes (but for erasure, which only takes records out),
   * so what is made from an answer may be kept under this key for as long as the version lives.
   */
  selectionKey(query: FeedQuery): string {
    const start = query.start.getTime();
    const end = query.end.getTime();
    const span = this.#runs
      .map(
        (run) =>
          `${firstWhere(run, (time) => time >= start)}:${firstWhere(run, (time) => time > end)}`,
      )
      .join(",");
    return query.status === null && query.bucket === null
      ? span
      : `${span}:${JSON.stringify([query.status, query.bucket])}`;
  }

  /** Which steps pass the status and bucket filters (1) or not (0); `null` when there are none. */
  #shownSteps(query: FeedQuery): Uint8Array | null {
    if (query.status === null && query.bucket === null) return null;
    return Uint8Array.from(this.#table.steps, (step) =>
      (query.status === null || step.lowerStatus === query.status) &&
      (query.bucket === null || step.lowerBucket === query.bucket)
        ? 1
        : 0,
    );
  }
}

/** The first entry of `run` whose time has `reached`, by binary search (times ascend). */
function firstWhere(run: Run, reached: (time: number) => boolean): number {
  let low = 0;
  let high = run.times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(run.times[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Two lists of owners, each ascending by `time`, as one. */
function mergeByTime(a: number[], b: number[], time: Float64Array): number[] {
  const merged = new Array<number>(a.length + b.length);
  let left = 0;
  let right = 0;
  for (let at = 0; at < merged.length; at++)
    merged[at] =
      right >= b.length ||
      (left < a.length &&
        (time[a[left] as number] as number) <= (time[b[right] as number] as number))
        ? (a[left++] as number)
        : (b[right++] as number);
  return merged;
}

/**
 * `table` as the version of `generation` knows it, for a version that is no longer the tip (a
 * newer version was made from it and dropped): its first `count` owners, those superseded later
 * current again.
 */
function copyTable(table: OwnerTable, count: number, generation: number): OwnerTable {
  const diedAt = table.diedAt.slice(0, count);
  const byId = new Map<string, number>();
  for (let owner = 0; owner < count; owner++) {
    if ((diedAt[owner] as number) > generation) diedAt[owner] = Number.POSITIVE_INFINITY;
    const source = table.applications[owner];
    if (diedAt[owner] === Number.POSITIVE_INFINITY && source !== null && source !== undefined)
      byId.set(source.application.id, owner);
  }
  return {
    applications: table.applications.slice(0, count),
    bases: table.bases.slice(0, count),
    diedAt,
    byId,
    steps: table.steps.slice(),
    stepByKey: new Map(table.stepByKey),
    tip: generation,
  };
}
