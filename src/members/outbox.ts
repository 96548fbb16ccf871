import type { WelcomeEmail } from "../domain/welcome-email";
import type { Store } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";

/** The welcome emails waiting in the outbox, oldest first, left in place. */
export function listWelcomeEmails(
  store: Store,
  input: { orgId: string; limit?: number },
): Promise<WelcomeEmail[]> {
  return runReadOnly(store, input.orgId, (tx) => tx.listWelcomeEmails(input.limit));
}

/**
 * Removes delivered welcome emails from the outbox. With {@link listWelcomeEmails}, this gives
 * at-least-once delivery: list, send, then acknowledge what was sent.
 */
export function acknowledgeWelcomeEmails(
  store: Store,
  input: { orgId: string; ids: readonly string[] },
): Promise<void> {
  return runTransaction(store, input.orgId, (tx) => tx.deleteWelcomeEmails(input.ids));
}

/**
 * Takes welcome emails out of the outbox, oldest first, in one transaction (at-most-once: what
 * it returns is the host's to send, and is gone from the outbox).
 */
export function drainWelcomeEmails(
  store: Store,
  input: { orgId: string; limit?: number },
): Promise<WelcomeEmail[]> {
  return runTransaction(store, input.orgId, async (tx) => {
    const emails = await tx.listWelcomeEmails(input.limit);
    if (emails.length > 0) await tx.deleteWelcomeEmails(emails.map((email) => email.id));
    return emails;
  });
}
