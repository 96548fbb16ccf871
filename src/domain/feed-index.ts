import { compareIds } from "../runtime/compare-ids";
import { instantTextFormatter } from "../values/instants";
import type { FeedApplication, StatusChange } from "./feed";
import type { FeedQuery } from "./feed-query";
import {
  type FeedOrganization,
  feedRecordShaper,
  type JobApplication,
  type JobApplicationBase,
  type JobApplicationStatus,
  statusTime,
} from "./feed-record";

/** A distinct (status, bucket) pair of the stored changes, with the spellings filters compare. */
interface Step {
  statusName: string;
  statusBucketName: string;
  lowerStatus: string;
  lowerBucket: string;
}

/**
 * An organization's whole feed, indexed for range queries, for adapters that keep the feed in
 * memory. Built once from the applications and the organization's current profile, it keeps
 * every status change in one array sorted by time and the fixed part of every record already
 * shaped, so a query reads only the changes inside its range and the records it returns. It
 * answers exactly as {@link selectJobApplications} over the same applications (a property test
 * holds the two together). Immutable once built.
 */
export class FeedIndex {
  readonly #organization: FeedOrganization;
  readonly #applications: readonly FeedApplication[];
  /** Each application's fixed record part; `null` for one without status changes (never shown). */
  readonly #bases: readonly (JobApplicationBase | null)[];
  /** Status-change times in epoch milliseconds, ascending; equal times keep stored order. */
  readonly #times: Float64Array;
  /** For each entry of `#times`, the index of its application. */
  readonly #owners: Int32Array;
  /** For each entry of `#times`, the index of its (status, bucket) in `#steps`. */
  readonly #stepOf: Int32Array;
  /** For each entry of `#times`, its `statusUpdatedAt` text. */
  readonly #texts: readonly string[];
  readonly #steps: readonly Step[];

  /**
   * Indexes `applications` (which the index keeps and never changes; freeze them if anything else
   * could) for `organization`'s feed.
   */
  constructor(applications: readonly FeedApplication[], organization: FeedOrganization) {
    this.#organization = organization;
    this.#applications = applications;
    const shaper = feedRecordShaper(organization);
    const instantText = instantTextFormatter();
    const steps: Step[] = [];
    const stepByKey = new Map<string, number>();
    const entries: { time: number; owner: number; step: number; text: string }[] = [];
    this.#bases = applications.map((source, owner) => {
      const changes = source.application.statusChanges;
      if (changes.length === 0) return null;
      const base = shaper.base(source);
      for (let index = 0; index < changes.length; index++) {
        const change = changes[index] as StatusChange;
        const time = statusTime(source, index);
        // Where a stored time is already written as the feed writes it, the stored string is
        // kept rather than a second copy of it.
        const formatted = instantText(time);
        const text = formatted === change.at ? change.at : formatted;
        if (text === base.jobApplicationLastStatusUpdate)
          base.jobApplicationLastStatusUpdate = text;
        const key = `${change.statusName}\u0000${change.statusBucketName}`;
        let step = stepByKey.get(key);
        if (step === undefined) {
          step = steps.length;
          stepByKey.set(key, step);
          steps.push({
            statusName: change.statusName,
            statusBucketName: change.statusBucketName,
            lowerStatus: change.statusName.toLowerCase(),
            lowerBucket: change.statusBucketName.toLowerCase(),
          });
        }
        entries.push({ time, owner, step, text });
      }
      return Object.freeze(base);
    });
    entries.sort((a, b) => a.time - b.time);
    this.#texts = entries.map((entry) => entry.text);
    this.#steps = steps;
    this.#times = Float64Array.from(entries, (entry) => entry.time);
    this.#owners = Int32Array.from(entries, (entry) => entry.owner);
    this.#stepOf = Int32Array.from(entries, (entry) => entry.step);
  }

  /** The applications with a status change in [start, end] (epoch milliseconds), in stored order. */
  applicationsInRange(start: number, end: number): FeedApplication[] {
    const owners = new Set<number>();
    const to = this.#to(end);
    for (let position = this.#from(start); position < to; position++)
      owners.add(this.#owners[position] as number);
    return [...owners]
      .sort((a, b) => a - b)
      .map((owner) => this.#applications[owner] as FeedApplication);
  }

  /** The feed's records for `query`: {@link selectJobApplications} over every application. */
  select(query: FeedQuery): JobApplication[] {
    const times = this.#times;
    const owners = this.#owners;
    const shown = this.#shownSteps(query);
    const from = this.#from(query.start.getTime());
    const to = this.#to(query.end.getTime());
    // Walking the range backwards meets each application first at its latest shown change, so
    // `chosen` comes out ordered by that change; only applications whose latest changes share a
    // time need sorting among themselves, by id.
    const latest = new Int32Array(this.#applications.length);
    const counts = new Int32Array(this.#applications.length);
    const chosen: number[] = [];
    for (let position = to - 1; position >= from; position--) {
      if (shown !== null && shown[this.#stepOf[position] as number] === 0) continue;
      const owner = owners[position] as number;
      if (counts[owner] === 0) {
        chosen.push(owner);
        latest[owner] = position;
      }
      counts[owner] = (counts[owner] as number) + 1;
    }
    chosen.reverse();
    const bases = this.#bases;
    const timeOf = (owner: number) => times[latest[owner] as number] as number;
    for (let first = 0; first < chosen.length; ) {
      let next = first + 1;
      while (
        next < chosen.length &&
        timeOf(chosen[next] as number) === timeOf(chosen[first] as number)
      )
        next++;
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
    // From here on `latest` holds each chosen application's place in the answer, and each
    // record's statuses fill an array of their exact length, from the back.
    const statuses: JobApplicationStatus[][] = chosen.map((owner, place) => {
      latest[owner] = place;
      return new Array<JobApplicationStatus>(counts[owner] as number);
    });
    for (let position = to - 1; position >= from; position--) {
      const stepIndex = this.#stepOf[position] as number;
      if (shown !== null && shown[stepIndex] === 0) continue;
      const owner = owners[position] as number;
      const step = this.#steps[stepIndex] as Step;
      const remaining = (counts[owner] as number) - 1;
      counts[owner] = remaining;
      (statuses[latest[owner] as number] as JobApplicationStatus[])[remaining] = {
        statusName: step.statusName,
        statusBucketName: step.statusBucketName,
        statusUpdatedAt: this.#texts[position] as string,
      };
    }
    const shaper = feedRecordShaper(this.#organization);
    return chosen.map((owner, place) =>
      shaper.record(bases[owner] as JobApplicationBase, statuses[place] as JobApplicationStatus[]),
    );
  }

  /**
   * The same text for two queries that {@link select} answers alike: the same filters over the
   * same stretch of the time-sorted changes. Queries whose bounds differ but enclose the same
   * changes share it, so a feed polled with a moving clock keeps its key until a change enters or
   * leaves its window. The index never changes, so what is made from an answer may be kept under
   * this key for as long as the index lives.
   */
  selectionKey(query: FeedQuery): string {
    const span = `${this.#from(query.start.getTime())}:${this.#to(query.end.getTime())}`;
    return query.status === null && query.bucket === null
      ? span
      : `${span}:${JSON.stringify([query.status, query.bucket])}`;
  }

  /** Which steps pass the status and bucket filters (1) or not (0); `null` when there are none. */
  #shownSteps(query: FeedQuery): Uint8Array | null {
    if (query.status === null && query.bucket === null) return null;
    return Uint8Array.from(this.#steps, (step) =>
      (query.status === null || step.lowerStatus === query.status) &&
      (query.bucket === null || step.lowerBucket === query.bucket)
        ? 1
        : 0,
    );
  }

  /** The first entry at or after `start`. */
  #from(start: number): number {
    return this.#firstWhere((time) => time >= start);
  }

  /** The first entry after `end`. */
  #to(end: number): number {
    return this.#firstWhere((time) => time > end);
  }

  #firstWhere(reached: (time: number) => boolean): number {
    let low = 0;
    let high = this.#times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (reached(this.#times[middle] as number)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
