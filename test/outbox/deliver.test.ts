import { describe, expect, it } from "vitest";
import { deliverWelcomeEmails, welcomeEmailIdempotencyKey } from "../../src/members/deliver";
import { listWelcomeEmails } from "../../src/members/outbox";
import { createMemoryStore } from "../../src/memory/store";
import { SEED_NOW, SEED_ORG_ID } from "../../src/testing/seed";
import { seedOutbox } from "./seed";

const at = (ms: number) => new Date(SEED_NOW.getTime() + ms);

describe("deliverWelcomeEmails", () => {
  it("in a loop, stops when its signal aborts, after sending and acknowledging the batch in hand", async () => {
    const store = createMemoryStore();
    await seedOutbox(store, 10);
    const stop = new AbortController();
    const sent: string[] = [];
    const report = await deliverWelcomeEmails(
      store,
      (email, { orgId }) => {
        sent.push(`${orgId}/${email.id}`);
        if (sent.length === 2) stop.abort();
      },
      { once: false, signal: stop.signal, batchSize: 4, now: () => SEED_NOW },
    );
    expect(report).toMatchObject({ batches: 1, claimed: 4, delivered: 4, failed: 0 });
    expect(sent).toHaveLength(4);
    expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toHaveLength(6);
  });

  it("in a loop, waits for new emails when the outbox is empty and delivers them", async () => {
    const store = createMemoryStore();
    const [orgId = ""] = await seedOutbox(store, 0);
    const stop = new AbortController();
    const keys: string[] = [];
    const running = deliverWelcomeEmails(
      store,
      (_email, { idempotencyKey }) => {
        keys.push(idempotencyKey);
        stop.abort();
      },
      { once: false, signal: stop.signal, idleMs: 5, batchSize: 10, now: () => SEED_NOW },
    );
    await seedOutbox(store, 1);
    const report = await running;
    expect(keys[0]).toBe(welcomeEmailIdempotencyKey(orgId, "w-00001"));
    expect(report.delivered).toBeGreaterThanOrEqual(1);
  });

  it("does not send an email whose lease ended before its turn, and counts a sent email another worker claimed meanwhile as superseded", async () => {
    const store = createMemoryStore();
    await seedOutbox(store, 3);
    let clock = 0;
    const sent: string[] = [];
    const report = await deliverWelcomeEmails(
      store,
      async (email) => {
        sent.push(email.id);
        if (sent.length === 1) {
          // The lease ends while the first email is being sent, and another worker claims all.
          clock = 1000;
          await store.claimWelcomeEmails({
            worker: "other",
            limit: 10,
            leaseMs: 1000,
            now: at(clock),
          });
        }
      },
      { batchSize: 10, leaseMs: 1000, now: () => at(clock), once: true },
    );
    expect(sent).toEqual(["w-00001"]);
    expect(report).toMatchObject({ claimed: 6, delivered: 0, superseded: 1, expired: 5 });
  });

  it("refuses a batch size or lease that is not a positive integer", async () => {
    const store = createMemoryStore();
    await expect(deliverWelcomeEmails(store, () => undefined, { batchSize: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(deliverWelcomeEmails(store, () => undefined, { leaseMs: 1.5 })).rejects.toThrow(
      RangeError,
    );
  });

  it("gives every (organization, email id) pair its own idempotency key", () => {
    expect(welcomeEmailIdempotencyKey("a:b", "c")).not.toBe(welcomeEmailIdempotencyKey("a", "b:c"));
    expect(welcomeEmailIdempotencyKey("org-1", "w-1")).toBe("rpdi-welcome:org-1:w-1");
  });
});
