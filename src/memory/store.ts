import {
  type OrganizationSnapshot,
  type OrganizationSnapshotInput,
  organizationSnapshotSchema,
} from "../domain/snapshot";
import type { Store, WebhookOutbox, WelcomeEmailOutbox } from "../store/port";
import { WelcomeEmailLeases } from "./outbox";
import { PublishedStates } from "./published";
import { snapshotView, stateFromSnapshot } from "./state";
import { runReadOnly, runWrite } from "./transaction";
import { MemoryWebhookOutbox } from "./webhooks";

/** The in-memory store: the default adapter, for one process. */
export interface MemoryStore extends Store, WelcomeEmailOutbox, WebhookOutbox {
  /** The ids of the organizations the store holds. */
  organizations(): string[];
  /**
   * `JSON.stringify(await exportSnapshot(orgId), null, space)` of the organization as published
   * now, or `null`, without copying the state first: it is written in one synchronous step, so no
   * commit changes it meanwhile, and copying a large one costs more than writing it
   * (`rpdi serve --persist` does this after every change).
   */
  exportSnapshotJson(orgId: string, space?: number): string | null;
}

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Awaited after a change to an organization is published (a transaction that wrote, a loaded
   * snapshot, an acknowledged welcome email) and before the call that made it resolves; a
   * rejection rejects that call, though the change stays published. It runs outside the
   * organization's turn, so the next transaction need not wait for it: `rpdi serve --persist`
   * writes the state to disk here, one write covering every change published meanwhile.
   */
  afterCommit?: (orgId: string) => Promise<void>;
  /** The store's clock (`new Date()` by default): it times change-log entries. */
  now?: () => Date;
}

/**
 * Creates the in-memory store, seeded from organization snapshots. A transaction records its
 * writes over the published state and publishes them only when the work resolves, so a throw at
 * any point leaves no trace; publishing folds them into the published maps, so a transaction
 * costs what it changes. Transactions on one organization run one after another; a read-only one
 * reads the state published when it began until it settles.
 */
export function createMemoryStore(
  seed: OrganizationSnapshotInput | readonly OrganizationSnapshotInput[] = [],
  options: MemoryStoreOptions = {},
): MemoryStore {
  const afterCommit = options.afterCommit ?? (async () => {});
  const states = new PublishedStates(options.now);
  const leases = new WelcomeEmailLeases(states, afterCommit);
  const webhooks = new MemoryWebhookOutbox(states, afterCommit);
  for (const snapshot of Array.isArray(seed) ? seed : [seed]) {
    const parsed = organizationSnapshotSchema.parse(snapshot);
    states.publish(parsed.organization.id, stateFromSnapshot(parsed, states.now()));
  }

  return {
    organizations: () => states.ids(),

    transaction(orgId, work, transactionOptions) {
      if (transactionOptions?.readOnly === true) return runReadOnly(states, orgId, work);
      return runWrite(states, orgId, work).then(async ({ result, wrote }) => {
        if (wrote) await afterCommit(orgId);
        return result;
      });
    },

    // Async, so a snapshot the schema refuses rejects the promise instead of throwing at the call.
    async loadSnapshot(snapshot: OrganizationSnapshot): Promise<void> {
      const parsed = organizationSnapshotSchema.parse(snapshot);
      const orgId = parsed.organization.id;
      await states.serialized(orgId, async () => {
        states.publish(orgId, stateFromSnapshot(parsed, states.now()));
        leases.drop(orgId);
      });
      await afterCommit(orgId);
    },

    claimWelcomeEmails: (request) => leases.claimWelcomeEmails(request),
    acknowledgeWelcomeEmailClaims: (claims) => leases.acknowledgeWelcomeEmailClaims(claims),
    claimWebhookEvents: (request) => webhooks.claimWebhookEvents(request),
    settleWebhookEvents: (settlements) => webhooks.settleWebhookEvents(settlements),

    async createOrganization(profile) {
      const orgId = profile.id;
      return states
        .serialized(orgId, async () => {
          if (states.get(orgId) !== undefined) return false;
          for (const state of states.entries())
            if (state[1].organization.shortName === profile.shortName) return false;
          states.publish(
            orgId,
            stateFromSnapshot(
              organizationSnapshotSchema.parse({ organization: profile }),
              states.now(),
            ),
          );
          return true;
        })
        .then(async (created) => {
          if (created) await afterCommit(orgId);
          return created;
        });
    },

    async findOrganizationId(shortName: string): Promise<string | null> {
      for (const [orgId, state] of states.entries())
        if (state.organization.shortName === shortName) return orgId;
      return null;
    },

    exportSnapshot(orgId: string): Promise<OrganizationSnapshot | null> {
      return states.serialized(orgId, async () => {
        const state = states.get(orgId);
        return state === undefined ? null : structuredClone(snapshotView(state));
      });
    },

    exportSnapshotJson(orgId: string, space?: number): string | null {
      const state = states.get(orgId);
      return state === undefined ? null : JSON.stringify(snapshotView(state), null, space);
    },
  };
}
