import { z } from "zod";
import { jobApplicationSchema } from "../domain/feed-record";

/** An erased application in the changes: its id and when it was erased. */
export const applicationTombstoneSchema = z.object({
  /** The erased application's `applicationId`. */
  id: z.string(),
  /** When it was erased (ISO-8601 UTC). */
  deletedAt: z.string(),
});
/** See {@link applicationTombstoneSchema}. */
export type ApplicationTombstone = z.infer<typeof applicationTombstoneSchema>;

/** One change: the application's current record in the feed's shape (every status), or a tombstone. */
export const jobApplicationChangeSchema = z.union([
  jobApplicationSchema,
  applicationTombstoneSchema,
]);
/** See {@link jobApplicationChangeSchema}. */
export type JobApplicationChange = z.infer<typeof jobApplicationChangeSchema>;

/** The 200 body of `GET /v1/job-applications/changes`. */
export const jobApplicationChangesSchema = z.object({
  /** By position: each application at most once, as it is now. */
  changes: z.array(jobApplicationChangeSchema),
  /** Where the next call starts; on every page, the last one too. */
  nextCursor: z.string(),
  /** More changes are waiting after `nextCursor`: call again at once. */
  hasMore: z.boolean(),
});
/** See {@link jobApplicationChangesSchema}. */
export type JobApplicationChanges = z.infer<typeof jobApplicationChangesSchema>;

/** The 410 body: the cursor can no longer be served; read everything again (`resync`). */
export const changesCursorExpiredSchema = z.object({
  error: z.string(),
  code: z.literal("CURSOR_EXPIRED"),
  resync: z.literal(true),
});
/** See {@link changesCursorExpiredSchema}. */
export type ChangesCursorExpired = z.infer<typeof changesCursorExpiredSchema>;

/** Whether a change is a tombstone rather than a record. */
export function isTombstone(change: JobApplicationChange): change is ApplicationTombstone {
  return "deletedAt" in change && !("applicationId" in change);
}
