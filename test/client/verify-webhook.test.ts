import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import { webhookBody, webhookHeaders } from "../../src/changes/webhook-signature";
import {
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "../../src/client/verify-webhook";

const SECRET = newWebhookSecret(new Uint8Array(24).fill(5));
const OLD = newWebhookSecret(new Uint8Array(24).fill(6));
const SENT_AT = new Date("2026-06-15T09:00:00Z");
const body = webhookBody({
  id: "evt_1",
  endpointId: "ep",
  type: "job_application.deleted",
  applicationId: "app-7",
  position: 41,
  occurredAt: new Date("2026-06-15T08:59:59.500Z"),
});
const headers = webhookHeaders({ id: "evt_1", timestamp: SENT_AT, body, secrets: [SECRET] });
const at = (seconds: number) => new Date(SENT_AT.getTime() + seconds * 1000);

function refusal(call: () => unknown): { reason: WebhookVerificationReason; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof WebhookVerificationError)
      return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

describe("verifyWebhook", () => {
  it("accepts a valid webhook and returns its payload, from a string or the raw bytes", () => {
    const payload = {
      type: "job_application.deleted",
      timestamp: "2026-06-15T08:59:59.500Z",
      data: { id: "app-7", position: "41" },
    };
    expect(verifyWebhook(SECRET, headers, body, { now: at(3) })).toEqual(payload);
    expect(
      verifyWebhook([SECRET], new Headers(headers), new TextEncoder().encode(body), {
        now: at(-3),
      }),
    ).toEqual(payload);
  });

  it("agrees with the standardwebhooks package: accepts what it signs, refuses what it refuses", () => {
    const theirs = {
      "webhook-id": "msg_x",
      "webhook-timestamp": String(SENT_AT.getTime() / 1000),
      "webhook-signature": new Webhook(SECRET).sign("msg_x", SENT_AT, body),
    };
    expect(verifyWebhook(SECRET, theirs, body, { now: SENT_AT }).data.id).toBe("app-7");
    const forged = {
      ...theirs,
      "webhook-signature": new Webhook(OLD).sign("msg_x", SENT_AT, body),
    };
    expect(refusal(() => verifyWebhook(SECRET, forged, body, { now: SENT_AT })).reason).toBe(
      "bad-signature",
    );
  });

  it("accepts either secret of a rotation, and a message signed by both", () => {
    const both = webhookHeaders({ id: "evt_1", timestamp: SENT_AT, body, secrets: [SECRET, OLD] });
    expect(verifyWebhook([OLD], both, body, { now: SENT_AT }).data.id).toBe("app-7");
    expect(verifyWebhook([SECRET], both, body, { now: SENT_AT }).data.id).toBe("app-7");
    expect(verifyWebhook([OLD, SECRET], headers, body, { now: SENT_AT }).data.id).toBe("app-7");
  });

  it("rejects a stale timestamp: a captured webhook replayed after the tolerance", () => {
    expect(verifyWebhook(SECRET, headers, body, { now: at(300) }).data.id).toBe("app-7");
    expect(refusal(() => verifyWebhook(SECRET, headers, body, { now: at(301) }))).toEqual({
      reason: "stale-timestamp",
      message: "the webhook was signed 301 s ago, more than the 300 s allowed",
    });
    expect(
      refusal(() => verifyWebhook(SECRET, headers, body, { now: at(61), toleranceSeconds: 60 }))
        .reason,
    ).toBe("stale-timestamp");
  });

  it("rejects a timestamp in the future beyond the tolerance", () => {
    expect(verifyWebhook(SECRET, headers, body, { now: at(-300) }).data.id).toBe("app-7");
    expect(refusal(() => verifyWebhook(SECRET, headers, body, { now: at(-301) }))).toEqual({
      reason: "stale-timestamp",
      message: "the webhook is dated 301 s in the future, more than the 300 s allowed",
    });
  });

  it("rejects a tampered body, id or timestamp, and a signature by another secret", () => {
    const now = { now: SENT_AT };
    const cases: [string, () => unknown][] = [
      ["body", () => verifyWebhook(SECRET, headers, body.replace("app-7", "app-8"), now)],
      [
        "re-serialized body",
        () => verifyWebhook(SECRET, headers, JSON.stringify(JSON.parse(body), null, 1), now),
      ],
      ["id", () => verifyWebhook(SECRET, { ...headers, "webhook-id": "evt_2" }, body, now)],
      [
        "timestamp",
        () =>
          verifyWebhook(
            SECRET,
            { ...headers, "webhook-timestamp": String(SENT_AT.getTime() / 1000 + 1) },
            body,
            now,
          ),
      ],
      ["secret", () => verifyWebhook(OLD, headers, body, now)],
      [
        "version",
        () =>
          verifyWebhook(
            SECRET,
            {
              ...headers,
              "webhook-signature": headers["webhook-signature"]?.replace("v1,", "v2,"),
            },
            body,
            now,
          ),
      ],
      ["bytes", () => verifyWebhook(SECRET, headers, new Uint8Array([0xff, 0xfe]), now)],
    ];
    for (const [what, call] of cases) expect(refusal(call).reason, what).toBe("bad-signature");
  });

  it("rejects a webhook without its headers, or with a malformed timestamp", () => {
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      const { [name]: _, ...rest } = headers;
      expect(refusal(() => verifyWebhook(SECRET, rest, body, { now: SENT_AT })).reason, name).toBe(
        "missing-header",
      );
    }
    const malformed = { ...headers, "webhook-timestamp": "1781514000.5" };
    expect(refusal(() => verifyWebhook(SECRET, malformed, body, { now: SENT_AT }))).toEqual({
      reason: "missing-header",
      message: "webhook-timestamp is not a whole number of unix seconds",
    });
  });

  it("reads node:http's headers: any case, the signature list possibly repeated", () => {
    const [first = ""] = (headers["webhook-signature"] ?? "").split(" ");
    const node = {
      "Webhook-Id": headers["webhook-id"],
      "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"],
      "webhook-signature": ["v1,bm90IGl0", first],
    };
    expect(verifyWebhook(SECRET, node, body, { now: SENT_AT }).data.position).toBe("41");
  });

  it("rejects a signed body that is not an rpdi event", () => {
    const other = '{"type":"invoice.paid","data":{}}';
    const signed = webhookHeaders({
      id: "evt_9",
      timestamp: SENT_AT,
      body: other,
      secrets: [SECRET],
    });
    expect(refusal(() => verifyWebhook(SECRET, signed, other, { now: SENT_AT })).reason).toBe(
      "bad-payload",
    );
    const notJson = webhookHeaders({
      id: "evt_9",
      timestamp: SENT_AT,
      body: "{",
      secrets: [SECRET],
    });
    expect(refusal(() => verifyWebhook(SECRET, notJson, "{", { now: SENT_AT })).reason).toBe(
      "bad-payload",
    );
  });

  it("refuses to run without a whsec_ secret, naming its place and never the text", () => {
    expect(() => verifyWebhook([], headers, body)).toThrow(TypeError);
    expect(() => verifyWebhook([SECRET, "hunter2"], headers, body)).toThrow(
      new TypeError("verifyWebhook: secret 2 is not a whsec_ secret"),
    );
  });
});
