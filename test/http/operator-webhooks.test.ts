import { describe, expect, it } from "vitest";
import { webhookEndpointSchema } from "../../src/changes/webhook-endpoint-view";
import { isWebhookSecret } from "../../src/changes/webhook-secret";
import { createHttpHandler } from "../../src/http/handler";
import {
  endpointListBodySchema,
  endpointWithSecretBodySchema,
  replayBodySchema,
} from "../../src/http/operator/webhook-bodies";
import { createMemoryStore } from "../../src/memory/store";
import { OPERATOR_TOKEN } from "./operator-support";
import { BASE, SECRET, sandboxSnapshot } from "./support";

const ORG = sandboxSnapshot().organization.id;

function sandbox(resolve: (host: string) => Promise<string[]> = async () => ["93.184.216.34"]) {
  const store = createMemoryStore(sandboxSnapshot());
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    operatorToken: OPERATOR_TOKEN,
    webhookUrlPolicy: { allowLoopback: false, resolve },
  });
  const call = (method: string, path: string, body?: unknown, token = OPERATOR_TOKEN) =>
    handler(
      new Request(`${BASE}/operator/v1/organizations/${ORG}/webhooks${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return { store, call };
}

describe("operator webhook routes", () => {
  it("registers a receiver (201, the secret shown once), lists it without the secret, rotates, replays and deletes it", async () => {
    const { call } = sandbox();
    const created = await call("POST", "", { url: "https://hooks.example/rpdi" });
    expect(created.status).toBe(201);
    const body = endpointWithSecretBodySchema.parse(await created.json());
    expect(isWebhookSecret(body.secret)).toBe(true);
    const id = body.endpoint.id;
    const listed = await call("GET", "");
    const listText = await listed.text();
    expect(listText).not.toContain(body.secret);
    expect(endpointListBodySchema.parse(JSON.parse(listText)).endpoints).toEqual([body.endpoint]);
    const rotated = await call("POST", `/${id}/rotate-secret`, { overlapHours: 1 });
    expect(rotated.status).toBe(200);
    const rotation = endpointWithSecretBodySchema.parse(await rotated.json());
    expect(rotation.endpoint.previousSecretExpiresAt).toBe("2026-06-15T13:00:00.000Z");
    const replayed = await call("POST", `/${id}/replay`, { fromPosition: 1 });
    expect(replayed.status).toBe(200);
    expect(replayBodySchema.parse(await replayed.json()).endpoint.enabled).toBe(true);
    expect((await call("DELETE", `/${id}`)).status).toBe(200);
    const gone = await call("DELETE", `/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: "WEBHOOK_NOT_FOUND" } });
    webhookEndpointSchema.array().parse([body.endpoint, rotation.endpoint]);
  });

  it("refuses receivers on loopback, private or link-local addresses, and names that resolve to one (400, nothing stored)", async () => {
    const { call } = sandbox(async (host) =>
      host === "rebind.example" ? ["10.0.0.8"] : ["93.184.216.34"],
    );
    for (const url of [
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://192.168.1.10/hook",
      "https://rebind.example/hook",
      "http://hooks.example/hook",
      "not a url",
    ]) {
      const response = await call("POST", "", { url });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(await response.json()).toMatchObject({
        error: { code: "INVALID_INPUT", problems: [{ field: "url" }] },
      });
    }
    expect(endpointListBodySchema.parse(await (await call("GET", "")).json()).endpoints).toEqual(
      [],
    );
  });

  it("answers 401 without the operator token before reading the body, and 404 for an unknown organization", async () => {
    const { call } = sandbox();
    expect(
      (await call("POST", "", { url: "https://hooks.example/" }, "wrong-token-0123456789")).status,
    ).toBe(401);
    const store = createMemoryStore(sandboxSnapshot());
    const handler = createHttpHandler({
      store,
      tokenSecret: SECRET,
      operatorToken: OPERATOR_TOKEN,
    });
    const response = await handler(
      new Request(`${BASE}/operator/v1/organizations/org-missing/webhooks`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      }),
    );
    expect(response.status).toBe(404);
  });

  it("refuses a replay position that is not a whole number from 1", async () => {
    const { call } = sandbox();
    const created = endpointWithSecretBodySchema.parse(
      await (await call("POST", "", { url: "https://hooks.example/" })).json(),
    );
    for (const fromPosition of [0, -3, 1.5, "1"]) {
      const response = await call("POST", `/${created.endpoint.id}/replay`, { fromPosition });
      expect(response.status).toBe(400);
    }
  });
});
