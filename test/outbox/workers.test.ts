import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { welcomeEmailIdempotencyKey } from "../../src/members/deliver";
import type { PostgresStore } from "../../src/postgres/adapter";
import { DATABASE_URL, dropStore, freshStore, schemaOfStore, serverPool } from "../postgres/stores";
import { cliFromSource, ROOT } from "../support/serve";
import { pendingWelcomeEmails, seedOutbox } from "./seed";

const PER_ORGANIZATION = 2500;
const BATCH = 100;
/** The victim stops answering after this many deliveries: half way through its second batch. */
const HANG_AFTER = 150;
/** Long beside a batch (100 fsynced appends), short beside the test. */
const LEASE_MS = 5000;

/** Resolves once `check` answers true, polling; rejects after `limitMs` naming what it waited for. */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 40_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
}

// Three `rpdi outbox deliver` processes share 5,000 emails on the real server; one is killed with
// SIGKILL half way through a batch. Needs a PostgreSQL server: without DATABASE_URL it is skipped.
describe.skipIf(DATABASE_URL === undefined)(
  `three outbox workers on one PostgreSQL, one killed mid-batch${DATABASE_URL === undefined ? " (skipped: needs a PostgreSQL server; set DATABASE_URL)" : ""}`,
  () => {
    let pool: pg.Pool;
    let store: PostgresStore;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      pool = serverPool();
      store = await freshStore(pool, "outbox_workers");
    });
    afterAll(async () => {
      // Every process this test started is stopped by its pid, whatever happened.
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
          process.kill(child.pid, "SIGKILL");
      await dropStore(store);
      await pool.end();
    });

    function worker(name: string, log: string, env: Record<string, string> = {}) {
      const child = spawn(
        process.execPath,
        cliFromSource(
          "outbox",
          "deliver",
          "--schema",
          schemaOfStore(store),
          "--sender",
          join(ROOT, "test/outbox/recording-sender.mjs"),
          "--worker",
          name,
          "--batch",
          String(BATCH),
          "--lease-ms",
          String(LEASE_MS),
          "--idle-ms",
          "100",
        ),
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL, RPDI_DELIVERY_LOG: log, ...env },
          stdio: ["ignore", "ignore", "pipe"],
        },
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

    it("delivers every email; only the killed worker's unacknowledged claim is delivered twice, each at most twice", async () => {
      const orgIds = await seedOutbox(store, PER_ORGANIZATION);
      const all = orgIds.flatMap((orgId) =>
        pendingWelcomeEmails(PER_ORGANIZATION).map((e) => welcomeEmailIdempotencyKey(orgId, e.id)),
      );
      expect(all).toHaveLength(5000);
      const dir = mkdtempSync(join(tmpdir(), "rpdi-outbox-workers-"));
      const logs = {
        victim: join(dir, "victim.log"),
        a: join(dir, "a.log"),
        b: join(dir, "b.log"),
      };

      const victim = worker("victim", logs.victim, { RPDI_HANG_AFTER: String(HANG_AFTER) });
      await until("the victim's first delivery", () => lines(logs.victim).length > 0);
      const a = worker("a", logs.a);
      const b = worker("b", logs.b);
      await until("the victim to hang mid-batch", () => existsSync(`${logs.victim}.hanging`));
      if (victim.child.pid === undefined) throw new Error("the victim has no pid");
      process.kill(victim.child.pid, "SIGKILL");
      expect(await victim.exited).toEqual({ code: null, signal: "SIGKILL" });

      // What the victim had claimed and not acknowledged: still leased to it (its lease has not
      // ended yet, so nobody has claimed them again).
      const s = `"${schemaOfStore(store)}"`;
      const { rows } = await pool.query(
        `SELECT org_id, id FROM ${s}.welcome_emails WHERE leased_by = 'victim'`,
      );
      const unacknowledged = new Set(
        rows.map((row) => welcomeEmailIdempotencyKey(row.org_id as string, row.id as string)),
      );
      const victimSent = lines(logs.victim);
      expect(victimSent).toHaveLength(HANG_AFTER);
      // Its batch in hand (a claim beside other claimers may come back short of a full batch).
      expect(unacknowledged.size).toBeGreaterThan(0);
      expect(unacknowledged.size).toBeLessThanOrEqual(BATCH);

      await until("an empty outbox", async () => {
        const left = await pool.query(`SELECT count(*)::int AS n FROM ${s}.welcome_emails`);
        return Number(left.rows[0]?.n) === 0;
      });
      for (const survivor of [a, b]) {
        if (survivor.child.pid !== undefined) process.kill(survivor.child.pid, "SIGTERM");
        expect((await survivor.exited).code, survivor.stderr()).toBe(0);
        expect(survivor.stderr()).toMatch(/delivered \d+, failed 0, superseded 0/);
      }

      const times = new Map<string, number>();
      for (const key of [...victimSent, ...lines(logs.a), ...lines(logs.b)])
        times.set(key, (times.get(key) ?? 0) + 1);
      expect([...times.keys()].sort()).toEqual([...all].sort());
      const twice = [...times].filter(([, n]) => n > 1);
      expect(twice.every(([, n]) => n === 2)).toBe(true);
      const duplicates = new Set(twice.map(([key]) => key));
      // Duplicates ⊆ the killed worker's unacknowledged claim; exactly, those of it it had sent.
      expect([...duplicates].every((key) => unacknowledged.has(key))).toBe(true);
      expect([...duplicates].sort()).toEqual(
        victimSent.filter((key) => unacknowledged.has(key)).sort(),
      );
      // It hung right after sending one of that batch, so at least that one came twice.
      expect(duplicates.size).toBeGreaterThan(0);
      console.info(
        `outbox workers: victim sent ${victimSent.length} (${unacknowledged.size} claimed, unacknowledged at the kill), a ${lines(logs.a).length}, b ${lines(logs.b).length}; delivered twice: ${duplicates.size}`,
      );
    });
  },
);
