import type { WebhookEndpoint } from "../domain/webhooks";
import { checkClaimRequest } from "../store/outbox-claims";
import type {
  ClaimedWebhookEvent,
  WebhookClaimRequest,
  WebhookOutbox,
  WebhookSettlement,
} from "../store/port";
import type { PublishedStates } from "./published";

/**
 * The shared webhook outbox over every organization's waiting events. A claim or a settlement
 * changes delivery state only, outside the organizations' turns; disabling an endpoint changes
 * the organization, in its turn.
 */
export class MemoryWebhookOutbox implements WebhookOutbox {
  readonly #states: PublishedStates;
  readonly #afterCommit: (orgId: string) => Promise<void>;

  constructor(states: PublishedStates, afterCommit: (orgId: string) => Promise<void>) {
    this.#states = states;
    this.#afterCommit = afterCommit;
  }

  async claimWebhookEvents(request: WebhookClaimRequest): Promise<ClaimedWebhookEvent[]> {
    checkClaimRequest(request);
    const now = request.now.getTime();
    const lease = {
      token: crypto.randomUUID(),
      worker: request.worker,
      expiresAt: now + request.leaseMs,
    };
    const queue = this.#states.webhookQueue;
    const claimed: ClaimedWebhookEvent[] = [];
    // Synchronous from here on: no other claim can run between the check and the lease.
    for (const orgId of queue.organizations()) {
      const endpoints = enabledEndpoints(this.#states.get(orgId)?.webhookEndpoints ?? []);
      for (const queued of queue.heads(orgId)) {
        if (claimed.length >= request.limit) return claimed;
        const endpoint = endpoints.get(queued.event.endpointId);
        if (endpoint === undefined || queued.dueAt > now) continue;
        if (queued.lease !== null && queued.lease.expiresAt > now) continue;
        queued.lease = lease;
        claimed.push({
          orgId,
          endpoint: structuredClone(endpoint),
          event: { ...queued.event },
          attempts: queued.attempts,
          claim: { orgId, eventId: queued.event.id, token: lease.token },
          leaseExpiresAt: new Date(lease.expiresAt),
        });
      }
    }
    return claimed;
  }

  async settleWebhookEvents(settlements: readonly WebhookSettlement[]): Promise<number> {
    const queue = this.#states.webhookQueue;
    let applied = 0;
    for (const settlement of settlements) {
      const { orgId, eventId, token } = settlement.claim;
      const queued = queue.head(orgId, eventId);
      if (queued === undefined || queued.lease?.token !== token) continue;
      applied++;
      if (settlement.outcome === "delivered") queue.remove(orgId, eventId);
      else if (settlement.outcome === "retry") {
        queued.attempts++;
        queued.dueAt = settlement.retryAt.getTime();
        queued.lease = null;
      } else await this.#disable(orgId, queued.event.endpointId, settlement.reason);
    }
    return applied;
  }

  async #disable(orgId: string, endpointId: string, reason: string): Promise<void> {
    await this.#states.serialized(orgId, async () => {
      const state = this.#states.get(orgId);
      if (state === undefined) return;
      const webhookEndpoints = state.webhookEndpoints.map((endpoint) =>
        endpoint.id === endpointId
          ? Object.freeze({ ...endpoint, enabled: false, disabledReason: reason })
          : endpoint,
      );
      this.#states.replace(orgId, state, { ...state, webhookEndpoints });
      this.#states.webhookQueue.retainEndpoints(
        orgId,
        new Set([...enabledEndpoints(webhookEndpoints).keys()]),
      );
    });
    await this.#afterCommit(orgId);
  }
}

function enabledEndpoints(endpoints: readonly WebhookEndpoint[]): Map<string, WebhookEndpoint> {
  return new Map(
    endpoints.filter((endpoint) => endpoint.enabled).map((endpoint) => [endpoint.id, endpoint]),
  );
}
