import { type OrganizationProfile, organizationProfileSchema } from "../domain/organization";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../domain/snapshot";
import { checkClaimRequest } from "../store/outbox-claims";
import type { Store, WebhookOutbox, WelcomeEmailOutbox } from "../store/port";
import { startChangeLog } from "./change-log-sql";
import { type Queryable, sqlState } from "./client";
import {
  DEFAULT_FEED_INDEX_STATUS_CHANGES,
  FeedIndexCache,
  type FeedIndexCacheOptions,
} from "./feed-cache";
import { insertOrganization } from "./live-data-sql";
import { SCHEMA_VERSION } from "./migrate";
import { claimWelcomeEmailRows, deleteClaimedWelcomeEmails } from "./outbox-sql";
import {
  acrossOrganizations,
  inTransaction,
  outsideTransaction,
  type Session,
  storeError,
} from "./session";
import { readSnapshot, writeSnapshot } from "./snapshot-io";
import { MATTER_TABLES, MEMBER_TABLES, RECRUITING_TABLES } from "./statistics";
import { claimWebhookEventRows, settleWebhookEventRows } from "./webhook-outbox-sql";
import { readWholeFeed } from "./whole-feed";

/** The store's in-process feed indexes, each built in a read-only transaction of its own. */
export function feedIndexCache(
  session: Session,
  options: FeedIndexCacheOptions | undefined,
): FeedIndexCache {
  return new FeedIndexCache(
    options?.maxStatusChanges ?? DEFAULT_FEED_INDEX_STATUS_CHANGES,
    (orgId, limit) =>
      inTransaction(
        session,
        orgId,
        (connection) => readWholeFeed(connection, session.s, orgId, limit),
        { readOnly: true },
      ),
    { warmOnMiss: session.fromPool },
  );
}

/** Whole organizations in and out, each in a transaction of its own. */
export function snapshotOperations(
  session: Session,
): Pick<Store, "loadSnapshot" | "exportSnapshot"> {
  return {
    // Async, so a snapshot the schema refuses rejects the promise instead of throwing at the call.
    async loadSnapshot(snapshot: OrganizationSnapshot): Promise<void> {
      const parsed = organizationSnapshotSchema.parse(snapshot);
      return inTransaction(session, parsed.organization.id, async (connection, bulk) => {
        await writeSnapshot(connection, session.s, parsed);
        // The organization row is new, and with it the log's epoch (migration 18).
        await startChangeLog(connection, session.s, parsed.organization.id);
        bulk.note(MEMBER_TABLES, parsed.members.length);
        bulk.note(
          MATTER_TABLES,
          parsed.reviewCycles.reduce((rows, cycle) => rows + cycle.clientMatters.length, 0),
        );
        bulk.note([...RECRUITING_TABLES, "application_changes"], parsed.applications.length);
      });
    },

    exportSnapshot(orgId: string): Promise<OrganizationSnapshot | null> {
      return inTransaction(session, orgId, (connection) =>
        readSnapshot(connection, session.s, orgId),
      );
    },
  };
}

/**
 * Organizations created empty: in a write transaction on the new id (its organization lock, so a
 * snapshot of the same id waits or is waited for), the insert refusing a taken id or short name.
 */
export function organizationCreation(
  session: Session,
): Required<Pick<Store, "createOrganization">> {
  return {
    // Async, so a profile the schema refuses rejects the promise instead of throwing at the call.
    async createOrganization(profile: OrganizationProfile): Promise<boolean> {
      const parsed = organizationProfileSchema.parse(profile);
      return inTransaction(session, parsed.id, (connection) =>
        insertOrganization(connection, session.s, parsed),
      );
    },
  };
}

/**
 * The outbox across organizations. One statement each, outside any organization's transaction: a
 * claim spans organizations and must not wait for their imports; row locks alone keep two claims
 * apart. A single connection is taken in its turn, so the statement never lands in another's
 * transaction.
 */
export function welcomeEmailOutbox(session: Session): WelcomeEmailOutbox {
  return {
    claimWelcomeEmails(request) {
      checkClaimRequest(request);
      return outsideTransaction(session, (connection) =>
        claimWelcomeEmailRows(connection, session.s, {
          worker: request.worker,
          limit: request.limit,
          now: request.now,
          expiresAt: new Date(request.now.getTime() + request.leaseMs),
          token: crypto.randomUUID(),
        }),
      );
    },

    acknowledgeWelcomeEmailClaims(claims) {
      return outsideTransaction(session, (connection) =>
        deleteClaimedWelcomeEmails(connection, session.s, claims),
      );
    },
  };
}

/**
 * The webhook outbox across organizations, as the welcome-email one: a claim is one statement
 * outside any organization's transaction, kept apart from other claims by row locks. A settlement
 * that disables an endpoint changes the organization: it holds the organization's writer lock, so
 * a writer that commits after it sees the endpoint disabled and makes no event for it, and one
 * before it has its events deleted with the others.
 */
export function webhookOutbox(session: Session): WebhookOutbox {
  return {
    claimWebhookEvents(request) {
      checkClaimRequest(request);
      return outsideTransaction(session, (connection) =>
        claimWebhookEventRows(connection, session.s, {
          worker: request.worker,
          limit: request.limit,
          now: request.now,
          expiresAt: new Date(request.now.getTime() + request.leaseMs),
          token: crypto.randomUUID(),
        }),
      );
    },

    settleWebhookEvents(settlements) {
      const disabling = settlements
        .filter((settlement) => settlement.outcome === "disable")
        .map((settlement) => settlement.claim.orgId);
      const settle = (connection: Queryable) =>
        settleWebhookEventRows(connection, session.s, settlements);
      return disabling.length === 0
        ? outsideTransaction(session, settle)
        : acrossOrganizations(session, disabling, settle);
    },
  };
}

/** Statements straight on the client, in no transaction: readiness and the short-name look-up. */
export function clientOperations(
  session: Session,
): Required<Pick<Store, "checkReady">> & Pick<Store, "findOrganizationId"> {
  return {
    checkReady: () => checkReady(session),

    async findOrganizationId(shortName: string): Promise<string | null> {
      try {
        const { rows } = await session.client.query(
          `SELECT id FROM ${session.s}.organizations WHERE short_name = $1`,
          [shortName],
        );
        return (rows[0]?.id as string | undefined) ?? null;
      } catch (error) {
        throw storeError(error, false);
      }
    },
  };
}

/** Throws unless the database answers and its schema is at this rpdi's version. */
async function checkReady(session: Session): Promise<void> {
  let applied: number;
  try {
    const { rows } = await session.client.query(
      `SELECT coalesce(max(version), 0) AS version FROM ${session.s}.rpdi_migrations`,
    );
    applied = Number(rows[0]?.version ?? 0);
  } catch (error) {
    // A missing schema is a deployment that never migrated, not a database that is down.
    if (sqlState(error) === "42P01") applied = 0;
    else throw new Error(`the database did not answer (${sqlState(error) ?? "no connection"})`);
  }
  if (applied < SCHEMA_VERSION)
    throw new Error(
      `the schema is at version ${applied}, this rpdi needs ${SCHEMA_VERSION}: run migrate()`,
    );
}
