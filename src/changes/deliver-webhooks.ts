import { eachAtMost } from "../runtime/each-at-most";
import { idle } from "../runtime/idle";
import { positiveInteger } from "../runtime/positive-integer";
import type { ClaimedWebhookEvent, WebhookOutbox, WebhookSettlement } from "../store/port";
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS } from "./retry-schedule";
import { isWebhookSecret } from "./webhook-secret";
import { signingSecrets, webhookBody, webhookHeaders } from "./webhook-signature";

/** One POST of a webhook: the endpoint's URL, the signed headers and the exact body signed. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Posts one webhook and answers the receiver's status; rejects when no answer came (a network
 * error, a timeout, an address refused). It must not follow redirects: a 3xx is the answer.
 * `rpdi/http`'s `createWebhookSender` is the one for Node.
 */
export type SendWebhook = (request: WebhookRequest) => Promise<{ status: number }>;

/** How {@link deliverWebhookEvents} claims and how long it runs (as `deliverWelcomeEmails`). */
export interface DeliverWebhookEventsOptions {
  /** Names the worker on its leases (default: `worker-` and a random suffix). */
  worker?: string;
  /** Events claimed per batch (default 50). */
  batchSize?: number;
  /**
   * How long a claimed batch is this worker's, in milliseconds (default 120,000). Make it longer
   * than a batch takes when every receiver times out (`batchSize / concurrency` times the sender's
   * timeout): an event whose lease has ended before its turn is not sent, and one being sent when
   * it ends may be sent twice.
   */
  leaseMs?: number;
  /**
   * Events of a batch sent at once (default 8), so that one receiver that times out does not hold
   * up the others.
   */
  concurrency?: number;
  /** The clock (default `() => new Date()`): leases, signatures and retries are computed from it. */
  now?: () => Date;
  /** `true` (the default): deliver until nothing is claimable. `false`: poll until `signal` aborts. */
  once?: boolean;
  /** Stops the loop; the batch in hand is finished and settled first. */
  signal?: AbortSignal;
  /** Wait between claims when the last one found nothing (default 1,000 ms). */
  idleMs?: number;
  /** Told after each batch is settled, with that batch's counts. */
  onBatch?: (batch: WebhookDeliveryReport) => void;
}

/** One attempt that did not deliver. Never holds a secret, a signature or the body. */
export interface WebhookAttemptFailure {
  orgId: string;
  endpointId: string;
  eventId: string;
  /** Which attempt of the event this was (1 for the first). */
  attempt: number;
  /** The receiver's status, or what went wrong before one came. */
  problem: string;
  /** What became of the event. */
  outcome: "retry" | "disable";
}

/**
 * What a delivery run did. Every claimed event is in exactly one of `delivered`, `retried`,
 * `disabled` and `expired`; `failed` counts the attempts among them that did not deliver.
 */
export interface WebhookDeliveryReport {
  /** Claims made (batches, empty ones included). */
  batches: number;
  /** Events claimed. */
  claimed: number;
  /** A receiver answered 2xx. */
  delivered: number;
  /** An attempt failed and the event is due again later on the retry schedule. */
  retried: number;
  /** The event left with its endpoint, disabled by a 410, the exhausted schedule or a bad secret. */
  disabled: number;
  /** Not sent because its lease had ended before its turn; another claim sends it. */
  expired: number;
  /** Attempts that did not deliver (each also counted as retried or disabled). */
  failed: number;
  /**
   * Settlements the store skipped because another worker had claimed the event by then (its
   * lease had ended): that worker's claim decides what becomes of the event.
   */
  superseded: number;
  /** The failed attempts, in order (at most the first 100 of the run). */
  failures: WebhookAttemptFailure[];
}

const MAX_FAILURES_KEPT = 100;

/**
 * Delivers webhook events at least once with any number of workers sharing the outbox: claims a
 * batch under a lease, posts each event signed with its endpoint's secrets, and settles the batch
 * in one call: a 2xx delivers; `410 Gone` disables the endpoint (the receiver said it is gone for
 * good); any other answer, a redirect, a network error or a refused address retries on the
 * schedule of about three days, then disables. The store hands out an application's events in
 * position order and only once the earlier one is settled, so order holds across workers. A
 * worker that dies leaves its batch to be claimed again when the lease ends: an event may arrive
 * twice (receivers deduplicate by `webhook-id`), never not at all. A failed send never throws;
 * errors of the store reject.
 */
export async function deliverWebhookEvents(
  outbox: WebhookOutbox,
  send: SendWebhook,
  options: DeliverWebhookEventsOptions = {},
): Promise<WebhookDeliveryReport> {
  const worker = options.worker ?? `worker-${crypto.randomUUID().slice(0, 8)}`;
  const batchSize = positiveInteger("deliverWebhookEvents", "batchSize", options.batchSize ?? 50);
  const leaseMs = positiveInteger("deliverWebhookEvents", "leaseMs", options.leaseMs ?? 120_000);
  const concurrency = positiveInteger(
    "deliverWebhookEvents",
    "concurrency",
    options.concurrency ?? 8,
  );
  const idleMs = Math.max(0, options.idleMs ?? 1000);
  const now = options.now ?? (() => new Date());
  const total = emptyReport();
  while (options.signal?.aborted !== true) {
    const claimed = await outbox.claimWebhookEvents({
      worker,
      limit: batchSize,
      leaseMs,
      now: now(),
    });
    const batch = await deliverBatch(outbox, send, claimed, now, concurrency);
    addReport(total, batch);
    options.onBatch?.(batch);
    // Unlike welcome emails, a short batch does not mean the outbox is dry: settling an
    // application's event makes its next one claimable. Only an empty claim does.
    if (claimed.length === 0) {
      if (options.once ?? true) break;
      await idle(idleMs, options.signal);
    }
  }
  return total;
}

async function deliverBatch(
  outbox: WebhookOutbox,
  send: SendWebhook,
  claimed: readonly ClaimedWebhookEvent[],
  now: () => Date,
  concurrency: number,
): Promise<WebhookDeliveryReport> {
  const report = emptyReport();
  report.batches = 1;
  report.claimed = claimed.length;
  const settlements: WebhookSettlement[] = [];
  // An endpoint disabled earlier in the batch gets nothing more: disabling deletes its events.
  const disabled = new Set<string>();
  // A batch holds at most one event per endpoint and application (the claim's order rule), so
  // sending its events side by side keeps every application's order.
  await eachAtMost(concurrency, claimed, async (item) => {
    const key = `${item.orgId}\n${item.endpoint.id}`;
    if (disabled.has(key)) {
      report.disabled += 1;
      return;
    }
    if (now().getTime() >= item.leaseExpiresAt.getTime()) {
      report.expired += 1;
      return;
    }
    const settlement = await attempt(send, item, now, report);
    if (settlement.outcome === "disable") disabled.add(key);
    settlements.push(settlement);
  });
  if (settlements.length > 0)
    report.superseded = settlements.length - (await outbox.settleWebhookEvents(settlements));
  return report;
}

/** Sends one claimed event and decides what becomes of it, counting the outcome in `report`. */
async function attempt(
  send: SendWebhook,
  item: ClaimedWebhookEvent,
  now: () => Date,
  report: WebhookDeliveryReport,
): Promise<WebhookSettlement> {
  const sentAt = now();
  const secrets = signingSecrets(item.endpoint, sentAt);
  if (secrets.length === 0 || !secrets.every(isWebhookSecret)) {
    const problem = "the endpoint has no usable whsec_ signing secret";
    return failure(item, problem, disable(problem), report);
  }
  const body = webhookBody(item.event);
  const headers = webhookHeaders({ id: item.event.id, timestamp: sentAt, body, secrets });
  const answer = await Promise.resolve()
    .then(() => send({ url: item.endpoint.url, headers, body }))
    .then(
      ({ status }) => status,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  if (typeof answer === "number" && answer >= 200 && answer < 300) {
    report.delivered += 1;
    return { claim: item.claim, outcome: "delivered" };
  }
  return failure(item, problemOf(answer), decide(answer, item.attempts + 1, now()), report);
}

type Decision = { outcome: "retry"; retryAt: Date } | { outcome: "disable"; reason: string };

/**
 * After a failed attempt (a status other than 2xx, or the error's message): `410 Gone` is the
 * receiver saying the endpoint is gone for good, so it is disabled at once; anything else may be
 * passing and is retried until the schedule runs out.
 */
function decide(answer: number | string, failedAttempts: number, now: Date): Decision {
  if (answer === 410) return disable("the receiver answered 410 Gone");
  const retryAt = nextAttemptAt(failedAttempts, now);
  if (retryAt !== null) return { outcome: "retry", retryAt };
  return disable(`no delivery after ${WEBHOOK_MAX_ATTEMPTS} attempts over about three days`);
}

function problemOf(answer: number | string): string {
  if (typeof answer === "string") return answer;
  if (answer >= 300 && answer < 400)
    return `the receiver answered ${answer}, a redirect (redirects are not followed)`;
  return `the receiver answered ${answer}`;
}

function disable(reason: string): Decision {
  return { outcome: "disable", reason };
}

/** The settlement of a failed attempt, counted and kept in `report`. */
function failure(
  item: ClaimedWebhookEvent,
  problem: string,
  decision: Decision,
  report: WebhookDeliveryReport,
): WebhookSettlement {
  report.failed += 1;
  if (decision.outcome === "retry") report.retried += 1;
  else report.disabled += 1;
  if (report.failures.length < MAX_FAILURES_KEPT)
    report.failures.push({
      orgId: item.orgId,
      endpointId: item.endpoint.id,
      eventId: item.event.id,
      attempt: item.attempts + 1,
      problem,
      outcome: decision.outcome,
    });
  return { claim: item.claim, ...decision };
}

function emptyReport(): WebhookDeliveryReport {
  return {
    batches: 0,
    claimed: 0,
    delivered: 0,
    retried: 0,
    disabled: 0,
    expired: 0,
    failed: 0,
    superseded: 0,
    failures: [],
  };
}

function addReport(total: WebhookDeliveryReport, batch: WebhookDeliveryReport): void {
  total.batches += batch.batches;
  total.claimed += batch.claimed;
  total.delivered += batch.delivered;
  total.retried += batch.retried;
  total.disabled += batch.disabled;
  total.expired += batch.expired;
  total.failed += batch.failed;
  total.superseded += batch.superseded;
  for (const kept of batch.failures) {
    if (total.failures.length >= MAX_FAILURES_KEPT) break;
    total.failures.push(kept);
  }
}
