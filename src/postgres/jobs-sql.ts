import type { Job } from "../domain/feed";
import type { Queryable } from "./client";
import { jobFromRow } from "./feed-sql";

/** The columns of a whole job (the feed's and the board's), as {@link wholeJobFromRow} reads them. */
export const JOB_COLUMNS =
  "id, title, department, office_location, employment_type, hiring_type, position_type, requisition_id, public, public_title, description, open_date::text AS open_date, close_date::text AS close_date";

/** A whole job from a row of {@link JOB_COLUMNS}. */
export function wholeJobFromRow(row: Record<string, unknown>): Job {
  return {
    ...jobFromRow(row),
    public: row.public as boolean,
    publicTitle: (row.public_title as string | null) ?? null,
    description: row.description as string,
    openDate: (row.open_date as string | null) ?? null,
    closeDate: (row.close_date as string | null) ?? null,
  };
}

/** The organization's public jobs (the board makes the cut by dates), by the `jobs_public` index. */
export async function readPublicJobs(
  connection: Queryable,
  s: string,
  orgId: string,
): Promise<Job[]> {
  const { rows } = await connection.query(
    `SELECT ${JOB_COLUMNS} FROM ${s}.jobs WHERE org_id = $1 AND public ORDER BY seq`,
    [orgId],
  );
  return rows.map(wholeJobFromRow);
}
