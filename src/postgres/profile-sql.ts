import type { OrganizationProfile } from "../domain/organization";
import type { Queryable } from "./client";

/** The organization's pipelines and their steps, in their order. */
export async function writePipelines(
  connection: Queryable,
  s: string,
  orgId: string,
  pipelines: OrganizationProfile["pipelines"],
): Promise<void> {
  const steps = pipelines.flatMap((pipeline) =>
    pipeline.steps.map((step, position) => ({ pipeline: pipeline.id, position, ...step })),
  );
  await connection.query(
    `INSERT INTO ${s}.pipelines (org_id, id, position, name, active) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::bool[])`,
    [
      orgId,
      pipelines.map((p) => p.id),
      pipelines.map((_, i) => i),
      pipelines.map((p) => p.name),
      pipelines.map((p) => p.active),
    ],
  );
  await connection.query(
    `INSERT INTO ${s}.pipeline_steps (org_id, pipeline_id, position, name, bucket) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[])`,
    [
      orgId,
      steps.map((t) => t.pipeline),
      steps.map((t) => t.position),
      steps.map((t) => t.name),
      steps.map((t) => t.bucket),
    ],
  );
}

/** The organization's custom fields of applications, in their order. */
export async function writeCustomFields(
  connection: Queryable,
  s: string,
  orgId: string,
  fields: OrganizationProfile["applicationCustomFields"],
): Promise<void> {
  await connection.query(
    `INSERT INTO ${s}.custom_fields (org_id, id, position, title, type, show_on_job_application)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::bool[])`,
    [
      orgId,
      fields.map((f) => f.id),
      fields.map((_, i) => i),
      fields.map((f) => f.title),
      fields.map((f) => f.type),
      fields.map((f) => f.showOnJobApplication),
    ],
  );
}
