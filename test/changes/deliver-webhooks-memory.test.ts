import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deliverWebhookEvents,
  type SendWebhook,
  type WebhookRequest,
} from "../../src/changes/deliver-webhooks";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import { verifyWebhook } from "../../src/client/verify-webhook";
import type { WebhookEndpoint } from "../../src/domain/webhooks";
import { memoryStoreWithEndpoints, recordChanges, storedEndpoints } from "./memory-webhooks";

/** Later than every event the store made: all are due. */
const LATER = new Date("2100-01-01T00:00:00Z");
const at = (ms: number) => new Date(LATER.getTime() + ms);
const SECRET = newWebhookSecret(new Uint8Array(24).fill(11));

function endpoint(id: string): WebhookEndpoint {
  return {
    id,
    url: `https://${id}.example.com/hooks`,
    secrets: [{ secret: SECRET, expiresAt: null }],
    enabled: true,
    disabledReason: null,
    createdAt: new Date("2026-06-01T00:00:00Z"),
  };
}

/** The payload, its signature checked as a receiver would at the moment it was sent. */
const payload = (request: WebhookRequest) =>
  verifyWebhook(SECRET, request.headers, request.body, {
    now: new Date(Number(request.headers["webhook-timestamp"]) * 1000),
  });

/** Positions each application reached the receiver at, in arrival order, per endpoint. */
function arrivals(received: readonly WebhookRequest[]): Map<string, number[]> {
  const byApplication = new Map<string, number[]>();
  for (const request of received) {
    const { data } = payload(request);
    const key = `${new URL(request.url).hostname} ${data.id}`;
    byApplication.set(key, [...(byApplication.get(key) ?? []), Number(data.position)]);
  }
  return byApplication;
}

function expectInOrder(received: readonly WebhookRequest[]): void {
  for (const [key, positions] of arrivals(received))
    expect(positions, key).toEqual([...positions].sort((a, b) => a - b));
}

describe("deliverWebhookEvents on the memory store", () => {
  it("a killed delivery worker losing nothing: for any moment of death, every event arrives once its lease ends, each application's in position order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.nat(), async (batchSize, death) => {
        const store = await memoryStoreWithEndpoints([endpoint("one")]);
        await recordChanges(store, [1, 2, 3, 4, 5]);
        await recordChanges(store, [1, 2, 3], 2); // each application's second change
        const received: WebhookRequest[] = [];
        const dieAfter = death % 8;
        const dying: SendWebhook = (request) => {
          if (received.length >= dieAfter) return new Promise(() => undefined); // killed mid-send
          received.push(request);
          return Promise.resolve({ status: 204 });
        };
        const options = { batchSize, leaseMs: 60_000, concurrency: 1 };
        void deliverWebhookEvents(store, dying, { ...options, worker: "dies", now: () => at(0) });
        await new Promise((resolve) => setImmediate(resolve));

        const survivor: SendWebhook = async (request) => {
          received.push(request);
          return { status: 204 };
        };
        await deliverWebhookEvents(store, survivor, { ...options, worker: "b", now: () => at(1) });
        const late = await deliverWebhookEvents(store, survivor, {
          ...options,
          worker: "b",
          now: () => at(60_000),
        });

        expect(late.claimed).toBeGreaterThan(0);
        expect(
          await store.claimWebhookEvents({ worker: "x", limit: 100, leaseMs: 1, now: at(9e9) }),
        ).toEqual([]);
        const ids = new Set(received.map((request) => request.headers["webhook-id"]));
        expect(ids.size).toBe(8);
        expectInOrder(received);
      }),
      { numRuns: 30 },
    );
  });

  it("keeps each application's changes in position order with three workers, retries among them", async () => {
    const store = await memoryStoreWithEndpoints([endpoint("one"), endpoint("two")]);
    for (let round = 1; round <= 3; round++) await recordChanges(store, [1, 2, 3, 4, 5, 6], round);
    const received: WebhookRequest[] = [];
    let calls = 0;
    const send: SendWebhook = async (request) => {
      received.push(request);
      await new Promise((resolve) => setImmediate(resolve));
      return { status: ++calls % 4 === 0 ? 503 : 200 };
    };
    let clock = 0;
    for (let round = 0; round < 20; round++) {
      const now = () => at(clock);
      await Promise.all(
        ["w1", "w2", "w3"].map((worker) =>
          deliverWebhookEvents(store, send, { worker, batchSize: 3, now }),
        ),
      );
      clock += 3_600_000;
    }
    expect(
      await store.claimWebhookEvents({ worker: "x", limit: 100, leaseMs: 1, now: at(9e9) }),
    ).toEqual([]);
    expectInOrder(received);
    const delivered = new Set(received.map((request) => request.headers["webhook-id"]));
    expect(delivered.size).toBe(2 * 6 * 3);
  });

  it("disables the endpoint in the store on 410 Gone, and leaves the other endpoint's events delivered", async () => {
    const store = await memoryStoreWithEndpoints([endpoint("gone"), endpoint("two")]);
    await recordChanges(store, [1, 2]);
    const send: SendWebhook = async (request) => ({
      status: request.url.includes("gone") ? 410 : 204,
    });
    const report = await deliverWebhookEvents(store, send, { now: () => at(0), concurrency: 1 });
    expect(report).toMatchObject({ claimed: 4, delivered: 2, disabled: 2 });
    expect(
      (await storedEndpoints(store)).map((kept) => [kept.id, kept.enabled, kept.disabledReason]),
    ).toEqual([
      ["gone", false, "the receiver answered 410 Gone"],
      ["two", true, null],
    ]);
    await recordChanges(store, [3]);
    const after = await deliverWebhookEvents(store, send, { now: () => at(1) });
    expect(after).toMatchObject({ claimed: 1, delivered: 1 });
  });

  it("counts failed attempts in the store and disables the endpoint once the schedule is exhausted", async () => {
    const store = await memoryStoreWithEndpoints([endpoint("down")]);
    await recordChanges(store, [1]);
    const send: SendWebhook = async () => ({ status: 500 });
    let clock = 0;
    let attempts = 0;
    for (; attempts < 20; attempts++) {
      const report = await deliverWebhookEvents(store, send, { now: () => at(clock) });
      if (report.disabled > 0) break;
      expect(report.retried).toBe(1);
      clock += 2 * 24 * 3_600_000; // past any delay of the schedule
    }
    expect(attempts + 1).toBe(10);
    expect((await storedEndpoints(store))[0]).toMatchObject({
      enabled: false,
      disabledReason: "no delivery after 10 attempts over about three days",
    });
  });
});
