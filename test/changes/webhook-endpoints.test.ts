import { describe, expect, it } from "vitest";
import { recordJobApplications } from "../../src/applications/record";
import {
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  registerWebhookEndpoint,
  replayWebhookEvents,
  rotateWebhookSecret,
} from "../../src/changes/webhook-endpoints";
import { isWebhookSecret } from "../../src/changes/webhook-secret";
import { signingSecrets } from "../../src/changes/webhook-signature";
import type { WebhookUrlPolicy } from "../../src/changes/webhook-url";
import { createMemoryStore, type MemoryStore } from "../../src/memory/store";
import { supportsChangeLog } from "../../src/store/change-log";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { RECORDED_NOW, recordOf } from "../../src/testing/suites/live-data-support";

const NOW = new Date("2026-07-01T00:00:00Z");
const publicDns: WebhookUrlPolicy = {
  allowLoopback: false,
  resolve: async (host) =>
    host === "internal.example" ? ["93.184.216.34", "10.0.0.7"] : ["93.184.216.34"],
};

async function register(store: MemoryStore, url = "https://hooks.example/rpdi") {
  const outcome = await registerWebhookEndpoint(store, {
    orgId: SEED_ORG_ID,
    url,
    now: NOW,
    urlPolicy: publicDns,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
  return outcome;
}

async function storedEndpoints(store: MemoryStore) {
  return store.transaction(SEED_ORG_ID, async (tx) =>
    supportsChangeLog(tx) ? tx.loadWebhookEndpoints() : [],
  );
}

describe("webhook endpoint services", () => {
  it("registers an https receiver with a whsec_ secret answered once, and lists it without secrets", async () => {
    const store = createMemoryStore([seedOrganization()]);
    const { endpoint, secret } = await register(store);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: "https://hooks.example/rpdi",
      enabled: true,
      disabledReason: null,
      createdAt: NOW.toISOString(),
      previousSecretExpiresAt: null,
    });
    const listed = await listWebhookEndpoints(store, { orgId: SEED_ORG_ID });
    expect(listed).toEqual({ ok: true, endpoints: [endpoint] });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("refuses a receiver that resolves to a private address among public ones, or plain http, writing nothing", async () => {
    const store = createMemoryStore([seedOrganization()]);
    for (const url of [
      "https://internal.example/hook",
      "http://hooks.example/hook",
      "https://10.1.2.3/",
      "https://169.254.169.254/latest",
    ]) {
      const outcome = await registerWebhookEndpoint(store, {
        orgId: SEED_ORG_ID,
        url,
        now: NOW,
        urlPolicy: publicDns,
      });
      expect(outcome).toMatchObject({
        ok: false,
        error: { code: "INVALID_INPUT", problems: [{ index: null, field: "url" }] },
      });
    }
    expect(await storedEndpoints(store)).toEqual([]);
  });

  it(`refuses an organization's endpoint past ${MAX_WEBHOOK_ENDPOINTS}`, async () => {
    const store = createMemoryStore([seedOrganization()]);
    for (let index = 0; index < MAX_WEBHOOK_ENDPOINTS; index++) await register(store);
    expect(
      await registerWebhookEndpoint(store, {
        orgId: SEED_ORG_ID,
        url: "https://hooks.example/one-more",
        now: NOW,
        urlPolicy: publicDns,
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
  });

  it("a rotation signs with both secrets until the overlap ends, then with the new one only", async () => {
    const store = createMemoryStore([seedOrganization()]);
    const first = await register(store);
    const rotated = await rotateWebhookSecret(store, {
      orgId: SEED_ORG_ID,
      endpointId: first.endpoint.id,
      now: NOW,
      overlapHours: 2,
    });
    if (!rotated.ok) throw new Error("refused");
    expect(rotated.secret).not.toBe(first.secret);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe("2026-07-01T02:00:00.000Z");
    const [stored] = await storedEndpoints(store);
    if (stored === undefined) throw new Error("no endpoint");
    expect(signingSecrets(stored, new Date("2026-07-01T01:59:59Z"))).toEqual([
      rotated.secret,
      first.secret,
    ]);
    expect(signingSecrets(stored, new Date("2026-07-01T02:00:01Z"))).toEqual([rotated.secret]);
    const again = await rotateWebhookSecret(store, {
      orgId: SEED_ORG_ID,
      endpointId: first.endpoint.id,
      now: NOW,
    });
    if (!again.ok) throw new Error("refused");
    const [twice] = await storedEndpoints(store);
    expect(twice?.secrets.map((kept) => kept.secret)).toEqual([again.secret, rotated.secret]);
  });

  it("deleting answers WEBHOOK_NOT_FOUND the second time; an unknown endpoint is WEBHOOK_NOT_FOUND everywhere", async () => {
    const store = createMemoryStore([seedOrganization()]);
    const { endpoint } = await register(store);
    const input = { orgId: SEED_ORG_ID, endpointId: endpoint.id };
    expect(await deleteWebhookEndpoint(store, input)).toEqual({ ok: true, deleted: true });
    const missing = { ok: false, error: { code: "WEBHOOK_NOT_FOUND" } };
    expect(await deleteWebhookEndpoint(store, input)).toMatchObject(missing);
    expect(await rotateWebhookSecret(store, { ...input, now: NOW })).toMatchObject(missing);
    expect(await replayWebhookEvents(store, { ...input, fromPosition: 1 })).toMatchObject(missing);
  });

  it("a replay enables a disabled endpoint again and queues every change from the position", async () => {
    const store = createMemoryStore([seedOrganization()]);
    const { endpoint } = await register(store);
    await recordJobApplications(store, {
      orgId: SEED_ORG_ID,
      applications: [recordOf(1), recordOf(2)],
      now: RECORDED_NOW,
    });
    const later = new Date("2100-01-01T00:00:00Z");
    const claimed = await store.claimWebhookEvents({
      worker: "w",
      limit: 10,
      leaseMs: 1000,
      now: later,
    });
    expect(claimed).toHaveLength(2);
    await store.settleWebhookEvents([
      {
        claim: (claimed[0] as (typeof claimed)[number]).claim,
        outcome: "disable",
        reason: "410 Gone",
      },
    ]);
    expect(await listWebhookEndpoints(store, { orgId: SEED_ORG_ID })).toMatchObject({
      endpoints: [{ enabled: false, disabledReason: "410 Gone" }],
    });
    const positions = claimed.map((item) => item.event.position).sort((a, b) => a - b);
    const replayed = await replayWebhookEvents(store, {
      orgId: SEED_ORG_ID,
      endpointId: endpoint.id,
      fromPosition: positions[1] as number,
    });
    expect(replayed).toMatchObject({
      ok: true,
      events: 1,
      endpoint: { enabled: true, disabledReason: null },
    });
    const again = await store.claimWebhookEvents({
      worker: "w",
      limit: 10,
      leaseMs: 1000,
      now: later,
    });
    expect(again.map((item) => item.event.position)).toEqual([positions[1]]);
    expect(
      await replayWebhookEvents(store, {
        orgId: SEED_ORG_ID,
        endpointId: endpoint.id,
        fromPosition: 0,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
});
