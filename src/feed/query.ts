import type { FeedIndex } from "../domain/feed-index";
import type { FeedQuery } from "../domain/feed-query";
import type { JobApplication } from "../domain/feed-record";
import type { OrganizationProfile } from "../domain/organization";
import { supports } from "../store/capabilities";
import type { Store, StoreTx } from "../store/port";
import { guarded, runReadOnly, storeFailure } from "../store/run";
import type { FeedJsonMemo } from "./json-memo";
import { type FeedQueryError, type FeedSearchParams, parseFeedQuery } from "./params";
import { cutRangedChanges, shapeCut } from "./ranged";
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
    const parsed = await parsedQuery(tx, input);
    if (!parsed.ok) return parsed;
    const { organization, query } = parsed;
    const index = supports(tx, "loadFeedIndex") ? await tx.loadFeedIndex() : null;
    const records =
      index === null ? await selectFromStore(tx, organization, query) : index.select(query);
    const page = pageJobApplications(records, { limit: input.limit, cursor: input.cursor });
    if (!page.ok)
      return {
        ok: false,
        error: { cause: "INVALID_PAGE", parameter: "cursor", message: page.message },
      };
    return { ok: true, items: page.items, nextCursor: page.nextCursor };
  });
}

/** The whole feed answer as UTF-8 JSON (the HTTP body), or the 400 error. */
export type QueryJobApplicationsJsonOutcome =
  | { ok: true; json: Uint8Array<ArrayBuffer> }
  | { ok: false; error: FeedQueryError };

const encoder = new TextEncoder();

/**
 * {@link queryJobApplications} without paging, answered as the UTF-8 JSON of its records: from
 * `memo` when the store has a {@link FeedIndex} and the memo kept this selection's answer. The
 * bytes may be the memo's own: read them, never change them. `askIndex: false` reads the store
 * without asking it for an index (the caller asked in a transaction of its own and got none).
 */
export async function queryJobApplicationsJson(
  store: Store,
  input: Omit<QueryJobApplicationsInput, "limit" | "cursor">,
  memo: FeedJsonMemo | null = null,
  askIndex = true,
): Promise<QueryJobApplicationsJsonOutcome> {
  return store.transaction(input.orgId, (tx) => answerJson(tx, input, memo, askIndex), READ_ONLY);
}

const READ_ONLY = { readOnly: true } as const;

/**
 * {@link queryJobApplicationsJson}'s work, on the adapter's own transaction: the index is read
 * from it as it is, its failure named as `runReadOnly`'s wrapper names it (wrapping every
 * operation for that one call was a tenth of a feed request); the other reads go through the
 * wrapper.
 */
async function answerJson(
  tx: StoreTx,
  input: Omit<QueryJobApplicationsInput, "limit" | "cursor">,
  memo: FeedJsonMemo | null,
  askIndex: boolean,
): Promise<QueryJobApplicationsJsonOutcome> {
  const organization = input.organization ?? (await guarded(tx).loadOrganization());
  const parsed = parseFeedQuery(input.params, {
    now: input.now,
    pipelines: organization.pipelines,
  });
  if (!parsed.ok) return parsed;
  let index: FeedIndex | null = null;
  try {
    if (askIndex && supports(tx, "loadFeedIndex")) index = await tx.loadFeedIndex();
  } catch (error) {
    throw storeFailure("loadFeedIndex", error);
  }
  if (index !== null) return { ok: true, json: indexedJson(index, parsed.query, memo) };
  const records = await selectFromStore(guarded(tx), organization, parsed.query);
  return { ok: true, json: encoder.encode(JSON.stringify(records)) };
}

/**
 * {@link queryJobApplicationsJson} answered from an index the caller read already, with the
 * organization it read in the same transaction: no transaction of its own.
 */
export function jobApplicationsJsonFromIndex(
  index: FeedIndex,
  organization: OrganizationProfile,
  input: Pick<QueryJobApplicationsInput, "params" | "now">,
  memo: FeedJsonMemo | null = null,
): QueryJobApplicationsJsonOutcome {
  const parsed = parseFeedQuery(input.params, {
    now: input.now,
    pipelines: organization.pipelines,
  });
  return parsed.ok ? { ok: true, json: indexedJson(index, parsed.query, memo) } : parsed;
}

function indexedJson(
  index: FeedIndex,
  query: FeedQuery,
  memo: FeedJsonMemo | null,
): Uint8Array<ArrayBuffer> {
  return memo?.json(index, query) ?? encoder.encode(JSON.stringify(index.select(query)));
}

async function parsedQuery(
  tx: StoreTx,
  input: Pick<QueryJobApplicationsInput, "params" | "now" | "organization">,
): Promise<
  | { ok: true; organization: OrganizationProfile; query: FeedQuery }
  | { ok: false; error: FeedQueryError }
> {
  const organization = input.organization ?? (await tx.loadOrganization());
  const parsed = parseFeedQuery(input.params, {
    now: input.now,
    pipelines: organization.pipelines,
  });
  return parsed.ok ? { ok: true, organization, query: parsed.query } : parsed;
}

/**
 * The records of a store without an index: from the changes it selects by time, when it can, or
 * from the applications it hands over.
 */
async function selectFromStore(
  tx: StoreTx,
  organization: OrganizationProfile,
  query: FeedQuery,
): Promise<JobApplication[]> {
  const range = { start: query.start, end: query.end };
  if (supports(tx, "loadStatusChangesInRange", "loadFeedApplicationHeads")) {
    const cut = cutRangedChanges(await tx.loadStatusChangesInRange(range), query);
    return shapeCut(
      cut,
      await tx.loadFeedApplicationHeads(
        cut.map((entry) => entry.applicationId),
        {
          answers: organization.applicationCustomFields.some((field) => field.showOnJobApplication),
        },
      ),
      organization,
    );
  }
  return selectJobApplications(await tx.loadFeedApplications(range), query, organization);
}
