import type { WebhookEndpoint, WebhookEvent } from "../../src/domain/webhooks";
import type {
  ClaimedWebhookEvent,
  WebhookClaimRequest,
  WebhookOutbox,
  WebhookSettlement,
} from "../../src/store/port";

interface Waiting {
  orgId: string;
  event: WebhookEvent;
  attempts: number;
  dueAt: Date;
  token: string | null;
  leaseExpiresAt: Date | null;
}

/**
 * A small webhook outbox that keeps the port's contract (`WebhookOutbox` in src/store/port.ts)
 * in a few arrays, so the delivery worker is tested without a store: due events of enabled
 * endpoints, no event held by two unexpired leases, an application's events one at a time in
 * position order, settlements applied only under the event's current token.
 */
export class FakeWebhookOutbox implements WebhookOutbox {
  readonly endpoints: { orgId: string; endpoint: WebhookEndpoint }[] = [];
  readonly waiting: Waiting[] = [];
  private tokens = 0;

  addEndpoint(orgId: string, endpoint: WebhookEndpoint): void {
    this.endpoints.push({ orgId, endpoint });
  }

  addEvent(orgId: string, event: WebhookEvent, dueAt = new Date(0)): void {
    this.waiting.push({ orgId, event, attempts: 0, dueAt, token: null, leaseExpiresAt: null });
  }

  async claimWebhookEvents(request: WebhookClaimRequest): Promise<ClaimedWebhookEvent[]> {
    const now = request.now.getTime();
    const token = `token-${++this.tokens}`;
    const free = this.waiting
      .filter((item) => this.claimable(item, now))
      .sort((a, b) => a.event.position - b.event.position)
      .slice(0, request.limit);
    return free.map((item) => {
      item.token = token;
      item.leaseExpiresAt = new Date(now + request.leaseMs);
      return {
        orgId: item.orgId,
        endpoint: structuredClone(this.endpointOf(item)),
        event: { ...item.event },
        attempts: item.attempts,
        claim: { orgId: item.orgId, eventId: item.event.id, token },
        leaseExpiresAt: item.leaseExpiresAt,
      };
    });
  }

  async settleWebhookEvents(settlements: readonly WebhookSettlement[]): Promise<number> {
    let applied = 0;
    for (const settlement of settlements) {
      const { orgId, eventId, token } = settlement.claim;
      const item = this.waiting.find((w) => w.orgId === orgId && w.event.id === eventId);
      if (item === undefined || item.token !== token) continue;
      applied += 1;
      if (settlement.outcome === "delivered") this.remove((w) => w === item);
      else if (settlement.outcome === "retry") {
        Object.assign(item, { token: null, leaseExpiresAt: null, dueAt: settlement.retryAt });
        item.attempts += 1;
      } else {
        const endpoint = this.endpointOf(item);
        endpoint.enabled = false;
        endpoint.disabledReason = settlement.reason;
        this.remove((w) => w.orgId === orgId && w.event.endpointId === endpoint.id);
      }
    }
    return applied;
  }

  /** The waiting events' ids, in the order added. */
  ids(): string[] {
    return this.waiting.map((item) => item.event.id);
  }

  private claimable(item: Waiting, now: number): boolean {
    if (!this.endpointOf(item).enabled || item.dueAt.getTime() > now) return false;
    if (item.leaseExpiresAt !== null && item.leaseExpiresAt.getTime() > now) return false;
    return !this.waiting.some(
      (other) =>
        other.orgId === item.orgId &&
        other.event.endpointId === item.event.endpointId &&
        other.event.applicationId === item.event.applicationId &&
        other.event.position < item.event.position,
    );
  }

  private endpointOf(item: Waiting): WebhookEndpoint {
    const found = this.endpoints.find(
      ({ orgId, endpoint }) => orgId === item.orgId && endpoint.id === item.event.endpointId,
    );
    if (found === undefined) throw new Error(`no endpoint ${item.event.endpointId}`);
    return found.endpoint;
  }

  private remove(match: (item: Waiting) => boolean): void {
    for (let i = this.waiting.length - 1; i >= 0; i--)
      if (match(this.waiting[i] as Waiting)) this.waiting.splice(i, 1);
  }
}
