import type { Pipeline } from "../domain/feed";

/** The steps of the organization's active pipelines: each status name with its buckets. */
export class ActiveSteps {
  readonly #buckets = new Map<string, Set<string>>();

  constructor(pipelines: readonly Pipeline[]) {
    for (const pipeline of pipelines) {
      if (!pipeline.active) continue;
      for (const step of pipeline.steps) {
        let buckets = this.#buckets.get(step.name);
        if (buckets === undefined) {
          buckets = new Set();
          this.#buckets.set(step.name, buckets);
        }
        buckets.add(step.bucket);
      }
    }
  }

  /**
   * The bucket of status `name` (given, or the only one it has), or why there is none: the status
   * is no step of an active pipeline, the given bucket is not its, or it has several.
   */
  bucketOf(
    name: string,
    bucket: string | undefined,
  ): { bucket: string } | { problem: string; field: "statusName" | "statusBucketName" } {
    const buckets = this.#buckets.get(name);
    if (buckets === undefined)
      return { problem: "is no step of an active pipeline", field: "statusName" };
    if (bucket !== undefined)
      return buckets.has(bucket)
        ? { bucket }
        : { problem: `is not the bucket of step "${name}"`, field: "statusBucketName" };
    if (buckets.size === 1) return { bucket: buckets.values().next().value as string };
    return {
      problem: "is a step of active pipelines in several buckets: give statusBucketName",
      field: "statusName",
    };
  }
}
