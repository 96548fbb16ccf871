import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  deliverWebhookEvents,
  type SendWebhook,
  type WebhookRequest,
} from "../../src/changes/deliver-webhooks";
import { WEBHOOK_RETRY_DELAYS_MS } from "../../src/changes/retry-schedule";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import { type WebhookEndpoint, webhookPayloadSchema } from "../../src/domain/webhooks";
import { FakeWebhookOutbox } from "./fake-webhook-outbox";

const T0 = new Date("2026-06-15T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECRET = newWebhookSecret(new Uint8Array(24).fill(9));
const OLD_SECRET = newWebhookSecret(new Uint8Array(24).fill(8));

function endpoint(id: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id,
    url: `https://${id}.example.com/hooks`,
    secrets: [{ secret: SECRET, expiresAt: null }],
    enabled: true,
    disabledReason: null,
    createdAt: T0,
    ...overrides,
  };
}

/** An outbox with endpoints and, for each, one event per (application, position) given. */
function outboxWith(endpoints: WebhookEndpoint[], changes: [string, number][]): FakeWebhookOutbox {
  const outbox = new FakeWebhookOutbox();
  for (const target of endpoints) {
    outbox.addEndpoint("org-1", target);
    for (const [applicationId, position] of changes)
      outbox.addEvent("org-1", {
        id: `${target.id}-${applicationId}-${position}`,
        endpointId: target.id,
        type: "job_application.changed",
        applicationId,
        position,
        occurredAt: T0,
      });
  }
  return outbox;
}

/** A receiver that records each request and answers what `status` says for it. */
function recorder(status: (request: WebhookRequest) => number | Error = () => 204) {
  const received: WebhookRequest[] = [];
  const send: SendWebhook = async (request) => {
    received.push(request);
    const answer = status(request);
    if (answer instanceof Error) throw answer;
    return { status: answer };
  };
  return { received, send };
}

const positionOf = (request: WebhookRequest) =>
  webhookPayloadSchema.parse(JSON.parse(request.body)).data;

describe("deliverWebhookEvents", () => {
  it("delivers on 2xx: each event posted once, signed so the standardwebhooks package verifies it", async () => {
    const outbox = outboxWith(
      [endpoint("a")],
      [
        ["app-1", 1],
        ["app-2", 2],
      ],
    );
    const { received, send } = recorder(() => 200);
    const report = await deliverWebhookEvents(outbox, send, { now: () => T0 });
    expect(report).toMatchObject({ claimed: 2, delivered: 2, retried: 0, failed: 0 });
    expect(outbox.ids()).toEqual([]);
    expect(received.map((request) => request.url)).toEqual([
      "https://a.example.com/hooks",
      "https://a.example.com/hooks",
    ]);
    for (const request of received) {
      expect(request.headers["webhook-timestamp"]).toBe(String(T0.getTime() / 1000));
      const id = request.headers["webhook-id"] ?? "";
      expect(request.headers["webhook-signature"]).toBe(
        new Webhook(SECRET).sign(id, T0, request.body),
      );
    }
    expect(received.map(positionOf)).toEqual([
      { id: "app-1", position: "1" },
      { id: "app-2", position: "2" },
    ]);
  });

  it("signs with both secrets while a rotated-out one has not expired", async () => {
    const rotating = endpoint("a", {
      secrets: [
        { secret: SECRET, expiresAt: null },
        { secret: OLD_SECRET, expiresAt: at(1000) },
      ],
    });
    const outbox = outboxWith([rotating], [["app-1", 1]]);
    const { received, send } = recorder();
    await deliverWebhookEvents(outbox, send, { now: () => T0 });
    const signatures = received[0]?.headers["webhook-signature"]?.split(" ");
    expect(signatures).toEqual([
      new Webhook(SECRET).sign("a-app-1-1", T0, received[0]?.body ?? ""),
      new Webhook(OLD_SECRET).sign("a-app-1-1", T0, received[0]?.body ?? ""),
    ]);
  });

  it("disables the endpoint on 410 Gone, dropping its events, and goes on with the other endpoints", async () => {
    const outbox = outboxWith(
      [endpoint("gone"), endpoint("b")],
      [
        ["app-1", 1],
        ["app-2", 2],
      ],
    );
    const { received, send } = recorder((request) => (request.url.includes("gone") ? 410 : 200));
    const report = await deliverWebhookEvents(outbox, send, { now: () => T0, concurrency: 1 });
    expect(
      outbox.endpoints.map(({ endpoint }) => [
        endpoint.id,
        endpoint.enabled,
        endpoint.disabledReason,
      ]),
    ).toEqual([
      ["gone", false, "the receiver answered 410 Gone"],
      ["b", true, null],
    ]);
    expect(outbox.ids()).toEqual([]);
    // The second event of the gone endpoint was not posted: the 410 had disabled it.
    expect(received.filter((request) => request.url.includes("gone"))).toHaveLength(1);
    expect(report).toMatchObject({ claimed: 4, delivered: 2, disabled: 2, failed: 1, retried: 0 });
  });

  it("retries any other answer, a redirect or a network error on the schedule, never throwing", async () => {
    for (const answer of [500, 429, 302, new Error("connect ECONNREFUSED 93.184.215.14:443")]) {
      const outbox = outboxWith([endpoint("a")], [["app-1", 1]]);
      const report = await deliverWebhookEvents(outbox, recorder(() => answer).send, {
        now: () => T0,
      });
      expect(report).toMatchObject({ claimed: 1, delivered: 0, retried: 1, failed: 1 });
      expect(outbox.waiting).toMatchObject([{ attempts: 1, dueAt: at(5000), token: null }]);
      expect(report.failures[0]).toMatchObject({
        endpointId: "a",
        eventId: "a-app-1-1",
        attempt: 1,
        outcome: "retry",
      });
    }
  });

  it("says why an attempt failed, and never holds a secret or a signature in its report", async () => {
    const outbox = outboxWith(
      [endpoint("a")],
      [
        ["app-1", 1],
        ["app-2", 2],
      ],
    );
    const answers = [500, 307];
    const report = await deliverWebhookEvents(outbox, recorder(() => answers.shift() ?? 0).send, {
      now: () => T0,
    });
    expect(report.failures.map((failure) => failure.problem)).toEqual([
      "the receiver answered 500",
      "the receiver answered 307, a redirect (redirects are not followed)",
    ]);
    const text = JSON.stringify(report);
    expect(text).not.toContain(SECRET.slice("whsec_".length));
    expect(text).not.toContain("v1,");
  });

  it("disables the endpoint once the schedule is exhausted: ten attempts over about three days", async () => {
    const outbox = outboxWith([endpoint("a")], [["app-1", 1]]);
    const { received, send } = recorder(() => 503);
    let clock = 0;
    const dueTimes: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      await deliverWebhookEvents(outbox, send, { now: () => at(clock) });
      const due = outbox.waiting[0]?.dueAt.getTime();
      if (due === undefined) break;
      dueTimes.push(due - at(clock).getTime());
      clock = due - T0.getTime();
    }
    expect(received).toHaveLength(10);
    expect(dueTimes).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(outbox.endpoints[0]?.endpoint).toMatchObject({
      enabled: false,
      disabledReason: "no delivery after 10 attempts over about three days",
    });
    expect(outbox.ids()).toEqual([]);
  });

  it("disables an endpoint whose secret is not a whsec_ one, sending nothing unsigned", async () => {
    const broken = endpoint("a", { secrets: [{ secret: "not-a-secret", expiresAt: null }] });
    const outbox = outboxWith([broken], [["app-1", 1]]);
    const { received, send } = recorder();
    const report = await deliverWebhookEvents(outbox, send, { now: () => T0 });
    expect(received).toEqual([]);
    expect(report).toMatchObject({ disabled: 1, failed: 1 });
    expect(outbox.endpoints[0]?.endpoint.disabledReason).toBe(
      "the endpoint has no usable whsec_ signing secret",
    );
  });

  it("does not send an event whose lease ended before its turn, and counts a settlement another worker's claim overtook as superseded", async () => {
    const outbox = outboxWith(
      [endpoint("a")],
      [
        ["app-1", 1],
        ["app-2", 2],
      ],
    );
    let clock = 0;
    const { received, send } = recorder(() => {
      // The first send outlasts the 1-second lease, and another worker claims both events.
      clock = 2000;
      void outbox.claimWebhookEvents({ worker: "other", limit: 10, leaseMs: 1000, now: at(clock) });
      return 200;
    });
    const report = await deliverWebhookEvents(outbox, send, {
      now: () => at(clock),
      leaseMs: 1000,
      batchSize: 10,
      concurrency: 1,
    });
    expect(received).toHaveLength(1);
    expect(report).toMatchObject({ claimed: 2, delivered: 1, expired: 1, superseded: 1 });
    expect(outbox.ids()).toEqual(["a-app-1-1", "a-app-2-2"]);
  });

  it("holds an application's next change back while its earlier one is retried", async () => {
    const outbox = outboxWith(
      [endpoint("a")],
      [
        ["app-1", 1],
        ["app-1", 2],
        ["app-2", 3],
      ],
    );
    const failFirst = new Set(["a-app-1-1"]);
    const { received, send } = recorder((request) =>
      failFirst.delete(request.headers["webhook-id"] ?? "") ? 500 : 200,
    );
    await deliverWebhookEvents(outbox, send, { now: () => T0 });
    expect(received.map((request) => request.headers["webhook-id"])).toEqual([
      "a-app-1-1",
      "a-app-2-3",
    ]);
    await deliverWebhookEvents(outbox, send, { now: () => at(5000) });
    expect(received.map((request) => request.headers["webhook-id"]).slice(2)).toEqual([
      "a-app-1-1",
      "a-app-1-2",
    ]);
    expect(outbox.ids()).toEqual([]);
  });

  it("a killed delivery worker losing nothing: for any events, batch size and moment of death, every event arrives once the lease ends, each application's in position order", async () => {
    const applications = fc.array(fc.constantFrom("app-1", "app-2", "app-3"), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        applications,
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        async (apps, batchSize, death) => {
          // The log's changes in order: the i-th is at position i + 1.
          const unique = apps.map((app, i): [string, number] => [app, i + 1]);
          const dieAfter = death % unique.length;
          const outbox = outboxWith([endpoint("a")], unique);
          const received: WebhookRequest[] = [];
          const dying: SendWebhook = (request) => {
            if (received.length >= dieAfter) return new Promise(() => undefined); // killed mid-send
            received.push(request);
            return Promise.resolve({ status: 200 });
          };
          void deliverWebhookEvents(outbox, dying, {
            worker: "dies",
            batchSize,
            leaseMs: 60_000,
            now: () => T0,
          });
          await new Promise((resolve) => setImmediate(resolve));

          const survivor = recorder(() => 200);
          const early = await deliverWebhookEvents(outbox, survivor.send, {
            worker: "b",
            now: () => at(59_999),
          });
          const late = await deliverWebhookEvents(outbox, survivor.send, {
            worker: "b",
            now: () => at(60_000),
          });
          received.push(...survivor.received);

          expect(outbox.ids()).toEqual([]);
          const ids = new Set(received.map((request) => request.headers["webhook-id"]));
          expect(ids.size).toBe(unique.length);
          for (const app of ["app-1", "app-2", "app-3"]) {
            const positions = received
              .map(positionOf)
              .filter((data) => data.id === app)
              .map((data) => Number(data.position));
            expect(positions).toEqual([...positions].sort((x, y) => x - y));
          }
          expect(early.claimed + late.claimed).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps each application's events in position order with several workers at once", async () => {
    const changes: [string, number][] = [];
    for (let position = 1; position <= 30; position++)
      changes.push([`app-${position % 4}`, position]);
    const outbox = outboxWith([endpoint("a"), endpoint("b")], changes);
    const received: WebhookRequest[] = [];
    let calls = 0;
    const send: SendWebhook = async (request) => {
      received.push(request);
      calls += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { status: calls % 5 === 0 ? 500 : 200 };
    };
    let clock = 0;
    while (outbox.ids().length > 0) {
      const now = () => at(clock);
      await Promise.all(
        ["w1", "w2", "w3"].map((worker) =>
          deliverWebhookEvents(outbox, send, { worker, batchSize: 3, now }),
        ),
      );
      clock += 60_000;
    }
    for (const target of ["a", "b"])
      for (let app = 0; app < 4; app++) {
        const positions = received
          .filter((request) => request.url.startsWith(`https://${target}.`))
          .map(positionOf)
          .filter((data) => data.id === `app-${app}`)
          .map((data) => Number(data.position));
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
        expect(new Set(positions).size).toBe(changes.filter(([id]) => id === `app-${app}`).length);
      }
  });

  it("sends a batch's events side by side: a receiver that hangs does not hold up the others", async () => {
    const outbox = outboxWith(
      [endpoint("slow"), endpoint("fast")],
      [
        ["app-1", 1],
        ["app-2", 2],
      ],
    );
    let release: () => void = () => undefined;
    const fastDone = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fast = 0;
    const send: SendWebhook = async (request) => {
      if (request.url.includes("slow")) await fastDone;
      else if (++fast === 2) release();
      return { status: 200 };
    };
    const report = await deliverWebhookEvents(outbox, send, { now: () => T0 });
    expect(report).toMatchObject({ claimed: 4, delivered: 4 });
  });

  it("refuses a batch size, lease or concurrency that is not a positive integer", async () => {
    const outbox = new FakeWebhookOutbox();
    const { send } = recorder();
    await expect(deliverWebhookEvents(outbox, send, { batchSize: 0 })).rejects.toThrow(RangeError);
    await expect(deliverWebhookEvents(outbox, send, { leaseMs: 1.5 })).rejects.toThrow(RangeError);
    await expect(deliverWebhookEvents(outbox, send, { concurrency: 0 })).rejects.toThrow(
      RangeError,
    );
  });

  it("rejects when the store fails, rather than reporting a delivery", async () => {
    const outbox = outboxWith([endpoint("a")], [["app-1", 1]]);
    outbox.settleWebhookEvents = async () => {
      throw new Error("the database is gone");
    };
    await expect(deliverWebhookEvents(outbox, recorder().send, { now: () => T0 })).rejects.toThrow(
      "the database is gone",
    );
  });

  it("in a loop, stops when its signal aborts, after settling the batch in hand", async () => {
    const outbox = outboxWith(
      [endpoint("a")],
      [
        ["app-1", 1],
        ["app-2", 2],
        ["app-3", 3],
      ],
    );
    const stop = new AbortController();
    const { send } = recorder(() => {
      stop.abort();
      return 200;
    });
    const report = await deliverWebhookEvents(outbox, send, {
      once: false,
      signal: stop.signal,
      batchSize: 2,
      now: () => T0,
    });
    expect(report).toMatchObject({ batches: 1, claimed: 2, delivered: 2 });
    expect(outbox.ids()).toEqual(["a-app-3-3"]);
  });
});
