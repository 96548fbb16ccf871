import type { Pipeline } from "../domain/feed";
import { invalidInput, type LiveDataOutcome } from "../domain/live-data-outcome";
import type { Store } from "../store/port";
import { sameJson } from "../values/same-json";
import { parseBatch } from "./batch-records";
import { type PipelineInput, pipelineInputSchema } from "./inputs";
import type { UpsertCounts } from "./jobs";
import { runLiveData, tooMany } from "./live-data-work";

/** What {@link upsertPipelines} needs. */
export interface UpsertPipelinesInput {
  orgId: string;
  pipelines: readonly PipelineInput[];
}

/**
 * Creates or replaces pipeline templates by id, each whole (its steps and their buckets, in
 * order). A pipeline is retired with `active: false`: its steps are then no status an application
 * may be recorded in, and the changes already recorded in them stay in the feed.
 */
export async function upsertPipelines(
  store: Store,
  input: UpsertPipelinesInput,
): Promise<LiveDataOutcome<UpsertCounts>> {
  const refused = tooMany(input.pipelines.length, "pipelines");
  if (refused !== null) return refused;
  const { records, problems } = parseBatch(pipelineInputSchema, input.pipelines);
  if (problems.length > 0) return invalidInput(problems);
  const pipelines: Pipeline[] = records;
  return runLiveData(store, input.orgId, async (tx) => {
    const organization = await tx.loadOrganization();
    const byId = new Map(organization.pipelines.map((pipeline) => [pipeline.id, pipeline]));
    let created = 0;
    let updated = 0;
    for (const pipeline of pipelines) {
      const before = byId.get(pipeline.id);
      if (before === undefined) created++;
      else if (!sameJson(before, pipeline)) updated++;
      else continue;
      byId.set(pipeline.id, pipeline);
    }
    if (created + updated > 0)
      await tx.saveOrganizationProfile({ ...organization, pipelines: [...byId.values()] });
    return { ok: true, created, updated, unchanged: pipelines.length - created - updated };
  });
}
