import { Worker } from "node:worker_threads";
import { serve } from "@hono/node-server";

/** Where the bench's servers listen. */
export const HOST = "127.0.0.1";

/**
 * The load: `concurrency` keep-alive HTTP/1.1 connections, one request in flight on each, for a
 * fixed time, from a worker thread so that the client's own work is not the server's. Raw sockets
 * and a prepared request, as autocannon drives load: a fetch client tops out below a bare server.
 * Plain CommonJS in a string, so it runs the same bundled or from TypeScript.
 */
const LOAD = `
const { parentPort } = require("node:worker_threads");
const net = require("node:net");
function connection(port, request, end, counter) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "${HOST}");
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    const send = () => {
      if (performance.now() < end) socket.write(request);
      else { socket.destroy(); resolve(); }
    };
    socket.on("connect", send);
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const head = buffer.indexOf("\\r\\n\\r\\n");
        if (head === -1) return;
        const text = buffer.toString("latin1", 0, head);
        const length = /\\r\\ncontent-length: *(\\d+)/i.exec(text);
        if (!text.startsWith("HTTP/1.1 200 ") || length === null) {
          socket.destroy();
          reject(new Error("unexpected answer: " + text.slice(0, 200)));
          return;
        }
        const total = head + 4 + Number(length[1]);
        if (buffer.length < total) return;
        buffer = buffer.subarray(total);
        counter.count++;
        send();
      }
    });
  });
}
parentPort.on("message", async ({ port, path, cookie, ms, concurrency }) => {
  const request = Buffer.from(
    "GET " + path + " HTTP/1.1\\r\\nhost: ${HOST}:" + port + "\\r\\ncookie: " + cookie + "\\r\\n\\r\\n",
    "latin1",
  );
  const counter = { count: 0 };
  const start = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, () => connection(port, request, start + ms, counter)),
    );
    parentPort.postMessage({ count: counter.count, ms: performance.now() - start });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

/** A server of the bench on a loopback port. */
export interface Listening {
  port: number;
  close: () => Promise<void>;
}

/** Serves `fetch` with @hono/node-server on a free loopback port. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: HOST }, (info) =>
      resolve({
        port: info.port,
        close: () => new Promise((closed) => server.close(() => closed())),
      }),
    );
  });
}

/** The load's worker: requests per second of a GET on a server, one round at a time. */
export function loopbackLoad(concurrency: number) {
  const worker = new Worker(LOAD, { eval: true });
  /** One round: the requests answered and their rate. */
  const run = (server: Listening, path: string, cookie: string, ms: number) =>
    new Promise<{ count: number; perSecond: number }>((resolve, reject) => {
      worker.once("message", (result: { count: number; ms: number } | { error: string }) =>
        "error" in result
          ? reject(new Error(result.error))
          : resolve({ count: result.count, perSecond: (result.count / result.ms) * 1000 }),
      );
      worker.postMessage({ port: server.port, path, cookie, ms, concurrency });
    });
  return {
    run,
    perSecond: async (server: Listening, path: string, cookie: string, ms: number) =>
      (await run(server, path, cookie, ms)).perSecond,
    stop: async () => {
      await worker.terminate();
    },
  };
}
