import type { ChangeLogEntry } from "../domain/change-log";
import type { WebhookEndpoint, WebhookEvent } from "../domain/webhooks";

/** A waiting event with its delivery state. */
export interface QueuedEvent {
  readonly event: WebhookEvent;
  attempts: number;
  dueAt: number;
  lease: { token: string; worker: string; expiresAt: number } | null;
}

/**
 * The webhook events waiting, per organization: delivery state beside the organizations, as the
 * welcome-email leases are. An endpoint's events of one application wait in one line, by
 * position, and only the first of a line may be claimed: an application's events reach an
 * endpoint in order.
 */
export class WebhookEventQueue {
  readonly #lines = new Map<string, Map<string, QueuedEvent[]>>();
  readonly #lineOf = new Map<string, string>();

  /** Events for `entries`, one per endpoint, due at once. */
  enqueue(
    orgId: string,
    endpoints: readonly Pick<WebhookEndpoint, "id">[],
    entries: readonly ChangeLogEntry[],
  ): void {
    if (endpoints.length === 0 || entries.length === 0) return;
    const lines = this.#lines.get(orgId) ?? new Map<string, QueuedEvent[]>();
    this.#lines.set(orgId, lines);
    for (const endpoint of endpoints) {
      for (const entry of entries) {
        const event: WebhookEvent = {
          id: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
          endpointId: endpoint.id,
          type: entry.deleted ? "job_application.deleted" : "job_application.changed",
          applicationId: entry.applicationId,
          position: entry.position,
          occurredAt: entry.changedAt,
        };
        const key = `${endpoint.id}\u0000${entry.applicationId}`;
        const line = lines.get(key);
        const queued = { event, attempts: 0, dueAt: entry.changedAt.getTime(), lease: null };
        if (line === undefined) lines.set(key, [queued]);
        else insertByPosition(line, queued);
        this.#lineOf.set(event.id, `${orgId}\u0000${key}`);
      }
    }
  }

  /** The first event of each line of `orgId`, in the order the lines began. */
  *heads(orgId: string): Generator<QueuedEvent> {
    for (const line of this.#lines.get(orgId)?.values() ?? []) yield line[0] as QueuedEvent;
  }

  /** The organizations with waiting events. */
  organizations(): string[] {
    return [...this.#lines.keys()];
  }

  /** The waiting event with this id, when it is first of its line. */
  head(orgId: string, eventId: string): QueuedEvent | undefined {
    const line = this.#line(orgId, eventId);
    return line?.[0]?.event.id === eventId ? line[0] : undefined;
  }

  /** Removes the event with this id. */
  remove(orgId: string, eventId: string): void {
    const found = this.#lineOf.get(eventId);
    const lines = this.#lines.get(orgId);
    if (found === undefined || lines === undefined) return;
    const key = found.slice(orgId.length + 1);
    const line = lines.get(key) ?? [];
    const index = line.findIndex((queued) => queued.event.id === eventId);
    if (index >= 0) line.splice(index, 1);
    if (line.length === 0) lines.delete(key);
    if (lines.size === 0) this.#lines.delete(orgId);
    this.#lineOf.delete(eventId);
  }

  /** Drops every event of the endpoints not in `keep` (deleted or disabled ones). */
  retainEndpoints(orgId: string, keep: ReadonlySet<string>): void {
    const lines = this.#lines.get(orgId);
    if (lines === undefined) return;
    for (const [key, line] of lines) {
      if (keep.has(key.slice(0, key.indexOf("\u0000")))) continue;
      for (const queued of line) this.#lineOf.delete(queued.event.id);
      lines.delete(key);
    }
    if (lines.size === 0) this.#lines.delete(orgId);
  }

  /** Drops every event of the organization (its snapshot was replaced). */
  drop(orgId: string): void {
    this.retainEndpoints(orgId, new Set());
  }

  #line(orgId: string, eventId: string): QueuedEvent[] | undefined {
    const found = this.#lineOf.get(eventId);
    if (found === undefined || !found.startsWith(`${orgId}\u0000`)) return undefined;
    return this.#lines.get(orgId)?.get(found.slice(orgId.length + 1));
  }
}

/** Inserts in position order: at the end, unless a replay brings an older position. */
function insertByPosition(line: QueuedEvent[], queued: QueuedEvent): void {
  // Never before an event being sent: it stays first of its line until settled.
  const first = line[0]?.lease === null ? 0 : 1;
  let index = line.length;
  while (index > first && (line[index - 1] as QueuedEvent).event.position > queued.event.position)
    index--;
  line.splice(index, 0, queued);
}
