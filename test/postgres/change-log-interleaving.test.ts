import type pg from "pg";
import { expect, it } from "vitest";
import type { ChangeLogEntry } from "../../src/domain/change-log";
import type { Application, Candidate } from "../../src/domain/feed";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import type { PooledConnection, PostgresClient } from "../../src/postgres/client";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { describeOnServer, dropStore, freshStore, schemaOfStore } from "./stores";

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The pool's connections, each holding back its COMMIT once it has written change-log entries
 * until the test opens that transaction's gate: the entries are drawn after the transaction's
 * work, just before its COMMIT, so the pause between the two sits at the COMMIT. `drew` resolves
 * as each transaction has drawn, in order.
 */
function commitGates(pool: pg.Pool) {
  const drawn: ReturnType<typeof gate>[] = [gate(), gate()];
  const commits: ReturnType<typeof gate>[] = [gate(), gate()];
  let draws = 0;
  const client: PostgresClient = {
    query: (text, params) => pool.query(text, params),
    async connect(): Promise<PooledConnection> {
      const inner = await pool.connect();
      let mine: number | undefined;
      return {
        release: (error) => inner.release(error),
        async query(text, params) {
          if (text === "COMMIT" && mine !== undefined) await commits[mine]?.opened;
          const result = await inner.query(text, params);
          if (/INSERT INTO \S+\.application_changes/.test(text)) {
            mine = draws++;
            drawn[mine]?.open();
          }
          return result;
        },
      };
    },
  };
  return { client, drawn, commits };
}

const candidate = (id: string): Candidate => ({
  id,
  firstName: "Ray",
  lastName: "Ce",
  email: null,
  phone: null,
});

/** An application of a candidate of its own (a candidate's other applications change with it). */
const application = (id: string): Application => ({
  id,
  candidateId: `cand-of-${id}`,
  jobId: "job-lit",
  offer: { startDate: null, salary: null },
  address: { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" },
  statusChanges: [],
  customFieldAnswers: [],
  education: [],
});

/** Writes one application in its own transaction; `inside` opens once the work has begun. */
function write(store: PostgresStore, id: string, inside?: () => void): Promise<void> {
  return store.transaction(SEED_ORG_ID, async (tx) => {
    inside?.();
    await tx.saveRecruitingWrites?.({
      candidates: [candidate(`cand-of-${id}`)],
      applications: [application(id)],
    });
  });
}

/** Waits until a writer waits for an organization's lock. */
async function someoneWaitsForTheLock(pool: pg.Pool): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await pool.query(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
    );
    if (rows[0]?.n === 1) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the second writer never waited for the organization's lock");
}

describeOnServer(
  "the change log's positions follow commit order (on PGlite one transaction runs at a time, so no two interleave)",
  (pool) => {
    it("a reader never skips a change that commits after a later position was read", async () => {
      const base = await freshStore(pool(), "log_interleave");
      try {
        await base.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
        const gates = commitGates(pool());
        const store = createPostgresStore({ client: gates.client, schema: schemaOfStore(base) });
        // The reader pages on from the last position it read, as a changes-feed client does.
        const seen: ChangeLogEntry[] = [];
        const pages: { head: number; positions: number[] }[] = [];
        const read = async () => {
          const page = await store.transaction(
            SEED_ORG_ID,
            async (tx) => tx.readChangeLog?.({ after: seen.at(-1)?.position ?? 12, limit: 10 }),
            { readOnly: true },
          );
          if (page === undefined) throw new Error("the store keeps a change log");
          seen.push(...page.entries);
          pages.push({ head: page.head, positions: page.entries.map((entry) => entry.position) });
        };

        // The first writer holds the lock; the second, started meanwhile, waits for it.
        const firstInside = gate();
        const first = write(store, "app-race-b", firstInside.open);
        await firstInside.opened;
        const second = write(store, "app-race-a");
        await someoneWaitsForTheLock(pool());
        await gates.drawn[0]?.opened;
        await read();
        gates.commits[0]?.open();
        await first;
        await gates.drawn[1]?.opened;
        await read();
        gates.commits[1]?.open();
        await second;
        await read();

        expect(pages).toEqual([
          { head: 12, positions: [] },
          { head: 13, positions: [13] },
          { head: 14, positions: [14] },
        ]);
        expect(seen.map((entry) => [entry.position, entry.applicationId])).toEqual([
          [13, "app-race-b"],
          [14, "app-race-a"],
        ]);
      } finally {
        await dropStore(base);
      }
    });
  },
);
