import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";
import type { OrganizationProfile } from "../store/snapshot";
import type { FeedIndex } from "./feed-index";
import { type FeedQueryError, type FeedSearchParams, parseFeedQuery } from "./params";
import { cutRangedChanges, shapeCut } from "./ranged";
import type { JobApplication } from "./record";
import { pageJobApplications, selectJobApplications } from "./select";

/**
 * What {@link queryJobApplications} needs: organization, parameters, clock, and optional paging.
 */
export interface QueryJobApplicationsInput {
  orgId: string;
  /** The request's query parameters. */
  params: FeedSearchParams;
  now: Date;
  /**
   * The organization's profile, when the caller has read it already (the HTTP binding's session
   * check has): it is not read again.
   */
  organization?: OrganizationProfile;
  /** Library paging (the HTTP feed has none): at most this many records per call. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

/** The feed's records and next cursor, or the 400 error. */
export type QueryJobApplicationsOutcome =
  | { ok: true; items: JobApplication[]; nextCursor: string | null }
  | {
      ok: false;
      error: FeedQueryError | { cause: "INVALID_PAGE"; parameter: string; message: string };
    };

/**
 * GET /v1/job-applications as a library call: parses the parameters against the organization's
 * pipelines (400 causes), lets the store pre-select by status-change time, makes the exact cut
 * and the order here, so every adapter answers the same. A store with a {@link FeedIndex} has it
 * answer instead; the index holds the same rules. A store that selects the range itself hands
 * over the changes in range, and only the applications shown are read.
 */
export async function queryJobApplications(
  store: Store,
  input: QueryJobApplicationsInput,
): Promise<QueryJobApplicationsOutcome> {
  return runReadOnly(store, input.orgId, async (tx) => {
    const organization = input.organization ?? (await tx.loadOrganization());
    const parsed = parseFeedQuery(input.params, {
      now: input.now,
      pipelines: organization.pipelines,
    });
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const range = { start: parsed.query.start, end: parsed.query.end };
    const index = tx.loadFeedIndex === undefined ? null : await tx.loadFeedIndex();
    let records: JobApplication[];
    if (index !== null) {
      records = index.select(parsed.query);
    } else if (
      tx.loadStatusChangesInRange !== undefined &&
      tx.loadFeedApplicationHeads !== undefined
    ) {
      const cut = cutRangedChanges(await tx.loadStatusChangesInRange(range), parsed.query);
      records = shapeCut(
        cut,
        await tx.loadFeedApplicationHeads(
          cut.map((entry) => entry.applicationId),
          {
            answers: organization.applicationCustomFields.some(
              (field) => field.showOnJobApplication,
            ),
          },
        ),
        organization,
      );
    } else {
      records = selectJobApplications(
        await tx.loadFeedApplications(range),
        parsed.query,
        organization,
      );
    }
    const page = pageJobApplications(records, { limit: input.limit, cursor: input.cursor });
    if (!page.ok)
      return {
        ok: false,
        error: { cause: "INVALID_PAGE", parameter: "cursor", message: page.message },
      };
    return { ok: true, items: page.items, nextCursor: page.nextCursor };
  });
}
