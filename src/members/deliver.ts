import type { WelcomeEmail } from "../domain/welcome-email";
import { idle } from "../runtime/idle";
import { positiveInteger } from "../runtime/positive-integer";
import type { ClaimedWelcomeEmail, WelcomeEmailClaim, WelcomeEmailOutbox } from "../store/port";

/**
 * The key a sender passes to its mail provider so that a welcome email delivered twice (the
 * outbox is at-least-once) is sent once. Stable for the email's whole life: every claim of it,
 * by any worker, gets the same key. Built from the organization and the email's id (an id is
 * unique within its organization), each URI-encoded so no two pairs share a key.
 */
export function welcomeEmailIdempotencyKey(orgId: string, emailId: string): string {
  return `rpdi-welcome:${encodeURIComponent(orgId)}:${encodeURIComponent(emailId)}`;
}

/** What a sender learns besides the email. */
export interface WelcomeEmailSendContext {
  /** Pass it to the mail provider (or keep it) to send a redelivered email once. */
  idempotencyKey: string;
  /** The organization the email's member belongs to. */
  orgId: string;
}

/**
 * Sends one welcome email. Resolving means delivered: the email is then acknowledged and leaves
 * the outbox. Throwing or rejecting means not delivered: it is claimed again once its lease ends.
 */
export type SendWelcomeEmail = (
  email: WelcomeEmail,
  context: WelcomeEmailSendContext,
) => Promise<void> | void;

/** How {@link deliverWelcomeEmails} claims and how long it runs. */
export interface DeliverWelcomeEmailsOptions {
  /** Names the worker on its leases (default: `worker-` and a random suffix). */
  worker?: string;
  /** Emails claimed per batch (default 100). */
  batchSize?: number;
  /**
   * How long a claimed batch is this worker's, in milliseconds (default 60,000). Make it longer
   * than a batch takes to send: an email whose lease has ended before its turn is not sent (another
   * worker may hold it), and one still being sent when it ends may be sent twice.
   */
  leaseMs?: number;
  /** The clock (default `() => new Date()`); leases are computed from it. */
  now?: () => Date;
  /**
   * `true` (the default): deliver until nothing is claimable, then resolve. `false`: keep
   * delivering, waiting `idleMs` whenever the outbox has no full batch, until `signal` aborts.
   */
  once?: boolean;
  /** Stops the loop; the batch being sent is finished and acknowledged first. */
  signal?: AbortSignal;
  /** Wait between claims when the last one found less than a batch (default 1,000 ms). */
  idleMs?: number;
  /** Told after each batch is acknowledged, with that batch's counts. */
  onBatch?: (batch: WelcomeEmailDeliveryReport) => void;
}

/** One email `send` failed on: left in the outbox, claimed again after its lease. */
export interface WelcomeEmailSendFailure {
  orgId: string;
  emailId: string;
  idempotencyKey: string;
  /** What `send` threw. */
  error: unknown;
}

/** What a delivery run did. Every claimed email is in exactly one of the last four counts. */
export interface WelcomeEmailDeliveryReport {
  /** Claims made (batches, empty ones included). */
  batches: number;
  /** Emails claimed. */
  claimed: number;
  /** Sent and acknowledged: gone from the outbox. */
  delivered: number;
  /**
   * Sent, but the lease had ended and another worker had claimed the email by the
   * acknowledgement: that worker sends it again (the idempotency key lets the provider drop it).
   */
  superseded: number;
  /** `send` failed; retried after the lease. */
  failed: number;
  /** Not sent because its lease had ended before its turn; another claim will send it. */
  expired: number;
  /** The failures, in order (at most the first 100 of the run). */
  failures: WelcomeEmailSendFailure[];
}

const MAX_FAILURES_KEPT = 100;

/**
 * Delivers the outbox's welcome emails at least once, with any number of workers sharing it:
 * claims a batch under a lease, calls `send` for each email in turn, and acknowledges those sent.
 * A failed send never throws here: it is reported and the email is retried after its lease. A
 * worker that dies leaves its unacknowledged batch to be claimed again when the lease ends, so
 * an email may be sent twice, never lost; senders pass the idempotency key on to deduplicate.
 * Errors of the store itself (the database is gone) reject.
 */
export async function deliverWelcomeEmails(
  outbox: WelcomeEmailOutbox,
  send: SendWelcomeEmail,
  options: DeliverWelcomeEmailsOptions = {},
): Promise<WelcomeEmailDeliveryReport> {
  const worker = options.worker ?? `worker-${crypto.randomUUID().slice(0, 8)}`;
  const batchSize = positiveInteger("deliverWelcomeEmails", "batchSize", options.batchSize ?? 100);
  const leaseMs = positiveInteger("deliverWelcomeEmails", "leaseMs", options.leaseMs ?? 60_000);
  const idleMs = Math.max(0, options.idleMs ?? 1000);
  const now = options.now ?? (() => new Date());
  const once = options.once ?? true;
  const total = emptyReport();
  while (options.signal?.aborted !== true) {
    const claimed = await outbox.claimWelcomeEmails({
      worker,
      limit: batchSize,
      leaseMs,
      now: now(),
    });
    const batch = await deliverBatch(outbox, send, claimed, now);
    addReport(total, batch);
    options.onBatch?.(batch);
    if (claimed.length < batchSize) {
      if (once) break;
      await idle(idleMs, options.signal);
    }
  }
  return total;
}

async function deliverBatch(
  outbox: WelcomeEmailOutbox,
  send: SendWelcomeEmail,
  claimed: readonly ClaimedWelcomeEmail[],
  now: () => Date,
): Promise<WelcomeEmailDeliveryReport> {
  const report = emptyReport();
  report.batches = 1;
  report.claimed = claimed.length;
  const sent: WelcomeEmailClaim[] = [];
  for (const item of claimed) {
    if (now().getTime() >= item.leaseExpiresAt.getTime()) {
      report.expired += 1;
      continue;
    }
    const idempotencyKey = welcomeEmailIdempotencyKey(item.orgId, item.email.id);
    try {
      await send(item.email, { idempotencyKey, orgId: item.orgId });
      sent.push(item.claim);
    } catch (error) {
      report.failed += 1;
      if (report.failures.length < MAX_FAILURES_KEPT)
        report.failures.push({ orgId: item.orgId, emailId: item.email.id, idempotencyKey, error });
    }
  }
  const acknowledged = await outbox.acknowledgeWelcomeEmailClaims(sent);
  report.delivered = acknowledged;
  report.superseded = sent.length - acknowledged;
  return report;
}

function emptyReport(): WelcomeEmailDeliveryReport {
  return {
    batches: 0,
    claimed: 0,
    delivered: 0,
    superseded: 0,
    failed: 0,
    expired: 0,
    failures: [],
  };
}

function addReport(total: WelcomeEmailDeliveryReport, batch: WelcomeEmailDeliveryReport): void {
  total.batches += batch.batches;
  total.claimed += batch.claimed;
  total.delivered += batch.delivered;
  total.superseded += batch.superseded;
  total.failed += batch.failed;
  total.expired += batch.expired;
  for (const failure of batch.failures) {
    if (total.failures.length >= MAX_FAILURES_KEPT) break;
    total.failures.push(failure);
  }
}
