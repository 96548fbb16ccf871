import { idle } from "../runtime/idle";
import type { OutageLog } from "../runtime/outages";
import { asUnavailable } from "../store/unavailable";

/** The outbox calls a delivery loop makes: each waited out while the database is away. */
const OUTBOX_CALLS: ReadonlySet<PropertyKey> = new Set([
  "claimWelcomeEmails",
  "acknowledgeWelcomeEmailClaims",
  "claimWebhookEvents",
  "settleWebhookEvents",
]);
/** Claims: stopped while waiting, one claims nothing, and the loop ends as it would when idle. */
const CLAIMS: ReadonlySet<PropertyKey> = new Set(["claimWelcomeEmails", "claimWebhookEvents"]);

/** How {@link patientOutbox} waits. */
export interface Patience {
  /** Told when the database goes away and comes back (once each). */
  outageLog: OutageLog;
  /** Ends the waiting: the call then fails with the outage. */
  signal: AbortSignal;
  /** The first wait, doubled after each failed retry up to `maxWaitMs`. */
  firstWaitMs?: number;
  maxWaitMs?: number;
}

/**
 * `store` whose outbox calls, when the database cannot be reached, wait (250 ms, doubling to 5 s)
 * and try again until it answers or `signal` aborts, instead of failing the delivery loop. Stopped
 * while waiting, a claim claims nothing; an acknowledgement or settlement fails. Nothing
 * is lost meanwhile: a claim that failed leased nothing (or, if its answer was lost, leased what
 * is claimed again when its lease ends); an acknowledgement or settlement tried again applies once,
 * or finds its claim gone and sends the item again (at least once, as always). Other failures
 * fail the call as before.
 */
export function patientOutbox<T extends object>(store: T, patience: Patience): T {
  const { outageLog, signal } = patience;
  const firstWaitMs = patience.firstWaitMs ?? 250;
  const maxWaitMs = patience.maxWaitMs ?? 5000;
  const patiently = async (call: () => Promise<unknown>, claim: boolean): Promise<unknown> => {
    let waitMs = firstWaitMs;
    for (;;) {
      try {
        const answer = await call();
        outageLog.up("database");
        return answer;
      } catch (error) {
        const outage = asUnavailable(error, "database");
        if (outage === undefined) throw error;
        if (signal.aborted) {
          // An acknowledgement not made is the delivery's failure: its items go again after
          // their lease. A claim not made leaves nothing behind.
          if (claim) return [];
          throw error;
        }
        outageLog.down("database", outage, "delivery waits and retries");
        await idle(waitMs, signal);
        waitMs = Math.min(waitMs * 2, maxWaitMs);
      }
    }
  };
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function" || !OUTBOX_CALLS.has(key)) return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => patiently(() => method.apply(target, args), CLAIMS.has(key));
    },
  });
}
