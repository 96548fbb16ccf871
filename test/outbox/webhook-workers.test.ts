import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseJobApplication } from "../../src/applications/erase";
import { recordJobApplications } from "../../src/applications/record";
import { registerWebhookEndpoint } from "../../src/changes/webhook-endpoints";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import type { PostgresStore } from "../../src/postgres/adapter";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { RECORDED_NOW, recordOf } from "../../src/testing/suites/live-data-support";
import { DATABASE_URL, dropStore, freshStore, schemaOfStore, serverPool } from "../postgres/stores";
import { cliFromSource, ROOT } from "../support/serve";

const APPLICATIONS = 40;
/** Each application recorded this many times, one transaction each: an event per change. */
const ROUNDS = 3;
/** The receiver stops answering after this many deliveries: the victim hangs mid-batch. */
const HANG_AFTER = 30;
const LEASE_MS = 4000;

/** Resolves once `check` answers true, polling; rejects after `limitMs` naming what it waited for. */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 60_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// `rpdi outbox deliver` posting one organization's webhook events from the real server to a
// loopback receiver is killed with SIGKILL while it waits on a receiver that stopped answering; two
// workers started afterwards deliver the rest. Needs a PostgreSQL server: without DATABASE_URL it
// is skipped.
describe.skipIf(DATABASE_URL === undefined)(
  `webhook workers on one PostgreSQL, one killed mid-batch${DATABASE_URL === undefined ? " (skipped: needs a PostgreSQL server; set DATABASE_URL)" : ""}`,
  () => {
    let pool: pg.Pool;
    let store: PostgresStore;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      pool = serverPool();
      store = await freshStore(pool, "webhook_workers");
      await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    });
    afterAll(async () => {
      // Every process this test started is stopped by its pid, whatever happened.
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
          process.kill(child.pid, "SIGKILL");
      await dropStore(store);
      await pool.end();
    });

    function worker(name: string) {
      const child = spawn(
        process.execPath,
        cliFromSource(
          "outbox",
          "deliver",
          "--schema",
          schemaOfStore(store),
          "--allow-loopback-webhooks",
          "--worker",
          name,
          "--lease-ms",
          String(LEASE_MS),
          "--idle-ms",
          "100",
        ),
        { cwd: ROOT, env: { ...process.env, DATABASE_URL }, stdio: ["ignore", "ignore", "pipe"] },
      );
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
        (resolve) => child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      children.push(child);
      return { child, exited, stderr: () => stderr };
    }

    it("every waiting event arrives, signed as standardwebhooks verifies, each application's in position order", async () => {
      // The receiver: verifies with the standardwebhooks package, answers 204 until told to hang.
      let secret = "";
      let answering = HANG_AFTER;
      const delivered: { id: string; application: string; position: number }[] = [];
      const held: ServerResponse[] = [];
      const refused: string[] = [];
      const server = createServer(async (request, response) => {
        let body = "";
        for await (const chunk of request) body += chunk;
        try {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
        } catch (error) {
          refused.push(String(error));
          response.writeHead(400).end();
          return;
        }
        if (answering-- <= 0) {
          held.push(response);
          return;
        }
        const { data } = JSON.parse(body) as { data: { id: string; position: string } };
        const id = String(request.headers["webhook-id"]);
        delivered.push({ id, application: data.id, position: Number(data.position) });
        response.writeHead(204).end();
      });
      server.listen(0, "127.0.0.1");
      await once(server, "listening");
      try {
        const { port } = server.address() as AddressInfo;
        const registered = await registerWebhookEndpoint(store, {
          orgId: SEED_ORG_ID,
          url: `http://127.0.0.1:${port}/hooks`,
          now: new Date(),
          urlPolicy: { allowLoopback: true, resolve: async () => ["127.0.0.1"] },
        });
        if (!registered.ok) throw new Error(JSON.stringify(registered));
        secret = registered.secret;
        for (let round = 1; round <= ROUNDS; round++) {
          const outcome = await recordJobApplications(store, {
            orgId: SEED_ORG_ID,
            applications: Array.from({ length: APPLICATIONS }, (_, n) => recordOf(n + 1, round)),
            now: RECORDED_NOW,
          });
          expect(outcome.ok).toBe(true);
        }
        for (const n of [3, 7]) {
          const erased = await eraseJobApplication(store, {
            orgId: SEED_ORG_ID,
            applicationId: `ra-${n}`,
          });
          expect(erased.ok).toBe(true);
        }
        const s = `"${schemaOfStore(store)}"`;
        const count = async (where = "true") =>
          Number(
            (await pool.query(`SELECT count(*)::int AS n FROM ${s}.webhook_events WHERE ${where}`))
              .rows[0]?.n,
          );
        const waiting = await pool.query(`SELECT id FROM ${s}.webhook_events`);
        const all = waiting.rows.map((row) => row.id as string);
        expect(all).toHaveLength(APPLICATIONS * ROUNDS + 2);

        const victim = worker("victim");
        await until("the victim to hang mid-batch", () => held.length > 0);
        if (victim.child.pid === undefined) throw new Error("the victim has no pid");
        process.kill(victim.child.pid, "SIGKILL");
        expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });
        // What it had claimed and not settled is still leased to it, until the lease ends.
        const leased = await pool.query(
          `SELECT id FROM ${s}.webhook_events WHERE lease_worker = 'victim'`,
        );
        const unsettled = new Set(leased.rows.map((row) => row.id as string));
        expect(unsettled.size).toBeGreaterThan(0);
        for (const response of held.splice(0)) response.destroy();
        answering = Number.POSITIVE_INFINITY;

        const survivors = [worker("a"), worker("b")];
        await until("an empty outbox", async () => (await count()) === 0);
        for (const survivor of survivors) {
          if (survivor.child.pid !== undefined) process.kill(survivor.child.pid, "SIGTERM");
          expect((await survivor.exited).code, survivor.stderr()).toBe(0);
        }
        expect(refused).toEqual([]);
        expect(new Set(delivered.map((event) => event.id))).toEqual(new Set(all));
        // At least once: only what the victim had delivered and not yet settled comes twice.
        const times = new Map<string, number>();
        for (const { id } of delivered) times.set(id, (times.get(id) ?? 0) + 1);
        const twice = [...times].filter(([, n]) => n > 1);
        expect(twice.every(([id, n]) => n === 2 && unsettled.has(id))).toBe(true);
        const positions = new Map<string, number[]>();
        for (const event of delivered)
          positions.set(event.application, [
            ...(positions.get(event.application) ?? []),
            event.position,
          ]);
        for (const [application, seen] of positions)
          expect(seen, application).toEqual([...seen].sort((a, b) => a - b));
        const endpoints = await pool.query(`SELECT enabled FROM ${s}.webhook_endpoints`);
        expect(endpoints.rows).toEqual([{ enabled: true }]);
      } finally {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close();
      }
    });
  },
);
