import { expect, it, type TestContext } from "vitest";
import { eraseJobApplication } from "../../applications/erase";
import { recordJobApplications } from "../../applications/record";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import type { WebhookEndpoint } from "../../domain/webhooks";
import { type ChangeLogTx, supportsChangeLog } from "../../store/change-log";
import {
  type ClaimedWebhookEvent,
  isWebhookOutbox,
  type Store,
  type WebhookOutbox,
} from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID, seedOrganization } from "../seed";
import { changeLogStore } from "./change-log-support";
import { RECORDED_NOW, recordOf } from "./live-data-support";

type SharedWebhooks = Store & WebhookOutbox;

const LATER = new Date("2100-01-01T00:00:00Z");
const LEASE = 60_000;

function endpoint(id: string, enabled = true): WebhookEndpoint {
  return {
    id,
    url: `https://${id}.receiver.example/hooks`,
    secrets: [{ secret: "whsec_c2FuZGJveC1jb25mb3JtYW5jZS1rZXktMjQtYnl0ZXM=", expiresAt: null }],
    enabled,
    disabledReason: enabled ? null : "turned off",
    createdAt: new Date("2026-06-01T00:00:00Z"),
  };
}

async function webhookStore(h: ConformanceHarness, context: TestContext): Promise<SharedWebhooks> {
  const store = await changeLogStore(h, context);
  if (!isWebhookOutbox(store)) context.skip("the store is no WebhookOutbox");
  return store as SharedWebhooks;
}

function inLog<T>(store: Store, work: (tx: ChangeLogTx) => Promise<T>): Promise<T> {
  return store.transaction(SEED_ORG_ID, async (tx) => {
    if (!supportsChangeLog(tx)) throw new Error("no change log");
    return work(tx);
  });
}

const record = (store: Store, applications: ReturnType<typeof recordOf>[]) =>
  recordJobApplications(store, { orgId: SEED_ORG_ID, applications, now: RECORDED_NOW });

const claim = (store: WebhookOutbox, worker = "w1", now = LATER, limit = 100) =>
  store.claimWebhookEvents({ worker, limit, leaseMs: LEASE, now });

const summary = (claimed: readonly ClaimedWebhookEvent[]) =>
  claimed
    .map((item) => `${item.endpoint.id}:${item.event.type}:${item.event.applicationId}`)
    .sort();

/** Webhook events made by the change log, and their shared, leased delivery. */
export function webhookOutboxSuite(h: ConformanceHarness): void {
  it("a change makes one event per enabled endpoint, of the change's type and position; a disabled endpoint gets none", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, async (tx) => {
      await tx.saveWebhookEndpoint(endpoint("one"));
      await tx.saveWebhookEndpoint(endpoint("two"));
      await tx.saveWebhookEndpoint(endpoint("off", false));
    });
    expect(await claim(store)).toEqual([]);
    await record(store, [recordOf(1)]);
    await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "app-03" });
    const claimed = await claim(store);
    expect(summary(claimed)).toEqual([
      "one:job_application.changed:ra-1",
      "one:job_application.deleted:app-03",
      "two:job_application.changed:ra-1",
      "two:job_application.deleted:app-03",
    ]);
    const log = await store.transaction(
      SEED_ORG_ID,
      async (tx) => (supportsChangeLog(tx) ? tx.readChangeLog({ after: 0, limit: 1000 }) : null),
      { readOnly: true },
    );
    for (const item of claimed) {
      const entry = log?.entries.find((kept) => kept.applicationId === item.event.applicationId);
      expect(item.event.position).toBe(entry?.position);
      expect(item.event.id).toMatch(/^msg_/);
      expect(item.attempts).toBe(0);
      expect(item.orgId).toBe(SEED_ORG_ID);
    }
    expect(await store.exportSnapshot(SEED_ORG_ID)).not.toHaveProperty("webhookEndpoints");
  });

  it("an application's events are claimed one at a time in position order, other applications' alongside", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, (tx) => tx.saveWebhookEndpoint(endpoint("one")));
    await record(store, [recordOf(1, 1), recordOf(2, 1)]);
    await record(store, [recordOf(1, 2)]);
    const first = await claim(store);
    expect(summary(first)).toEqual([
      "one:job_application.changed:ra-1",
      "one:job_application.changed:ra-2",
    ]);
    expect(await claim(store, "w2")).toEqual([]);
    const ra1 = first.find((item) => item.event.applicationId === "ra-1") as ClaimedWebhookEvent;
    expect(await store.settleWebhookEvents([{ claim: ra1.claim, outcome: "delivered" }])).toBe(1);
    const second = await claim(store, "w2");
    expect(summary(second)).toEqual(["one:job_application.changed:ra-1"]);
    expect(second[0]?.event.position).toBeGreaterThan(ra1.event.position);
  });

  it("two claims never hold one event, and a killed worker's events are claimed again when its lease ends: nothing is lost", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, (tx) => tx.saveWebhookEndpoint(endpoint("one")));
    await record(store, [recordOf(1), recordOf(2), recordOf(3)]);
    const [a, b] = await Promise.all([claim(store, "a", LATER, 2), claim(store, "b", LATER, 2)]);
    const ids = [...(a ?? []), ...(b ?? [])].map((item) => item.event.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toHaveLength(3);
    const afterLease = new Date(LATER.getTime() + LEASE + 1);
    const again = await claim(store, "c", afterLease);
    expect(again.map((item) => item.event.id).sort()).toEqual([...ids].sort());
    const stale = (a ?? [])[0] as ClaimedWebhookEvent;
    expect(await store.settleWebhookEvents([{ claim: stale.claim, outcome: "delivered" }])).toBe(0);
    expect(
      await store.settleWebhookEvents(
        again.map((item) => ({ claim: item.claim, outcome: "delivered" as const })),
      ),
    ).toBe(3);
    expect(await claim(store, "d", new Date(afterLease.getTime() + LEASE * 10))).toEqual([]);
  });

  it("a retry counts the attempt and waits until its time; disabling ends the endpoint's events until it is replayed", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, (tx) => tx.saveWebhookEndpoint(endpoint("one")));
    await record(store, [recordOf(1), recordOf(2)]);
    const [first, second] = await claim(store);
    if (first === undefined || second === undefined) throw new Error("two events expected");
    const retryAt = new Date(LATER.getTime() + 3_600_000);
    expect(
      await store.settleWebhookEvents([{ claim: first.claim, outcome: "retry", retryAt }]),
    ).toBe(1);
    const early = new Date(LATER.getTime() + LEASE + 1);
    const beside = await claim(store, "w", early);
    expect(beside.map((item) => item.event.id)).toEqual([second.event.id]);
    await store.settleWebhookEvents(
      beside.map((item) => ({ claim: item.claim, outcome: "delivered" as const })),
    );
    const due = await claim(store, "w", retryAt);
    expect(due.map((item) => [item.event.id, item.attempts])).toEqual([[first.event.id, 1]]);
    const settled = await store.settleWebhookEvents([
      { claim: (due[0] as ClaimedWebhookEvent).claim, outcome: "disable", reason: "410 Gone" },
    ]);
    expect(settled).toBe(1);
    const endpoints = await inLog(store, (tx) => tx.loadWebhookEndpoints());
    expect(endpoints).toMatchObject([{ id: "one", enabled: false, disabledReason: "410 Gone" }]);
    await record(store, [recordOf(3)]);
    expect(await claim(store, "w", new Date(retryAt.getTime() + LEASE * 10))).toEqual([]);
  });

  it("a replay makes an event for every entry after the position, tombstones too", async (context) => {
    const store = await webhookStore(h, context);
    await record(store, [recordOf(1), recordOf(2)]);
    await eraseJobApplication(store, { orgId: SEED_ORG_ID, applicationId: "ra-2" });
    const log = await inLog(store, (tx) => tx.readChangeLog({ after: 0, limit: 1000 }));
    const ra1 = log.entries.find((entry) => entry.applicationId === "ra-1");
    if (ra1 === undefined) throw new Error("ra-1 has no entry");
    const made = await inLog(store, async (tx) => {
      await tx.saveWebhookEndpoint(endpoint("late"));
      return tx.replayWebhookEvents("late", ra1.position - 1);
    });
    expect(made).toBe(2);
    expect(summary(await claim(store))).toEqual([
      "late:job_application.changed:ra-1",
      "late:job_application.deleted:ra-2",
    ]);
    expect(await inLog(store, (tx) => tx.replayWebhookEvents("missing", 0))).toBe(0);
  });

  it("a replayed event waits while an event of its application is being sent, and duplicates go one at a time", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, (tx) => tx.saveWebhookEndpoint(endpoint("one")));
    await record(store, [recordOf(1)]);
    const [sending] = await claim(store);
    if (sending === undefined) throw new Error("an event expected");
    const ra1 = await inLog(store, async (tx) => {
      const log = await tx.readChangeLog({ after: 0, limit: 1000 });
      const entry = log.entries.find((kept) => kept.applicationId === "ra-1");
      if (entry === undefined) throw new Error("ra-1 has no entry");
      await tx.replayWebhookEvents("one", entry.position - 1);
      await tx.replayWebhookEvents("one", entry.position - 1);
      return entry;
    });
    expect(ra1.position).toBe(sending.event.position);
    expect(await claim(store, "w2")).toEqual([]);
    await store.settleWebhookEvents([{ claim: sending.claim, outcome: "delivered" }]);
    const first = await claim(store, "w2");
    expect(summary(first)).toEqual(["one:job_application.changed:ra-1"]);
    expect(await claim(store, "w3")).toEqual([]);
    await store.settleWebhookEvents([
      { claim: (first[0] as ClaimedWebhookEvent).claim, outcome: "delivered" },
    ]);
    expect(summary(await claim(store, "w3"))).toEqual(["one:job_application.changed:ra-1"]);
  });

  it("deleting an endpoint drops its events; loading a snapshot drops the endpoints and their events", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, async (tx) => {
      await tx.saveWebhookEndpoint(endpoint("one"));
      await tx.saveWebhookEndpoint(endpoint("two"));
    });
    await record(store, [recordOf(1)]);
    expect(await inLog(store, (tx) => tx.deleteWebhookEndpoint("one"))).toBe(true);
    expect(await inLog(store, (tx) => tx.deleteWebhookEndpoint("one"))).toBe(false);
    expect(summary(await claim(store))).toEqual(["two:job_application.changed:ra-1"]);
    await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect(await inLog(store, (tx) => tx.loadWebhookEndpoints())).toEqual([]);
    expect(await claim(store, "w", new Date(LATER.getTime() + LEASE * 10))).toEqual([]);
  });

  it("an endpoint saved again keeps its place and takes the new fields", async (context) => {
    const store = await webhookStore(h, context);
    await inLog(store, async (tx) => {
      await tx.saveWebhookEndpoint(endpoint("one"));
      await tx.saveWebhookEndpoint(endpoint("two"));
      await tx.saveWebhookEndpoint({ ...endpoint("one"), url: "https://moved.example/hooks" });
    });
    const endpoints = await inLog(store, (tx) => tx.loadWebhookEndpoints());
    expect(endpoints.map((kept) => [kept.id, kept.url])).toEqual([
      ["one", "https://moved.example/hooks"],
      ["two", "https://two.receiver.example/hooks"],
    ]);
    expect(endpoints[0]?.createdAt).toEqual(new Date("2026-06-01T00:00:00Z"));
  });
}
