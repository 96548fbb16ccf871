import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookSender } from "../../src/http/webhook-sender";

interface Receiver {
  url: string;
  port: number;
  /** Requests that reached the handler, as method, path, headers and body. */
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: string }[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A real receiver on a loopback port of its own; `answer` responds to each request. */
async function receiver(answer: (response: ServerResponse) => void): Promise<Receiver> {
  const state: Receiver = { url: "", port: 0, requests: [], connections: 0 };
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    state.requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      body,
    });
    answer(response);
  });
  server.on("connection", () => {
    state.connections += 1;
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

const request = (url: string) => ({
  url,
  headers: { "content-type": "application/json", "webhook-id": "evt_1" },
  body: '{"type":"job_application.changed"}',
});

describe("createWebhookSender", () => {
  it("posts the exact body with the signed headers and answers the receiver's status", async () => {
    const hooks = await receiver((response) => response.writeHead(204).end());
    const send = createWebhookSender({ allowLoopback: true });
    expect(await send(request(`${hooks.url}/hooks?x=1`))).toEqual({ status: 204 });
    expect(hooks.requests).toMatchObject([
      {
        method: "POST",
        path: "/hooks?x=1",
        headers: { "content-type": "application/json", "webhook-id": "evt_1" },
        body: '{"type":"job_application.changed"}',
      },
    ]);
  });

  it("does not follow redirects: the receiver at the redirect target is never hit", async () => {
    const target = await receiver((response) => response.writeHead(200).end());
    for (const status of [301, 302, 303, 307, 308]) {
      const redirecting = await receiver((response) =>
        response.writeHead(status, { location: `${target.url}/stolen` }).end(),
      );
      const send = createWebhookSender({ allowLoopback: true });
      expect(await send(request(`${redirecting.url}/hooks`))).toEqual({ status });
      expect(redirecting.requests).toHaveLength(1);
    }
    expect(target.connections).toBe(0);
  });

  it("refuses a loopback receiver when it connects, unless loopback is allowed, even if the URL was never checked", async () => {
    const hooks = await receiver((response) => response.writeHead(200).end());
    const send = createWebhookSender({ allowLoopback: false });
    await expect(send(request(`https://localhost:${hooks.port}/`))).rejects.toThrow(
      /webhook receiver localhost resolves to (127\.0\.0\.1|::1), refused: a loopback address/,
    );
    await expect(send(request(`https://127.0.0.1:${hooks.port}/`))).rejects.toThrow(
      "webhook receiver 127.0.0.1 refused: a loopback address (127.0.0.0/8, ::1)",
    );
    await expect(send(request(`https://[::ffff:127.0.0.1]:${hooks.port}/`))).rejects.toThrow(
      /refused: a loopback address/,
    );
    expect(hooks.connections).toBe(0);
  });

  it("DNS rebinding: a name that now resolves to a private or loopback address is refused at connect time", async () => {
    const hooks = await receiver((response) => response.writeHead(200).end());
    for (const answers of [["127.0.0.1"], ["93.184.215.14", "10.0.0.7"], ["169.254.169.254"]]) {
      const send = createWebhookSender({ resolve: async () => answers });
      await expect(send(request(`https://hooks.example.com:${hooks.port}/`))).rejects.toThrow(
        /^webhook receiver hooks\.example\.com resolves to .*, refused: /,
      );
    }
    expect(hooks.connections).toBe(0);
  });

  it("sends plain http only to a loopback receiver, and only when loopback is allowed", async () => {
    const hooks = await receiver((response) => response.writeHead(200).end());
    await expect(createWebhookSender()(request(`${hooks.url}/`))).rejects.toThrow(
      "plain http is refused (https only)",
    );
    const sandbox = createWebhookSender({ allowLoopback: true, resolve: async () => ["8.8.8.8"] });
    await expect(sandbox(request(`http://hooks.example.com:${hooks.port}/`))).rejects.toThrow(
      "plain http goes only to a loopback receiver",
    );
    await expect(sandbox(request("http://user:pw@127.0.0.1/"))).rejects.toThrow("credentials");
    expect(hooks.connections).toBe(0);
  });

  it("gives up on a receiver that does not answer within timeoutMs", async () => {
    const silent = await receiver(() => undefined);
    const send = createWebhookSender({ allowLoopback: true, timeoutMs: 50 });
    await expect(send(request(`${silent.url}/`))).rejects.toThrow(
      "the webhook receiver did not answer within 50 ms",
    );
  });

  it("answers with the status of an endless answer and closes it after a few KB", async () => {
    let closed: Promise<unknown> = Promise.resolve();
    const flood = await receiver((response) => {
      closed = once(response, "close");
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pour = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on("drain", pour);
      pour();
    });
    const send = createWebhookSender({ allowLoopback: true, timeoutMs: 60_000 });
    expect(await send(request(`${flood.url}/`))).toEqual({ status: 200 });
    await closed;
  });
});
