import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { isWebhookSecret, newWebhookSecret } from "../../src/changes/webhook-secret";
import { signingSecrets, webhookBody, webhookHeaders } from "../../src/changes/webhook-signature";
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  webhookPayloadSchema,
} from "../../src/domain/webhooks";

const OLD = newWebhookSecret(new Uint8Array(24).fill(1));
const NEW = newWebhookSecret(new Uint8Array(24).fill(2));

const event: WebhookEvent = {
  id: "evt_0001",
  endpointId: "ep-1",
  type: "job_application.changed",
  applicationId: "app-42",
  position: 17,
  occurredAt: new Date("2026-06-15T09:30:00.123Z"),
};

/** The receiver's side: the maintained package, with its own clock and 5-minute tolerance. */
function receiverAccepts(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

describe("webhook signatures (Standard Webhooks 1.0)", () => {
  it("the webhook signature is checked by the maintained standardwebhooks package: for any event and secret, Webhook.verify accepts our headers and returns our payload", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 24, maxLength: 64 }),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.nat(),
        fc.constantFrom(...WEBHOOK_EVENT_TYPES),
        (key, id, applicationId, position, type) => {
          const secret = newWebhookSecret(key);
          const body = webhookBody({ ...event, id, applicationId, position, type });
          const headers = webhookHeaders({ id, timestamp: new Date(), body, secrets: [secret] });
          const payload = new Webhook(secret).verify(body, headers);
          expect(webhookPayloadSchema.parse(payload)).toEqual({
            type,
            timestamp: event.occurredAt.toISOString(),
            data: { id: applicationId, position: String(position) },
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("signs with both secrets during a rotation: a receiver holding either one accepts", () => {
    const body = webhookBody(event);
    const headers = webhookHeaders({
      id: event.id,
      timestamp: new Date(),
      body,
      secrets: [NEW, OLD],
    });
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(receiverAccepts(NEW, body, headers)).toBe(true);
    expect(receiverAccepts(OLD, body, headers)).toBe(true);
    expect(receiverAccepts(newWebhookSecret(new Uint8Array(24).fill(3)), body, headers)).toBe(
      false,
    );
  });

  it("stops signing with a rotated-out secret once it expires: its holder is then refused", () => {
    const expiresAt = new Date("2026-06-16T00:00:00Z");
    const endpoint = {
      secrets: [
        { secret: NEW, expiresAt: null },
        { secret: OLD, expiresAt },
      ],
    };
    expect(signingSecrets(endpoint, new Date(expiresAt.getTime() - 1))).toEqual([NEW, OLD]);
    expect(signingSecrets(endpoint, expiresAt)).toEqual([NEW]);
    const body = webhookBody(event);
    const secrets = signingSecrets(endpoint, expiresAt);
    const headers = webhookHeaders({ id: event.id, timestamp: new Date(), body, secrets });
    expect(receiverAccepts(NEW, body, headers)).toBe(true);
    expect(receiverAccepts(OLD, body, headers)).toBe(false);
  });

  it("covers the exact characters sent: the same payload re-serialized fails", () => {
    const body = webhookBody(event);
    const headers = webhookHeaders({ id: event.id, timestamp: new Date(), body, secrets: [NEW] });
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect(JSON.parse(reserialized)).toEqual(JSON.parse(body));
    expect(receiverAccepts(NEW, reserialized, headers)).toBe(false);
    expect(receiverAccepts(NEW, body, { ...headers, "webhook-id": "evt_0002" })).toBe(false);
  });

  it("posts a thin body and the three headers, locked whole", () => {
    const body = webhookBody(event);
    expect(body).toBe(
      '{"type":"job_application.changed","timestamp":"2026-06-15T09:30:00.123Z","data":{"id":"app-42","position":"17"}}',
    );
    const timestamp = new Date("2026-06-15T09:30:01.999Z");
    expect(webhookHeaders({ id: event.id, timestamp, body, secrets: [NEW] })).toEqual({
      "content-type": "application/json",
      "webhook-id": "evt_0001",
      "webhook-timestamp": "1781515801",
      "webhook-signature": new Webhook(NEW).sign(event.id, timestamp, body),
    });
  });

  it("refuses a malformed secret without naming it", () => {
    const call = () =>
      webhookHeaders({ id: "e", timestamp: new Date(), body: "{}", secrets: [NEW, "whsec_short"] });
    expect(call).toThrow(new TypeError("webhook secret 2 is not a whsec_ secret"));
    expect(() =>
      webhookHeaders({ id: "e", timestamp: new Date(), body: "{}", secrets: [] }),
    ).toThrow(TypeError);
  });
});

describe("webhook secrets", () => {
  it("are whsec_ and the base64 of 24 random bytes, a new one each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(isWebhookSecret(a)).toBe(true);
    expect(newWebhookSecret()).not.toBe(a);
    expect(newWebhookSecret(new Uint8Array(24))).toBe("whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  });

  it("any key of 24 to 64 bytes makes a secret isWebhookSecret accepts and the package can load", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 64 }), (key) => {
        const secret = newWebhookSecret(key);
        expect(isWebhookSecret(secret)).toBe(true);
        expect(() => new Webhook(secret)).not.toThrow();
      }),
    );
  });

  it("refuses keys shorter than 24 or longer than 64 bytes, and text that is not whsec_ base64", () => {
    expect(() => newWebhookSecret(new Uint8Array(23))).toThrow(RangeError);
    expect(() => newWebhookSecret(new Uint8Array(65))).toThrow(RangeError);
    for (const text of [
      "",
      "whsec_",
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-_",
      "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==",
      ` ${NEW}`,
      `${NEW}\n`,
    ])
      expect(isWebhookSecret(text), text).toBe(false);
  });
});
