import { connect, createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_URL } from "../postgres/stores";
import { startServe, stopServe } from "../support/serve";

const SECRET = "a-fake-token-secret-for-these-tests-only-0123456789";

async function probe(root: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${root}${path}`);
  return { status: response.status, body: await response.json() };
}

/** A TCP relay to the database that the test can cut and restore, as a database going away. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = undefined;
  }
}

describe("rpdi serve health", () => {
  it("answers /healthz and /readyz on the memory store, unauthenticated", async () => {
    const { child, rest } = await startServe([]);
    try {
      const root = rest.replace(/\/api\/v2$/, "");
      expect(await probe(root, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
      expect(await probe(root, "/readyz")).toEqual({
        status: 200,
        body: { status: "ready", checks: { store: "ok" } },
      });
    } finally {
      await stopServe(child);
    }
  }, 60_000);

  describe.skipIf(DATABASE_URL === undefined)("on PostgreSQL (DATABASE_URL)", () => {
    const schema = `rpdi_health_${process.pid}`;
    afterAll(async () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    });

    it("is not ready while the database is gone and ready again when it is back; liveness holds throughout", async () => {
      const url = new URL(DATABASE_URL as string);
      const relay = new Relay(url.hostname, Number(url.port || 5432));
      await relay.open();
      const relayed = new URL(url);
      relayed.hostname = "127.0.0.1";
      relayed.port = String(relay.port);
      const { child, rest } = await startServe(
        ["--database-url", relayed.toString(), "--schema", schema, "--pool-size", "2"],
        { RPDI_TOKEN_SECRET: SECRET },
      );
      try {
        const root = rest.replace(/\/api\/v2$/, "");
        expect((await probe(root, "/readyz")).status).toBe(200);
        await relay.cut();
        const gone = await probe(root, "/readyz");
        expect(gone.status).toBe(503);
        expect(gone.body).toMatchObject({ status: "not ready" });
        expect(JSON.stringify(gone.body)).not.toContain(relayed.toString());
        expect(await probe(root, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
        await relay.open();
        expect((await probe(root, "/readyz")).status).toBe(200);
      } finally {
        await stopServe(child);
        await relay.cut();
      }
    }, 120_000);
  });
});
