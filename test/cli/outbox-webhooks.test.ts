import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import type { CliIo } from "../../src/cli/io";
import type { OpenedStore } from "../../src/cli/open-store";
import { outboxCommand } from "../../src/cli/outbox";
import { verifyWebhook } from "../../src/client/verify-webhook";
import { createMemoryStore } from "../../src/memory/store";
import { FakeWebhookOutbox } from "../changes/fake-webhook-outbox";

const SECRET = newWebhookSecret(new Uint8Array(24).fill(4));
const servers: Server[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A loopback receiver that answers 204 and keeps what it got. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  let connections = 0;
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    got.push({ headers: request.headers, body });
    response.writeHead(204).end();
  });
  server.on("connection", () => {
    connections += 1;
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, got, connections: () => connections };
}

/** The memory store with a webhook outbox holding two events for one endpoint at `url`. */
function storeWithWebhooks(url: string): { opened: OpenedStore; outbox: FakeWebhookOutbox } {
  const outbox = new FakeWebhookOutbox();
  outbox.addEndpoint("org-1", {
    id: "ep-1",
    url,
    secrets: [{ secret: SECRET, expiresAt: null }],
    enabled: true,
    disabledReason: null,
    createdAt: new Date(0),
  });
  for (const [applicationId, position] of [
    ["app-1", 1],
    ["app-2", 2],
  ] as const)
    outbox.addEvent("org-1", {
      id: `evt-${position}`,
      endpointId: "ep-1",
      type: "job_application.changed",
      applicationId,
      position,
      occurredAt: new Date("2026-06-15T00:00:00Z"),
    });
  const store = Object.assign(createMemoryStore(), {
    claimWebhookEvents: outbox.claimWebhookEvents.bind(outbox),
    settleWebhookEvents: outbox.settleWebhookEvents.bind(outbox),
  });
  return { opened: { store, close: async () => undefined }, outbox };
}

async function deliver(opened: OpenedStore, flags: string[]) {
  const err: string[] = [];
  const io: CliIo = {
    stdout: () => undefined,
    stderr: (text) => err.push(text),
    readFile: async () => new Uint8Array(),
    fileSize: async () => 0,
    writeFile: async () => undefined,
    color: false,
    now: () => new Date(),
  };
  const code = await outboxCommand(
    ["deliver", "--once", "--database-url", "postgres://unused/db", ...flags],
    io,
    {
      env: {},
      cwd: process.cwd(),
      onStopSignal: () => () => undefined,
      openStore: async () => opened,
    },
  );
  return { code, err: err.join("") };
}

describe("rpdi outbox deliver: webhooks", () => {
  it("--allow-loopback-webhooks posts a store's webhook events to a loopback receiver, signed so verifyWebhook accepts them", async () => {
    const hooks = await receiver();
    const { opened, outbox } = storeWithWebhooks(hooks.url);
    const run = await deliver(opened, ["--allow-loopback-webhooks"]);
    expect(run.code).toBe(0);
    expect(run.err).toContain("webhooks delivered 2, retried 0, disabled 0");
    expect(outbox.ids()).toEqual([]);
    expect(hooks.got.map(({ headers, body }) => verifyWebhook(SECRET, headers, body).data)).toEqual(
      [
        { id: "app-1", position: "1" },
        { id: "app-2", position: "2" },
      ],
    );
  });

  it("without the flag refuses the loopback receiver before connecting: reported, kept for a retry, exit 1 with --once", async () => {
    const hooks = await receiver();
    const { opened, outbox } = storeWithWebhooks(hooks.url);
    const run = await deliver(opened, []);
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      "rpdi: outbox deliver: webhook evt-1 to endpoint ep-1 of org-1 failed (attempt 1, retried on the schedule): webhook receiver 127.0.0.1 refused: plain http is refused (https only)",
    );
    expect(run.err).toContain("webhooks delivered 0, retried 2, disabled 0");
    expect(run.err).not.toContain(SECRET.slice("whsec_".length));
    expect(hooks.connections()).toBe(0);
    expect(outbox.waiting.map((item) => item.attempts)).toEqual([1, 1]);
  });

  it("delivers only welcome emails from a store without the webhook outbox", async () => {
    const run = await deliver({ store: createMemoryStore(), close: async () => undefined }, []);
    expect(run.code).toBe(0);
    expect(run.err).not.toContain("webhooks");
  });
});
