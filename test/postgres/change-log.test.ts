import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { recordJobApplications } from "../../src/applications/record";
import type { ChangeLogPage } from "../../src/domain/change-log";
import type { Application, Candidate } from "../../src/domain/feed";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import type { WebhookEndpoint } from "../../src/domain/webhooks";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { webhookClaimStatement } from "../../src/postgres/webhook-outbox-sql";
import { compareIds } from "../../src/runtime/compare-ids";
import { type ChangeLogTx, supportsChangeLog } from "../../src/store/change-log";
import { type LiveDataTx, supportsLiveData } from "../../src/store/live-data";
import type { StoreTx } from "../../src/store/port";
import { FEED_WINDOW } from "../../src/testing/feed-arbitraries";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import {
  DATABASE_URL,
  dropStore,
  freshStore,
  postgresEngines,
  schemaOfStore,
  seededStore,
} from "./stores";

const now = new Date(FEED_WINDOW.end);

/** The change-log and live-data operations of `tx`, which the PostgreSQL store always has. */
function logged(tx: StoreTx): ChangeLogTx & LiveDataTx {
  if (!supportsChangeLog(tx) || !supportsLiveData(tx))
    throw new Error("the PostgreSQL store has every change-log and live-data operation");
  return tx;
}

const endpoint = (id: string, enabled = true): WebhookEndpoint => ({
  id,
  url: `https://${id}.example/hook`,
  secrets: [{ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", expiresAt: null }],
  enabled,
  disabledReason: enabled ? null : "turned off",
  createdAt: new Date("2026-06-01T00:00:00.000Z"),
});

const candidate = (id: string): Candidate => ({
  id,
  firstName: "Bulk",
  lastName: id,
  email: null,
  phone: null,
});

const application = (id: string, candidateId: string): Application => ({
  id,
  candidateId,
  jobId: "job-lit",
  offer: { startDate: null, salary: null },
  address: { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" },
  statusChanges: [
    { id: "s1", statusName: "Applied", statusBucketName: "Active", at: "2026-03-01T00:00:00.000Z" },
  ],
  customFieldAnswers: [],
  education: [],
});

/** A store on `schema` that tells its statements. */
function counting(client: PostgresClient, schema: string) {
  const statements: string[] = [];
  const store = createPostgresStore({ client, schema, onStatement: (sql) => statements.push(sql) });
  return { store, statements };
}

async function readLog(store: PostgresStore, after = 0, limit = 100_000): Promise<ChangeLogPage> {
  return store.transaction(SEED_ORG_ID, (tx) => logged(tx).readChangeLog({ after, limit }), {
    readOnly: true,
  });
}

describe.each(postgresEngines())(
  "the PostgreSQL store's change log on $on",
  ({ client: clientOf, end }) => {
    afterAll(end);

    const seeded = (prefix: string) => seededStore(clientOf(), prefix);

    it("a recording of 2,000 applications sends one statement more: its entries in application-id order, one event per enabled endpoint", async () => {
      const base = await seeded("log_bulk");
      try {
        const { store, statements } = counting(clientOf(), schemaOfStore(base));
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(endpoint("on"));
          await logged(tx).saveWebhookEndpoint(endpoint("off", false));
        });
        const before = await readLog(store);
        const candidates = Array.from({ length: 2_000 }, (_, index) =>
          candidate(`bulk-c-${index}`),
        );
        const applications = candidates.map((c, index) => application(`bulk-a-${index}`, c.id));
        statements.length = 0;
        await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).saveRecruitingWrites({ candidates, applications }),
        );
        expect(statements.filter((sql) => /application_changes/.test(sql))).toHaveLength(1);
        expect(statements.length).toBeLessThan(21);
        const after = await readLog(store, before.head);
        expect(after.head).toBe(before.head + 2_000);
        expect(after.entries.map((entry) => entry.applicationId)).toEqual(
          applications.map((a) => a.id).sort(compareIds),
        );
        expect(after.entries.map((entry) => entry.position)).toEqual(
          Array.from({ length: 2_000 }, (_, index) => before.head + index + 1),
        );
        const client: PostgresClient = clientOf();
        const { rows } = await client.query(
          `SELECT endpoint_id, count(*)::int AS n FROM "${schemaOfStore(base)}".webhook_events GROUP BY endpoint_id`,
        );
        expect(rows).toEqual([{ endpoint_id: "on", n: 2_000 }]);
      } finally {
        await dropStore(base);
      }
    }, 120_000);

    it("a write that changes no record draws no position: a batch recorded again, a job with no application", async () => {
      const store = await seeded("log_nothing");
      try {
        const records = [
          {
            id: "app-rec",
            candidate: { id: "cand-rec", firstName: "Rae", lastName: "Cord" },
            jobId: "job-sum",
            statusChanges: [{ id: "s1", statusName: "Applied", at: "2026-02-01T09:00:00Z" }],
          },
        ];
        await recordJobApplications(store, { orgId: SEED_ORG_ID, applications: records, now });
        const once = await readLog(store);
        await recordJobApplications(store, { orgId: SEED_ORG_ID, applications: records, now });
        await store.transaction(SEED_ORG_ID, async (tx) => {
          const [job] = await logged(tx).loadJobs(["job-lit"]);
          if (job === undefined) throw new Error("the seed has job-lit");
          await logged(tx).saveJobs([{ ...job, id: "job-empty" }]);
        });
        expect(await readLog(store)).toEqual(once);
      } finally {
        await dropStore(store);
      }
    });

    it("positions follow UTF-16 order of the ids, as compareIds sorts them", async () => {
      const store = await seeded("log_order");
      try {
        const ids = ["a\u{E000}", "a\u{10000}", "B", "a", "\u{FFFF}", "ab"];
        const before = await readLog(store);
        await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).saveRecruitingWrites({
            candidates: [candidate("cand-order")],
            applications: ids.map((id) => application(id, "cand-order")),
          }),
        );
        const after = await readLog(store, before.head);
        expect(after.entries.map((entry) => entry.applicationId)).toEqual(
          [...ids].sort(compareIds),
        );
      } finally {
        await dropStore(store);
      }
    });

    it("a snapshot starts a new epoch: an entry per application in id order, no endpoint, no event; a created organization starts empty", async () => {
      const client: PostgresClient = clientOf();
      const store = await seeded("log_epoch");
      try {
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(endpoint("on"));
          await logged(tx).eraseApplications(["app-03"]);
        });
        const before = await readLog(store);
        expect(before.head).toBe(13);
        await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
        const after = await readLog(store);
        expect(after.epoch).not.toBe(before.epoch);
        expect([after.head, after.prunedThrough]).toEqual([12, 0]);
        expect(after.entries.map((entry) => [entry.position, entry.applicationId])).toEqual(
          Array.from({ length: 12 }, (_, index) => [
            index + 1,
            `app-${String(index).padStart(2, "0")}`,
          ]),
        );
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).loadWebhookEndpoints()),
        ).toEqual([]);
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM "${schemaOfStore(store)}".webhook_events`,
        );
        expect(rows[0]?.n).toBe(0);
        const profile = parseOrganizationSnapshot({
          organization: { id: "org-empty", shortName: "empty", name: "Empty LLP" },
        }).organization;
        expect(await store.createOrganization?.(profile)).toBe(true);
        const empty = await store.transaction(
          "org-empty",
          (tx) => logged(tx).readChangeLog({ after: 0, limit: 10 }),
          { readOnly: true },
        );
        expect([empty.head, empty.prunedThrough, empty.entries]).toEqual([0, 0, []]);
        expect(empty.epoch).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        await dropStore(store);
      }
    });

    it("each write marks the applications whose records it changes, once per transaction; erasures leave tombstones, which pruning deletes", async () => {
      const store = await seeded("log_marks");
      try {
        const changedIn = async (work: (tx: ChangeLogTx & LiveDataTx) => Promise<unknown>) => {
          const { head } = await readLog(store);
          await store.transaction(SEED_ORG_ID, (tx) => work(logged(tx)));
          const page = await readLog(store, head);
          expect(page.entries.map((entry) => entry.position)).toEqual(
            page.entries.map((_, index) => head + index + 1),
          );
          return page.entries.map((entry) => `${entry.applicationId}${entry.deleted ? "†" : ""}`);
        };
        const organization = (await store.exportSnapshot(SEED_ORG_ID))?.organization;
        if (organization === undefined) throw new Error("the seed is loaded");
        // Only the feed's fields of the profile reshape every record.
        expect(
          await changedIn((tx) => tx.saveOrganizationProfile({ ...organization, name: "New" })),
        ).toEqual([]);
        expect(
          await changedIn((tx) =>
            tx.saveOrganizationProfile({ ...organization, siteUrl: "https://x.example" }),
          ),
        ).toHaveLength(12);
        const [job] = await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).loadJobs(["job-sum"]),
        );
        if (job === undefined) throw new Error("the seed has job-sum");
        expect(await changedIn((tx) => tx.saveJobs([{ ...job, title: "Summer" }]))).toEqual([
          "app-01",
          "app-03",
          "app-05",
          "app-07",
          "app-09",
          "app-11",
        ]);
        // A candidate's other applications show their new name; several writes, one entry each.
        const [stored] = await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).loadApplications(["app-02"]),
        );
        if (stored === undefined) throw new Error("the seed has app-02");
        expect(
          await changedIn(async (tx) => {
            await tx.saveRecruitingWrites({
              candidates: [candidate("cand-2")],
              applications: [application("app-new", "cand-2")],
            });
            await tx.saveRecruitingWrites({
              candidates: [],
              applications: [{ ...stored, jobId: "job-sum" }],
            });
            await tx.eraseApplications(["app-04"]);
            await tx.eraseCandidates(["cand-6"]);
          }),
        ).toEqual(["app-02", "app-04†", "app-06†", "app-new"]);
        // Recorded and erased by one transaction: never in the log, so no tombstone either.
        expect(
          await changedIn(async (tx) => {
            await tx.saveRecruitingWrites({
              candidates: [candidate("cand-brief")],
              applications: [application("app-brief", "cand-brief")],
            });
            await tx.eraseCandidates(["cand-brief"]);
          }),
        ).toEqual([]);
        // Erased, then recorded again: a live entry at a new position.
        expect(
          await changedIn((tx) =>
            tx.saveRecruitingWrites({
              candidates: [candidate("cand-4")],
              applications: [application("app-04", "cand-4")],
            }),
          ),
        ).toEqual(["app-04"]);
        const before = await readLog(store);
        const tombstone = before.entries.find((entry) => entry.deleted);
        if (tombstone === undefined) throw new Error("app-06 is a tombstone");
        const prune = (cutoff: Date) =>
          store.transaction(SEED_ORG_ID, (tx) => logged(tx).pruneChangeLog(cutoff));
        expect(await prune(tombstone.changedAt)).toBe(0);
        expect(await prune(new Date(tombstone.changedAt.getTime() + 1))).toBe(1);
        const after = await readLog(store);
        expect(after.prunedThrough).toBe(tombstone.position);
        expect(after.head).toBe(before.head);
        expect(after.entries).toEqual(before.entries.filter((entry) => entry !== tombstone));
        expect(await prune(new Date(Date.now() + 60_000))).toBe(0);
      } finally {
        await dropStore(store);
      }
    });

    it("endpoints oldest first; each new entry an event per enabled endpoint; a replay re-makes events, a deletion drops them", async () => {
      const client: PostgresClient = clientOf();
      const store = await seeded("log_endpoints");
      const events = async (endpointId: string) =>
        (
          await client.query(
            `SELECT type, application_id, position::int AS position, attempts, occurred_at = next_attempt_at AS due
           FROM "${schemaOfStore(store)}".webhook_events WHERE endpoint_id = $1 ORDER BY position`,
            [endpointId],
          )
        ).rows;
      try {
        const later = { ...endpoint("b-later"), createdAt: new Date("2026-06-02T00:00:00.000Z") };
        const rotated = {
          ...endpoint("a-first"),
          secrets: [
            { secret: "whsec_bmV3", expiresAt: null },
            { secret: "whsec_b2xk", expiresAt: new Date("2026-07-01T00:00:00.000Z") },
          ],
        };
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(later);
          await logged(tx).saveWebhookEndpoint(endpoint("a-first"));
          await logged(tx).saveWebhookEndpoint(rotated);
          await logged(tx).saveWebhookEndpoint(endpoint("c-off", false));
        });
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).loadWebhookEndpoints()),
        ).toEqual([rotated, endpoint("c-off", false), later]);
        await store.transaction(SEED_ORG_ID, (tx) => logged(tx).eraseApplications(["app-07"]));
        expect(await events("a-first")).toEqual([
          {
            type: "job_application.deleted",
            application_id: "app-07",
            position: 13,
            attempts: 0,
            due: true,
          },
        ]);
        expect(await events("c-off")).toEqual([]);
        // A replay answers the entries after the position; it makes their events for the endpoint
        // enabled when the transaction commits, after the transaction's own entries.
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).replayWebhookEvents("c-off", 10)),
        ).toBe(3);
        expect(await events("c-off")).toEqual([]);
        const replayed = await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(endpoint("c-off"));
          return logged(tx).replayWebhookEvents("c-off", 10);
        });
        expect(replayed).toBe(3);
        expect(
          (await events("c-off")).map((event) => [event.application_id, event.position]),
        ).toEqual([
          ["app-10", 11],
          ["app-11", 12],
          ["app-07", 13],
        ]);
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).replayWebhookEvents("none", 0)),
        ).toBe(0);
        // Disabled when saved so, its waiting events go.
        await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).saveWebhookEndpoint(endpoint("a-first", false)),
        );
        expect(await events("a-first")).toEqual([]);
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).deleteWebhookEndpoint("c-off")),
        ).toBe(true);
        expect(
          await store.transaction(SEED_ORG_ID, (tx) => logged(tx).deleteWebhookEndpoint("c-off")),
        ).toBe(false);
        expect(await events("c-off")).toEqual([]);
      } finally {
        await dropStore(store);
      }
    });

    it("a claim leases due events of enabled endpoints, an application's in position order; settlements apply under the current token, as if one after another", async () => {
      const store = await seeded("log_claims");
      try {
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(endpoint("a"));
          await logged(tx).saveWebhookEndpoint(endpoint("b"));
        });
        const [stored] = await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).loadApplications(["app-01"]),
        );
        if (stored === undefined) throw new Error("the seed has app-01");
        // Two changes of app-01 (positions 13, 14) and one of app-02 (15).
        await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).saveRecruitingWrites({
            candidates: [],
            applications: [{ ...stored, jobId: "job-lit" }],
          }),
        );
        await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).eraseApplications(["app-02", "app-01"]),
        );
        const claim = (limit: number, at = new Date(Date.now() + 1_000)) =>
          store.claimWebhookEvents({ worker: "w", limit, leaseMs: 60_000, now: at });
        expect(await claim(10, new Date(Date.now() - 3_600_000))).toEqual([]);
        const first = await claim(10);
        // app-01's second change waits behind its first, for each endpoint.
        expect(
          first.map((c) => [c.event.endpointId, c.event.applicationId, c.event.position]),
        ).toEqual([
          ["a", "app-01", 13],
          ["b", "app-01", 13],
          ["a", "app-02", 15],
          ["b", "app-02", 15],
        ]);
        expect(first[0]?.endpoint).toEqual(endpoint("a"));
        expect(first[0]?.attempts).toBe(0);
        expect(new Set(first.map((c) => c.claim.token)).size).toBe(1);
        expect(await claim(10)).toEqual([]);
        const [a1, b1, a2, b2] = first;
        if (a1 === undefined || b1 === undefined || a2 === undefined || b2 === undefined)
          throw new Error("four claimed");
        const retryAt = new Date(Date.now() + 10_000);
        expect(
          await store.settleWebhookEvents([
            { claim: a1.claim, outcome: "delivered" },
            { claim: a1.claim, outcome: "retry", retryAt },
            { claim: { ...b1.claim, token: "stale" }, outcome: "delivered" },
            { claim: a2.claim, outcome: "retry", retryAt },
          ]),
        ).toBe(2);
        // a's app-01 line moves on; a's app-02 waits for its retry; b's stay leased.
        expect(
          (await claim(10)).map((c) => [
            c.event.endpointId,
            c.event.applicationId,
            c.event.position,
          ]),
        ).toEqual([["a", "app-01", 14]]);
        const retried = await claim(10, new Date(retryAt.getTime() + 1_000));
        expect(retried.map((c) => [c.event.applicationId, c.attempts])).toEqual([["app-02", 1]]);
        // A disable ends the endpoint's events: a later settlement of one finds nothing.
        expect(
          await store.settleWebhookEvents([
            { claim: b1.claim, outcome: "disable", reason: "410 Gone" },
            { claim: b2.claim, outcome: "delivered" },
          ]),
        ).toBe(1);
        const endpoints = await store.transaction(SEED_ORG_ID, (tx) =>
          logged(tx).loadWebhookEndpoints(),
        );
        expect(endpoints.map((e) => [e.id, e.enabled, e.disabledReason])).toEqual([
          ["a", true, null],
          ["b", false, "410 Gone"],
        ]);
        const leaseEnd = new Date(Date.now() + 3_600_000);
        expect((await claim(10, leaseEnd)).map((c) => c.event.endpointId)).toEqual(["a", "a"]);
        // No event is made for a disabled endpoint.
        await store.transaction(SEED_ORG_ID, (tx) => logged(tx).eraseApplications(["app-03"]));
        expect(
          (await claim(10, new Date(leaseEnd.getTime() + 120_000))).map((c) => c.event.endpointId),
        ).toEqual(["a", "a", "a"]);
      } finally {
        await dropStore(store);
      }
    });

    it("a large write refreshes the statistics of the log and the events (on one connection, before it returns)", async () => {
      const single = await singleConnection(clientOf());
      try {
        const base = await freshStore(single.client, "log_stats");
        try {
          const schema = `"${schemaOfStore(base)}"`;
          for (const table of ["application_changes", "webhook_events"])
            await single.client.query(
              `ALTER TABLE ${schema}.${table} SET (autovacuum_enabled = false)`,
            );
          await base.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
          await base.transaction(SEED_ORG_ID, (tx) =>
            logged(tx).saveWebhookEndpoint(endpoint("on")),
          );
          const candidates = Array.from({ length: 1_500 }, (_, index) => candidate(`c-${index}`));
          await base.transaction(SEED_ORG_ID, (tx) =>
            logged(tx).saveRecruitingWrites({
              candidates,
              applications: candidates.map((c, index) => application(`a-${index}`, c.id)),
            }),
          );
          const { rows } = await single.client.query(
            `SELECT relname, reltuples FROM pg_class WHERE relnamespace = $1::regnamespace
             AND relname IN ('application_changes', 'webhook_events') ORDER BY relname`,
            [schemaOfStore(base)],
          );
          expect(rows.map((row) => [row.relname, Number(row.reltuples)])).toEqual([
            ["application_changes", 1_512],
            ["webhook_events", 1_500],
          ]);
        } finally {
          await dropStore(base);
        }
      } finally {
        await single.end();
      }
    });

    it("the log's reads, its pruning, a claim and a small write's entries use their indexes, never a scan of the log, the events or the applications", async () => {
      const client: PostgresClient = clientOf();
      const base = await freshStore(client, "log_plans");
      try {
        const { store, statements } = counting(client, schemaOfStore(base));
        await store.loadSnapshot(parseOrganizationSnapshot(largeOrganization(5_000)));
        const organization = (await store.exportSnapshot(SEED_ORG_ID))?.organization;
        if (organization === undefined) throw new Error("the organization is loaded");
        // An event for every application, then a second one for a tenth of them.
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).saveWebhookEndpoint(endpoint("on"));
          await logged(tx).saveOrganizationProfile({
            ...organization,
            siteUrl: "https://new.example",
          });
        });
        await store.transaction(SEED_ORG_ID, async (tx) => {
          await logged(tx).eraseApplications(
            Array.from({ length: 500 }, (_, index) => `big-a-${index * 10}`),
          );
        });
        await store.claimWebhookEvents({
          worker: "busy",
          limit: 300,
          leaseMs: 60_000,
          now: new Date(Date.now() + 1_000),
        });
        const s = `"${schemaOfStore(base)}"`;
        await client.query(
          `ANALYZE ${s}.application_changes, ${s}.webhook_events, ${s}.applications`,
        );
        const planOf = async (pattern: RegExp, params: unknown[]) => {
          const sql = statements.find((text) => pattern.test(text));
          if (sql === undefined) throw new Error(`no statement matches ${pattern}`);
          const { rows } = await client.query(`EXPLAIN ${sql}`, params);
          return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        };
        statements.length = 0;
        await readLog(store, 2_500, 100);
        await store
          .transaction(SEED_ORG_ID, async (tx) => {
            await logged(tx).pruneChangeLog(new Date(Date.now() + 60_000));
            await logged(tx).saveRecruitingWrites({
              candidates: [candidate("big-c-7")],
              applications: [application("big-a-7", "big-c-7")],
            });
          })
          .catch(() => undefined);
        const read = await planOf(/LEFT JOIN LATERAL/, [SEED_ORG_ID, 2_500, 100]);
        expect(read).toMatch(/Index Scan using application_changes_by_position/);
        expect(read).not.toMatch(/Seq Scan/);
        const prune = await planOf(/DELETE FROM .*application_changes/, [
          SEED_ORG_ID,
          new Date().toISOString(),
        ]);
        expect(prune).toMatch(/application_changes_tombstones/);
        expect(prune).not.toMatch(/Seq Scan/);
        const append = await planOf(/INSERT INTO .*application_changes/, [
          SEED_ORG_ID,
          ["big-a-7"],
          ["big-c-7"],
          [],
        ]);
        expect(append).not.toMatch(
          /Seq Scan on (applications|application_changes|webhook_endpoints)/,
        );
        const claim = (
          await client.query(`EXPLAIN ${webhookClaimStatement(s)}`, [
            new Date(Date.now() + 1_000).toISOString(),
            100,
            "token",
            "worker",
            new Date(Date.now() + 60_000).toISOString(),
          ])
        ).rows
          .map((row) => String(row["QUERY PLAN"]))
          .join("\n");
        expect(claim).toMatch(/webhook_events_due/);
        expect(claim).toMatch(/webhook_events_line/);
        expect(claim).toMatch(/Tid Scan on webhook_events e/);
        expect(claim).not.toMatch(/Seq Scan on webhook_events/);
      } finally {
        await dropStore(base);
      }
    }, 120_000);
  },
);

/** The seed organization with `count` more applications, one candidate each. */
function largeOrganization(count: number) {
  const seed = seedOrganization();
  const candidates = Array.from({ length: count }, (_, index) => candidate(`big-c-${index}`));
  return {
    ...seed,
    candidates: [...(seed.candidates ?? []), ...candidates],
    applications: [
      ...(seed.applications ?? []),
      ...candidates.map((c, index) => application(`big-a-${index}`, c.id)),
    ],
  };
}

/** One connection of `client`'s database (PGlite is one already; on a server, a `pg` Client). */
async function singleConnection(
  client: PostgresClient,
): Promise<{ client: PostgresClient; end: () => Promise<void> }> {
  if (!(client instanceof pg.Pool)) return { client, end: async () => {} };
  const connected = new pg.Client({ connectionString: DATABASE_URL });
  await connected.connect();
  return { client: connected, end: () => connected.end() };
}
