import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret } from "../../src/changes/webhook-secret";
import type { CliIo } from "../../src/cli/io";
import type { OpenedStore } from "../../src/cli/open-store";
import { outboxCommand } from "../../src/cli/outbox";
import { verifyWebhook } from "../../src/client/verify-webhook";
import { createMemoryStore, type MemoryStore } from "../../src/memory/store";
import { memoryStoreWithEndpoints, recordChanges } from "../changes/memory-webhooks";

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

/** The seeded memory store with one endpoint at `url` and a change of two applications waiting. */
async function storeWithWebhooks(
  url: string,
): Promise<{ opened: OpenedStore; store: MemoryStore }> {
  const store = await memoryStoreWithEndpoints([
    {
      id: "ep-1",
      url,
      secrets: [{ secret: SECRET, expiresAt: null }],
      enabled: true,
      disabledReason: null,
      createdAt: new Date(0),
    },
  ]);
  await recordChanges(store, [1, 2]);
  return { opened: { store, close: async () => undefined }, store };
}

/** What is still waiting, claimed (and so leased) far in the future. */
const waiting = (store: MemoryStore) =>
  store.claimWebhookEvents({ worker: "t", limit: 100, leaseMs: 1, now: new Date(8e15) });

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
    const { opened, store } = await storeWithWebhooks(hooks.url);
    const run = await deliver(opened, ["--allow-loopback-webhooks"]);
    expect(run.code).toBe(0);
    expect(run.err).toContain("webhooks delivered 2, retried 0, disabled 0");
    expect(await waiting(store)).toEqual([]);
    const payloads = hooks.got.map(({ headers, body }) => verifyWebhook(SECRET, headers, body));
    expect(payloads.map(({ type, data }) => [type, data.id]).sort()).toEqual([
      ["job_application.changed", "ra-1"],
      ["job_application.changed", "ra-2"],
    ]);
  });

  it("without the flag refuses the loopback receiver before connecting: reported, kept for a retry, exit 1 with --once", async () => {
    const hooks = await receiver();
    const { opened, store } = await storeWithWebhooks(hooks.url);
    const run = await deliver(opened, []);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      /rpdi: outbox deliver: webhook msg_\S+ to endpoint ep-1 of org-conformance failed \(attempt 1, retried on the schedule\): webhook receiver 127\.0\.0\.1 refused: plain http is refused \(https only\)\n/,
    );
    expect(run.err).toContain("webhooks delivered 0, retried 2, disabled 0");
    expect(run.err).not.toContain(SECRET.slice("whsec_".length));
    expect(hooks.connections()).toBe(0);
    expect((await waiting(store)).map((item) => item.attempts)).toEqual([1, 1]);
  });

  it("delivers only welcome emails from a store without the webhook outbox", async () => {
    const { claimWebhookEvents: _, settleWebhookEvents: __, ...store } = createMemoryStore();
    const run = await deliver({ store, close: async () => undefined }, []);
    expect(run.code).toBe(0);
    expect(run.err).not.toContain("webhooks");
  });
});
