import { describe, expect, it } from "vitest";
import { webhookBody, webhookHeaders } from "../../src/changes/webhook-signature";
import {
  createOperatorClient,
  RpdiNotFoundError,
  RpdiValidationError,
  verifyWebhook,
} from "../../src/client/index";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { OPERATOR_TOKEN } from "../http/operator-support";
import { SECRET, sandboxSnapshot } from "../http/support";

const ORG = sandboxSnapshot().organization.id;

function client() {
  const handler = createHttpHandler({
    store: createMemoryStore(sandboxSnapshot()),
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    operatorToken: OPERATOR_TOKEN,
    webhookUrlPolicy: { allowLoopback: false, resolve: async () => ["93.184.216.34"] },
  });
  return createOperatorClient({
    baseUrl: "http://127.0.0.1:8080",
    token: OPERATOR_TOKEN,
    fetch: async (input, init) => handler(new Request(input, init)),
  });
}

describe("the operator client's webhook methods", () => {
  it("registers, lists, rotates, replays and deletes a receiver, and its secret verifies what rpdi signs", async () => {
    const operator = client();
    const { endpoint, secret } = await operator.registerWebhook(ORG, "https://hooks.example/rpdi");
    expect((await operator.listWebhooks(ORG)).endpoints).toEqual([endpoint]);
    const event = {
      id: "msg_1",
      endpointId: endpoint.id,
      type: "job_application.changed" as const,
      applicationId: "a-1",
      position: 7,
      occurredAt: new Date(),
    };
    const body = webhookBody(event);
    const headers = webhookHeaders({
      id: event.id,
      timestamp: new Date(),
      body,
      secrets: [secret],
    });
    expect(verifyWebhook(secret, headers, body).data).toEqual({ id: "a-1", position: "7" });
    const rotated = await operator.rotateWebhookSecret(ORG, endpoint.id, { overlapHours: 1 });
    expect(rotated.secret).not.toBe(secret);
    expect(await operator.replayWebhooks(ORG, endpoint.id, 1)).toMatchObject({
      endpoint: { enabled: true },
      events: expect.any(Number),
    });
    expect(await operator.deleteWebhook(ORG, endpoint.id)).toEqual({ deleted: true });
    await expect(operator.deleteWebhook(ORG, endpoint.id)).rejects.toBeInstanceOf(
      RpdiNotFoundError,
    );
  });

  it("throws RpdiValidationError for a receiver on a private address", async () => {
    await expect(client().registerWebhook(ORG, "https://10.0.0.1/hook")).rejects.toBeInstanceOf(
      RpdiValidationError,
    );
  });
});
