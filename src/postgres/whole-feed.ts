import type { FeedApplication } from "../domain/feed";
import { FeedIndex } from "../domain/feed-index";
import { deepFreeze } from "../runtime/deep-freeze";
import type { Queryable } from "./client";
import type { BuiltFeedIndex } from "./feed-cache";
import { applicationSelect, feedApplicationFromRow, readFeedVersion } from "./feed-sql";
import { readProfile } from "./snapshot-io";

/**
 * The organization's whole feed indexed, with the version it was read at, in the caller's
 * read-only transaction; no index when it holds more than `limit` status changes.
 */
export async function readWholeFeed(
  connection: Queryable,
  s: string,
  orgId: string,
  limit: number,
): Promise<BuiltFeedIndex | null> {
  const version = await readFeedVersion(connection, s, orgId);
  if (version === null) return null;
  const { rows } = await connection.query(
    `SELECT count(*)::int AS changes FROM ${s}.status_changes WHERE org_id = $1`,
    [orgId],
  );
  const statusChanges = Number(rows[0]?.changes ?? 0);
  if (statusChanges > limit) return { version, statusChanges, index: null };
  const profile = await readProfile(connection, s, orgId);
  if (profile === null) return null;
  const applications = (await connection.query(applicationSelect(s, "TRUE"), [orgId])).rows.map(
    (row) => indexedApplication(feedApplicationFromRow(row)),
  );
  return { version, statusChanges, index: new FeedIndex(applications, profile.profile) };
}

/**
 * An application as an index keeps it: frozen (the index never copies it), with its status times
 * parsed once. `source` is taken over: pass one no one else holds.
 */
export function indexedApplication(source: FeedApplication): FeedApplication {
  return deepFreeze({
    ...source,
    statusTimes: source.application.statusChanges.map((change) => Date.parse(change.at)),
  });
}
