import { recordJobApplications } from "../../src/applications/record";
import type { WebhookEndpoint } from "../../src/domain/webhooks";
import { createMemoryStore, type MemoryStore } from "../../src/memory/store";
import { supportsChangeLog } from "../../src/store/change-log";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { RECORDED_NOW, recordOf } from "../../src/testing/suites/live-data-support";

export { SEED_ORG_ID };

/** The seeded memory store with these webhook endpoints registered. */
export async function memoryStoreWithEndpoints(
  endpoints: readonly WebhookEndpoint[],
): Promise<MemoryStore> {
  const store = createMemoryStore(seedOrganization());
  await store.transaction(SEED_ORG_ID, async (tx) => {
    if (!supportsChangeLog(tx)) throw new Error("the memory store keeps no change log");
    for (const endpoint of endpoints) await tx.saveWebhookEndpoint(endpoint);
  });
  return store;
}

/**
 * Records application `ra-<n>` for each n with `changes` status changes: a change of each, so one
 * event per endpoint. Recording an application again with more changes makes its next event.
 */
export async function recordChanges(store: MemoryStore, ns: readonly number[], changes = 1) {
  await recordJobApplications(store, {
    orgId: SEED_ORG_ID,
    applications: ns.map((n) => recordOf(n, changes)),
    now: RECORDED_NOW,
  });
}

/** The organization's endpoints as stored (enabled, disabled reason). */
export function storedEndpoints(store: MemoryStore): Promise<WebhookEndpoint[]> {
  return store.transaction(
    SEED_ORG_ID,
    async (tx) => (supportsChangeLog(tx) ? tx.loadWebhookEndpoints() : []),
    { readOnly: true },
  );
}
