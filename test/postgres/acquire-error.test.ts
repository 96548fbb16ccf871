import { createServer, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionSource } from "../../src/postgres/client";

/** One protocol message: its type byte, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const fields = (entries: [string, string][]) =>
  Buffer.concat([
    ...entries.map(([code, text]) => Buffer.from(`${code}${text}\0`)),
    Buffer.from("\0"),
  ]);

/**
 * What a PostgreSQL server shutting down right after it accepted a connection sends, in one
 * write: authentication done, ready for a query, then FATAL 57P01.
 */
const ACCEPTED_THEN_TERMINATED = Buffer.concat([
  message("R", int32(0)),
  message("Z", Buffer.from("I")),
  message(
    "E",
    fields([
      ["S", "FATAL"],
      ["V", "FATAL"],
      ["C", "57P01"],
      ["M", "terminating connection due to administrator command"],
    ]),
  ),
]);

describe("a pg Pool's connection that fails in the same read that made it ready", () => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    // The startup message is the first thing a client sends; the answer goes out in one write.
    socket.once("data", () => socket.write(ACCEPTED_THEN_TERMINATED));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("is heard from the moment it is acquired: its query fails, the host does not end", async () => {
    const pool = new pg.Pool({ host: "127.0.0.1", port, user: "rpdi", database: "rpdi", max: 1 });
    pool.on("error", () => undefined);
    // An "error" emitted with no listener would throw out of pg's parser and end the process:
    // noted here instead, so the test fails rather than the run.
    const unheard: unknown[] = [];
    pool.on("connect", (client) => {
      const emit = client.emit.bind(client);
      client.emit = (event: string | symbol, ...args: unknown[]) => {
        if (event === "error" && client.listenerCount("error") === 0) {
          unheard.push(args[0]);
          return false;
        }
        return emit(event, ...args);
      };
    });
    try {
      const connection = await connectionSource(pool)();
      await expect(connection.query("SELECT 1")).rejects.toThrow();
      connection.release(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unheard).toEqual([]);
    } finally {
      await pool.end().catch(() => undefined);
    }
  });
});
