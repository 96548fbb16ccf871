import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { type PostgresClient, type Queryable, sqlState } from "../../src/postgres/client";
import {
  OTHER_ORG_ID,
  otherOrganization,
  SEED_ORG_ID,
  seedOrganization,
} from "../../src/testing/seed";
import { pendingWelcomeEmails } from "../outbox/seed";
import {
  DATABASE_URL,
  describeOnServer,
  dropStore,
  freshStore,
  pgliteClient,
  schemaOfStore,
} from "./stores";

/**
 * The references migration 15 keeps by statement-level triggers instead of foreign keys (members
 * and welcome emails to their organization, client matters to their review cycle, matter entries
 * to their client matter): refused when they name nothing, followed on delete, never changed.
 */
async function withSeededSchema(
  client: PostgresClient,
  prefix: string,
  work: (s: string) => Promise<void>,
): Promise<void> {
  const store = await freshStore(client, prefix);
  try {
    await store.loadSnapshot(
      parseOrganizationSnapshot({ ...seedOrganization(), welcomeEmails: pendingWelcomeEmails(2) }),
    );
    await store.loadSnapshot(
      parseOrganizationSnapshot({ ...otherOrganization(), welcomeEmails: pendingWelcomeEmails(3) }),
    );
    const s = `"${schemaOfStore(store)}"`;
    // A second cycle in the seed organization and a cycle in the other one, each with a matter
    // and an entry: a removal must reach what names the removed rows, and nothing beside.
    for (const [orgId, cycle] of [
      [SEED_ORG_ID, "c-two"],
      [OTHER_ORG_ID, "c-other"],
    ] as const) {
      await client.query(
        `INSERT INTO ${s}.review_cycles (org_id, id, name) VALUES ($1, $2, 'Second')`,
        [orgId, cycle],
      );
      await client.query(
        `INSERT INTO ${s}.client_matters (org_id, cycle_id, id, matter_id, client_name, matter_name)
         VALUES ($1, $2, $3, 'M-2', 'Acme', 'Beta')`,
        [orgId, cycle, `cm-${cycle}`],
      );
      await client.query(
        `INSERT INTO ${s}.matter_entries (org_id, id, client_matter_id, attorney_email, billing_attorney_email, hours_billed)
         VALUES ($1, $2, $3, 'ada@firm.example', 'ada@firm.example', 3)`,
        [orgId, `e-${cycle}`, `cm-${cycle}`],
      );
    }
    await work(s);
  } finally {
    await dropStore(store);
  }
}

/** The SQLSTATE `statement` fails with, or undefined when it succeeds. */
const failureOf = (statement: Promise<unknown>): Promise<string | undefined> =>
  statement.then(() => undefined, sqlState);

async function count(client: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query(sql, params);
  return Number(rows[0]?.n);
}

/** Resolves once the backend `pid` waits for a lock (the statement it was sent has reached it). */
async function waitingForLock(client: Queryable, pid: number): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { rows } = await client.query(
      "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1",
      [pid],
    );
    if (rows[0]?.wait_event_type === "Lock") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

/** `work` on one connection of `client`: a pool's own, or PGlite, which is one. */
async function onOneConnection<T>(
  client: PostgresClient,
  work: (db: Queryable) => Promise<T>,
): Promise<T> {
  if (!(client instanceof pg.Pool)) return work(client);
  const connection = await client.connect();
  try {
    return await work(connection);
  } finally {
    connection.release();
  }
}

/** rpdi loads, then replaces, an organization on `client`, whose sessions default to REPEATABLE READ. */
async function replaceUnderRepeatableReadDefault(client: PostgresClient, prefix: string) {
  const { rows } = await client.query("SHOW default_transaction_isolation");
  expect(rows[0]?.default_transaction_isolation).toBe("repeatable read");
  const store = await freshStore(client, prefix);
  try {
    const snapshot = parseOrganizationSnapshot(seedOrganization());
    await store.loadSnapshot(snapshot);
    await store.loadSnapshot(snapshot);
    expect(await store.exportSnapshot(SEED_ORG_ID)).toEqual(snapshot);
  } finally {
    await dropStore(store);
  }
}

function referenceCases(client: () => PostgresClient, prefix: string) {
  it("an inserted row naming an organization, review cycle or client matter that does not exist is refused with 23503, and nothing of its statement is kept", async () => {
    await withSeededSchema(client(), prefix, async (s) => {
      const db = client();
      expect(
        await failureOf(
          db.query(
            `INSERT INTO ${s}.members (org_id, id, email, first_name, last_name)
             VALUES ($1, 'm-new', 'new@firm.example', 'N', 'N'), ('no-such-org', 'm-stray', 'stray@firm.example', 'S', 'S')`,
            [SEED_ORG_ID],
          ),
        ),
      ).toBe("23503");
      expect(
        await failureOf(
          db.query(
            `INSERT INTO ${s}.welcome_emails (org_id, id, member_id, email, first_name, last_name, product, reason, created_at)
             VALUES ('no-such-org', 'w-stray', 'm-x', 'x@firm.example', 'X', 'X', 'PERFORM', 'MEMBER_CREATED', '2026-01-01T00:00:00.000Z')`,
          ),
        ),
      ).toBe("23503");
      expect(
        await failureOf(
          db.query(
            `INSERT INTO ${s}.client_matters (org_id, cycle_id, id, matter_id, client_name, matter_name)
             SELECT org_id, 'no-such-cycle', 'cm-stray', 'M-9', 'Acme', 'Stray' FROM ${s}.review_cycles WHERE org_id = $1 LIMIT 1`,
            [SEED_ORG_ID],
          ),
        ),
      ).toBe("23503");
      // A cycle of another organization is not this organization's cycle.
      expect(
        await failureOf(
          db.query(
            `INSERT INTO ${s}.client_matters (org_id, cycle_id, id, matter_id, client_name, matter_name)
             SELECT $2, id, 'cm-stray', 'M-9', 'Acme', 'Stray' FROM ${s}.review_cycles WHERE org_id = $1 LIMIT 1`,
            [SEED_ORG_ID, OTHER_ORG_ID],
          ),
        ),
      ).toBe("23503");
      expect(
        await failureOf(
          db.query(
            `INSERT INTO ${s}.matter_entries (org_id, id, client_matter_id, attorney_email, billing_attorney_email, hours_billed)
             VALUES ($1, 'e-new', 'cm-alpha', 'ada@firm.example', 'ada@firm.example', 1),
                    ($1, 'e-stray', 'no-such-matter', 'ada@firm.example', 'ada@firm.example', 1)`,
            [SEED_ORG_ID],
          ),
        ),
      ).toBe("23503");
      expect(
        await count(
          db,
          `SELECT (SELECT count(*) FROM ${s}.members WHERE id IN ('m-new', 'm-stray'))
                + (SELECT count(*) FROM ${s}.welcome_emails WHERE id = 'w-stray')
                + (SELECT count(*) FROM ${s}.client_matters WHERE id = 'cm-stray')
                + (SELECT count(*) FROM ${s}.matter_entries WHERE id IN ('e-new', 'e-stray')) AS n`,
        ),
      ).toBe(0);
      // The same statements naming what exists are taken.
      await db.query(
        `INSERT INTO ${s}.matter_entries (org_id, id, client_matter_id, attorney_email, billing_attorney_email, hours_billed)
         VALUES ($1, 'e-new', 'cm-alpha', 'ada@firm.example', 'ada@firm.example', 1)`,
        [SEED_ORG_ID],
      );
      expect(
        await count(db, `SELECT count(*) AS n FROM ${s}.matter_entries WHERE id = 'e-new'`),
      ).toBe(1);
    });
  });

  it("deleting a client matter, a review cycle or an organization deletes what names it, and only that", async () => {
    await withSeededSchema(client(), prefix, async (s) => {
      const db = client();
      const ids = async (table: string, orgId: string) =>
        (
          await db.query(`SELECT id FROM ${s}.${table} WHERE org_id = $1 ORDER BY id`, [orgId])
        ).rows.map((row) => String(row.id));
      const rowsOf = async (orgId: string) => ({
        members: await ids("members", orgId),
        welcomeEmails: await ids("welcome_emails", orgId),
        cycles: await ids("review_cycles", orgId),
        matters: await ids("client_matters", orgId),
        entries: await ids("matter_entries", orgId),
      });
      const other = await rowsOf(OTHER_ORG_ID);
      expect(other.welcomeEmails).toHaveLength(3);
      expect(other.entries).toEqual(["e-c-other"]);
      expect((await rowsOf(SEED_ORG_ID)).entries).toEqual(["e-ben", "e-c-two", "e-cleo"]);

      await db.query(`DELETE FROM ${s}.client_matters WHERE org_id = $1 AND id = 'cm-alpha'`, [
        SEED_ORG_ID,
      ]);
      expect((await rowsOf(SEED_ORG_ID)).entries).toEqual(["e-c-two"]);

      await db.query(`DELETE FROM ${s}.review_cycles WHERE org_id = $1 AND id = 'c-two'`, [
        SEED_ORG_ID,
      ]);
      const seed = await rowsOf(SEED_ORG_ID);
      expect([seed.cycles.length, seed.matters, seed.entries]).toEqual([1, [], []]);
      expect(seed.members.length).toBeGreaterThan(0);
      expect(seed.welcomeEmails).toHaveLength(2);

      await db.query(`DELETE FROM ${s}.organizations WHERE id = $1`, [SEED_ORG_ID]);
      expect(await rowsOf(SEED_ORG_ID)).toEqual({
        members: [],
        welcomeEmails: [],
        cycles: [],
        matters: [],
        entries: [],
      });
      expect(await rowsOf(OTHER_ORG_ID)).toEqual(other);
    });
  });

  it("a removal at REPEATABLE READ or SERIALIZABLE is refused: its snapshot could miss a reference committed after it", async () => {
    await withSeededSchema(client(), prefix, async (s) => {
      const db = client();
      for (const level of ["REPEATABLE READ", "SERIALIZABLE"]) {
        for (const removal of [
          `DELETE FROM ${s}.organizations WHERE id = '${SEED_ORG_ID}'`,
          `DELETE FROM ${s}.review_cycles WHERE org_id = '${SEED_ORG_ID}'`,
          `DELETE FROM ${s}.client_matters WHERE org_id = '${SEED_ORG_ID}'`,
        ]) {
          const refusal = await onOneConnection(client(), async (connection) => {
            await connection.query(`BEGIN ISOLATION LEVEL ${level}`);
            try {
              return await failureOf(connection.query(removal));
            } finally {
              await connection.query("ROLLBACK");
            }
          });
          expect(refusal).toBe("25000");
        }
      }
      expect(
        await count(db, `SELECT count(*) AS n FROM ${s}.matter_entries WHERE org_id = $1`, [
          SEED_ORG_ID,
        ]),
      ).toBe(3);
    });
  });

  it("an update that would change a reference or a referenced key, and a TRUNCATE of a referenced table, are refused", async () => {
    await withSeededSchema(client(), prefix, async (s) => {
      const db = client();
      const refused = [
        `UPDATE ${s}.members SET org_id = '${OTHER_ORG_ID}' WHERE org_id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.welcome_emails SET org_id = '${OTHER_ORG_ID}' WHERE org_id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.organizations SET id = 'renamed' WHERE id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.review_cycles SET id = 'renamed' WHERE org_id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.client_matters SET cycle_id = 'elsewhere' WHERE org_id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.client_matters SET id = 'renamed' WHERE org_id = '${SEED_ORG_ID}'`,
        `UPDATE ${s}.matter_entries SET client_matter_id = 'elsewhere' WHERE org_id = '${SEED_ORG_ID}'`,
        `TRUNCATE ${s}.client_matters CASCADE`,
        `TRUNCATE ${s}.review_cycles CASCADE`,
        `TRUNCATE ${s}.organizations CASCADE`,
      ];
      for (const statement of refused) expect(await failureOf(db.query(statement))).toBe("23503");
      // An organization that nothing but its members names: no foreign key left to refuse for it.
      await db.query(
        `INSERT INTO ${s}.organizations (id, short_name, profile, external_user_emails)
         SELECT 'org-bare', 'bare', profile, external_user_emails FROM ${s}.organizations WHERE id = $1`,
        [SEED_ORG_ID],
      );
      await db.query(
        `INSERT INTO ${s}.members (org_id, id, email, first_name, last_name) VALUES ('org-bare', 'm-bare', 'bare@firm.example', 'B', 'B')`,
      );
      expect(
        await failureOf(
          db.query(`UPDATE ${s}.organizations SET id = 'renamed' WHERE id = 'org-bare'`),
        ),
      ).toBe("23503");
      // Setting a reference to the value it has, as an upsert's UPDATE may, is taken.
      await db.query(
        `UPDATE ${s}.members SET org_id = org_id, first_name = 'Same' WHERE org_id = $1`,
        [SEED_ORG_ID],
      );
      expect(
        await count(
          db,
          `SELECT count(*) FILTER (WHERE first_name <> 'Same') AS n FROM ${s}.members WHERE org_id = $1`,
          [SEED_ORG_ID],
        ),
      ).toBe(0);
    });
  });
}

describe("references kept per statement (migration 15)", () => {
  describe("on PGlite", () => {
    referenceCases(() => pgliteClient(), "references");

    it("rpdi loads and replaces an organization when sessions default to REPEATABLE READ", async () => {
      await pgliteClient().query("SET default_transaction_isolation = 'repeatable read'");
      try {
        await replaceUnderRepeatableReadDefault(pgliteClient(), "references_rr");
      } finally {
        await pgliteClient().query("RESET default_transaction_isolation");
      }
    });
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    referenceCases(() => pool(), "references_srv");

    it("rpdi loads and replaces an organization when sessions default to REPEATABLE READ", async () => {
      const repeatable = new pg.Pool({
        connectionString: DATABASE_URL,
        max: 2,
        options: "-c default_transaction_isolation=repeatable\\ read",
      });
      try {
        await replaceUnderRepeatableReadDefault(repeatable, "references_rr_srv");
      } finally {
        await repeatable.end();
      }
    });

    it("a member naming an organization committed while the check waited for a lock is refused, so deleting that organization leaves no member behind", async () => {
      await withSeededSchema(pool(), "references_gap", async (s) => {
        const [holder, creator, inserter] = [
          await pool().connect(),
          await pool().connect(),
          await pool().connect(),
        ];
        try {
          // The holder makes the check wait, with its snapshot taken, until the creator commits.
          await holder.query("BEGIN");
          await holder.query(`SELECT 1 FROM ${s}.organizations WHERE id = $1 FOR UPDATE`, [
            SEED_ORG_ID,
          ]);
          await creator.query("BEGIN");
          await creator.query(
            `INSERT INTO ${s}.organizations (id, short_name, profile, external_user_emails)
             SELECT 'org-late', 'late', profile, external_user_emails FROM ${s}.organizations WHERE id = $1`,
            [SEED_ORG_ID],
          );
          const inserterPid = Number(
            (await inserter.query("SELECT pg_backend_pid() AS pid")).rows[0]?.pid,
          );
          await inserter.query("BEGIN");
          const inserted = failureOf(
            inserter.query(
              `INSERT INTO ${s}.members (org_id, id, email, first_name, last_name)
               VALUES ($1, 'm-early', 'early@firm.example', 'E', 'E'), ('org-late', 'm-late', 'late@firm.example', 'L', 'L')`,
              [SEED_ORG_ID],
            ),
          );
          await waitingForLock(pool(), inserterPid);
          await creator.query("COMMIT");
          await holder.query("ROLLBACK");
          const refusal = await inserted;
          const deleted = pool().query(`DELETE FROM ${s}.organizations WHERE id = 'org-late'`);
          await inserter.query(refusal === undefined ? "COMMIT" : "ROLLBACK");
          await deleted;
          expect(refusal).toBe("23503");
          expect(
            await count(
              pool(),
              `SELECT count(*) AS n FROM ${s}.members m
               WHERE NOT EXISTS (SELECT 1 FROM ${s}.organizations o WHERE o.id = m.org_id)`,
            ),
          ).toBe(0);
        } finally {
          for (const connection of [holder, creator, inserter]) {
            await connection.query("ROLLBACK").catch(() => undefined);
            connection.release();
          }
        }
      });
    });

    it("a member inserted while its organization is being deleted by another transaction is refused or deleted with it, never left behind", async () => {
      await withSeededSchema(pool(), "references_race", async (s) => {
        const inserter = await pool().connect();
        const deleter = await pool().connect();
        try {
          await inserter.query("BEGIN");
          await inserter.query(
            `INSERT INTO ${s}.members (org_id, id, email, first_name, last_name) VALUES ($1, 'm-late', 'late@firm.example', 'L', 'L')`,
            [SEED_ORG_ID],
          );
          // The inserter holds the organization FOR KEY SHARE: the delete waits for its commit.
          const deleterPid = Number(
            (await deleter.query("SELECT pg_backend_pid() AS pid")).rows[0]?.pid,
          );
          await deleter.query("BEGIN");
          const deleted = deleter.query(`DELETE FROM ${s}.organizations WHERE id = $1`, [
            SEED_ORG_ID,
          ]);
          await waitingForLock(pool(), deleterPid);
          await inserter.query("COMMIT");
          await deleted;
          await deleter.query("COMMIT");
          expect(
            await count(pool(), `SELECT count(*) AS n FROM ${s}.members WHERE org_id = $1`, [
              SEED_ORG_ID,
            ]),
          ).toBe(0);
        } finally {
          await inserter.query("ROLLBACK").catch(() => undefined);
          await deleter.query("ROLLBACK").catch(() => undefined);
          inserter.release();
          deleter.release();
        }
      });
    });
  });
});
