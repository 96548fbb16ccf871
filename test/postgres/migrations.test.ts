import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { createMemoryStore } from "../../src/memory/store";
import { SCHEMA_VERSION } from "../../src/postgres/migrate";
import { writeSnapshot } from "../../src/postgres/snapshot-io";
import { compareIds } from "../../src/runtime/compare-ids";
import { FEED_WINDOW } from "../../src/testing/feed-arbitraries";
import {
  OTHER_ORG_ID,
  otherOrganization,
  SEED_ORG_ID,
  seedOrganization,
} from "../../src/testing/seed";
import { pendingWelcomeEmails } from "../outbox/seed";
import { dropStore, freshStore, olderStore, pgliteClient, schemaOfStore } from "./stores";

/** The versions `migrate()` applies to a database at `version - 1`: that one and every later one. */
const versionsFrom = (version: number) =>
  Array.from({ length: SCHEMA_VERSION - version + 1 }, (_, index) => version + index);

describe("migrate() upgrades a database that holds data", () => {
  it("version 4 fills every stored application's latest status time, so the feed answers as on a fresh database", async () => {
    const client = pgliteClient();
    const store = await freshStore(client, "upgrade");
    try {
      const snapshot = parseOrganizationSnapshot(seedOrganization());
      await store.loadSnapshot(snapshot);
      const schema = `"${schemaOfStore(store)}"`;
      // The database as version 3 left it: no column, version 4 not recorded.
      await client.query(`ALTER TABLE ${schema}.applications DROP COLUMN last_status_at`);
      await client.query(`ALTER TABLE ${schema}.organizations DROP COLUMN feed_version`);
      await client.query(`DROP SEQUENCE ${schema}.feed_versions`);
      await client.query(`DELETE FROM ${schema}.rpdi_migrations WHERE version = 4`);

      expect(await store.migrate()).toEqual([4]);
      const { rows } = await client.query<{ missing: number }>(
        `SELECT count(*)::int AS missing FROM ${schema}.applications a
         WHERE a.last_status_at IS DISTINCT FROM (SELECT max(at) FROM ${schema}.status_changes x WHERE x.org_id = a.org_id AND x.application_id = a.id)`,
      );
      expect(rows[0]?.missing).toBe(0);
      const input = {
        orgId: SEED_ORG_ID,
        params: { job_application_status_start: "2026-01-01" },
        now: new Date(FEED_WINDOW.end),
      };
      const upgraded = await queryJobApplications(store, input);
      expect(upgraded.ok && upgraded.items.length).toBeGreaterThan(0);
      expect(upgraded).toEqual(await queryJobApplications(createMemoryStore(snapshot), input));
    } finally {
      await dropStore(store);
    }
  });

  it("version 5 leaves the emails already in the outbox unleased, so the first claim takes them", async () => {
    const client = pgliteClient();
    const store = await freshStore(client, "upgrade");
    try {
      const snapshot = parseOrganizationSnapshot({
        ...seedOrganization(),
        welcomeEmails: pendingWelcomeEmails(3),
      });
      await store.loadSnapshot(snapshot);
      const schema = `"${schemaOfStore(store)}"`;
      // The database as version 4 left it: no lease columns, no claim index.
      await client.query(`DROP INDEX ${schema}.welcome_emails_claim_order`);
      await client.query(
        `ALTER TABLE ${schema}.welcome_emails DROP COLUMN lease_token, DROP COLUMN leased_by, DROP COLUMN lease_expires_at`,
      );
      await client.query(`DELETE FROM ${schema}.rpdi_migrations WHERE version = 5`);

      expect(await store.migrate()).toEqual([5]);
      const claimed = await store.claimWelcomeEmails({
        worker: "first",
        limit: 10,
        leaseMs: 1000,
        now: new Date(FEED_WINDOW.end),
      });
      expect(claimed.map((item) => item.email)).toEqual(snapshot.welcomeEmails);
    } finally {
      await dropStore(store);
    }
  });

  it("version 7 moves every member's products, education and mentors into its row, in order, and exports the same snapshot", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 6);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const orgId = "org-lists";
      // The organization row as writeSnapshot writes it: the profile without pipelines and fields.
      const { pipelines, applicationCustomFields, ...profile } = parseOrganizationSnapshot({
        organization: { id: orgId, shortName: "lists", name: "Lists & Co" },
      }).organization;
      expect([pipelines, applicationCustomFields]).toEqual([[], []]);
      await client.query(
        `INSERT INTO ${schema}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')`,
        [orgId, profile.shortName, JSON.stringify(profile)],
      );
      // The database as version 6 left it: the lists in child tables, rows in no particular order.
      const member = (id: string, managerId: string | null) =>
        client.query(
          `INSERT INTO ${schema}.members (org_id, id, email, first_name, last_name, manager_id) VALUES ($1, $2, $3, $4, 'Lists', $5)`,
          [orgId, id, `${id}@lists.example`, id.toUpperCase(), managerId],
        );
      await member("m-none", null);
      await member("m-one", "m-none");
      await member("m-many", "m-one");
      await member("m-last", "m-many");
      const products: [string, number, string, string][] = [
        ["m-many", 2, "PERFORM", "ADMIN"],
        ["m-one", 0, "UNI", "MEMBER"],
        ["m-many", 0, "UNI", "ADMIN"],
        ["m-last", 1, "RECRUIT", "MEMBER"],
        ["m-many", 1, "RECRUIT", "MEMBER"],
        ["m-last", 0, "PERFORM", "MEMBER"],
      ];
      for (const [memberId, position, product, role] of products)
        await client.query(
          `INSERT INTO ${schema}.member_products (org_id, member_id, position, product, role) VALUES ($1, $2, $3, $4, $5)`,
          [orgId, memberId, position, product, role],
        );
      const education: [string, number, string | null, number | null][] = [
        ["m-many", 2, "Harvard Law School", 2001],
        ["m-many", 0, "Yale Law School", null],
        ["m-one", 0, null, 2015],
        ["m-many", 1, null, null],
      ];
      for (const [memberId, position, lawSchool, graduationYear] of education)
        await client.query(
          `INSERT INTO ${schema}.member_education (org_id, member_id, position, law_school, graduation_year) VALUES ($1, $2, $3, $4, $5)`,
          [orgId, memberId, position, lawSchool, graduationYear],
        );
      const mentors: [string, number, string][] = [
        ["m-many", 1, "m-none"],
        ["m-last", 0, "m-one"],
        ["m-many", 2, "m-last"],
        ["m-many", 0, "m-one"],
      ];
      for (const [memberId, position, mentorId] of mentors)
        await client.query(
          `INSERT INTO ${schema}.member_mentors (org_id, member_id, position, mentor_id) VALUES ($1, $2, $3, $4)`,
          [orgId, memberId, position, mentorId],
        );
      const oldTables = ["member_products", "member_education", "member_mentors"];
      const present = async (table: string) =>
        (
          await client.query<{ found: string | null }>("SELECT to_regclass($1)::text AS found", [
            `${schema}.${table}`,
          ])
        ).rows[0]?.found ?? null;
      const memberForeignKeys = async () =>
        (
          await client.query<{ name: string }>(
            `SELECT conname AS name FROM pg_constraint WHERE conrelid = '${schema}.members'::regclass AND contype = 'f' ORDER BY 1`,
          )
        ).rows.map((row) => row.name);
      for (const table of oldTables) expect(await present(table)).not.toBeNull();
      expect(await memberForeignKeys()).toContain("members_org_id_manager_id_fkey");

      // Through the latest version: the adapter's statements read the newest schema.
      expect(await store.migrate()).toEqual(versionsFrom(7));

      expect(await store.exportSnapshot(orgId)).toEqual(
        parseOrganizationSnapshot({
          organization: { id: orgId, shortName: "lists", name: "Lists & Co" },
          members: [
            {
              id: "m-none",
              email: "m-none@lists.example",
              firstName: "M-NONE",
              lastName: "Lists",
            },
            {
              id: "m-one",
              email: "m-one@lists.example",
              firstName: "M-ONE",
              lastName: "Lists",
              managerId: "m-none",
              education: [{ lawSchool: null, graduationYear: 2015 }],
              products: [{ product: "UNI", role: "MEMBER" }],
            },
            {
              id: "m-many",
              email: "m-many@lists.example",
              firstName: "M-MANY",
              lastName: "Lists",
              managerId: "m-one",
              mentorIds: ["m-one", "m-none", "m-last"],
              education: [
                { lawSchool: "Yale Law School", graduationYear: null },
                { lawSchool: null, graduationYear: null },
                { lawSchool: "Harvard Law School", graduationYear: 2001 },
              ],
              products: [
                { product: "UNI", role: "ADMIN" },
                { product: "RECRUIT", role: "MEMBER" },
                { product: "PERFORM", role: "ADMIN" },
              ],
            },
            {
              id: "m-last",
              email: "m-last@lists.example",
              firstName: "M-LAST",
              lastName: "Lists",
              managerId: "m-many",
              mentorIds: ["m-one"],
              products: [
                { product: "PERFORM", role: "MEMBER" },
                { product: "RECRUIT", role: "MEMBER" },
              ],
            },
          ],
        }),
      );
      for (const table of oldTables) expect(await present(table)).toBeNull();
      // No manager key since version 7; the organization is kept by triggers since version 15.
      expect(await memberForeignKeys()).toEqual([]);
      // The moved lists are what the adapter's new statements read.
      const [uni, linked] = await store.transaction(orgId, async (tx) => [
        await tx.listProductMembers("UNI"),
        await tx.loadMembersLinkedTo(["m-one"]),
      ]);
      expect(uni?.map((found) => found.id)).toEqual(["m-one", "m-many"]);
      expect(linked?.map((found) => found.id)).toEqual(["m-many", "m-last"]);
    } finally {
      await dropStore(store);
    }
  });
  it("version 8 gives every stored member session epoch 0, and the adapter then raises it", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 7);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const orgId = "org-epoch";
      const { pipelines, applicationCustomFields, ...profile } = parseOrganizationSnapshot({
        organization: { id: orgId, shortName: "epoch", name: "Epoch LLP" },
      }).organization;
      expect([pipelines, applicationCustomFields]).toEqual([[], []]);
      await client.query(
        `INSERT INTO ${schema}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')`,
        [orgId, profile.shortName, JSON.stringify(profile)],
      );
      await client.query(
        `INSERT INTO ${schema}.members (org_id, id, email, first_name, last_name, password_hash) VALUES ($1, 'm-old', 'old@epoch.example', 'Old', 'Member', 'hash')`,
        [orgId],
      );

      expect(await store.migrate()).toEqual(versionsFrom(8));

      const epoch = async () =>
        (await store.exportSnapshot(orgId))?.members[0]?.credentials.sessionEpoch;
      expect(await epoch()).toBe(0);
      expect(await store.transaction(orgId, (tx) => tx.endMemberSessions("m-old"))).toBe(true);
      expect(await epoch()).toBe(1);
    } finally {
      await dropStore(store);
    }
  });
  it("version 13 gives every stored job the board's defaults: not public, no title, description or dates", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 12);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const orgId = "org-jobs";
      const { pipelines, applicationCustomFields, ...profile } = parseOrganizationSnapshot({
        organization: { id: orgId, shortName: "jobs", name: "Jobs LLP", features: ["job-board"] },
      }).organization;
      expect([pipelines, applicationCustomFields]).toEqual([[], []]);
      await client.query(
        `INSERT INTO ${schema}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')`,
        [orgId, profile.shortName, JSON.stringify(profile)],
      );
      await client.query(
        `INSERT INTO ${schema}.jobs (org_id, id, title, department, office_location, employment_type, hiring_type, position_type)
         VALUES ($1, 'job-old', 'Associate', 'Tax', 'London', 'Full-time', 'Lateral', 'Associate')`,
        [orgId],
      );

      expect(await store.migrate()).toEqual(versionsFrom(13));

      const job = (await store.exportSnapshot(orgId))?.jobs[0];
      expect(job).toEqual({
        id: "job-old",
        title: "Associate",
        department: "Tax",
        officeLocation: "London",
        employmentType: "Full-time",
        hiringType: "Lateral",
        position: "Associate",
        requisitionId: null,
        public: false,
        publicTitle: null,
        description: "",
        openDate: null,
        closeDate: null,
      });
      expect(
        await store.transaction(orgId, (tx) => tx.listPublicJobs(), { readOnly: true }),
      ).toEqual([]);
    } finally {
      await dropStore(store);
    }
  });

  it("version 16 keeps the outbox's emails, without a token, and starts with no account tokens or enrollments", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 15);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const orgId = "org-accounts";
      const { pipelines, applicationCustomFields, ...profile } = parseOrganizationSnapshot({
        organization: { id: orgId, shortName: "accounts", name: "Accounts LLP" },
      }).organization;
      expect([pipelines, applicationCustomFields]).toEqual([[], []]);
      await client.query(
        `INSERT INTO ${schema}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')`,
        [orgId, profile.shortName, JSON.stringify(profile)],
      );
      await client.query(
        `INSERT INTO ${schema}.members (org_id, id, email, first_name, last_name) VALUES ($1, 'm-old', 'old@accounts.example', 'Old', 'Member')`,
        [orgId],
      );
      await client.query(
        `INSERT INTO ${schema}.welcome_emails (org_id, id, member_id, email, first_name, last_name, product, reason, created_at)
         VALUES ($1, 'w-old', 'm-old', 'old@accounts.example', 'Old', 'Member', 'PERFORM', 'MEMBER_CREATED', '2026-06-15T00:00:00.000Z')`,
        [orgId],
      );

      expect(await store.migrate()).toEqual(versionsFrom(16));

      const exported = await store.exportSnapshot(orgId);
      expect(exported?.welcomeEmails).toEqual([
        {
          id: "w-old",
          memberId: "m-old",
          email: "old@accounts.example",
          firstName: "Old",
          lastName: "Member",
          product: "PERFORM",
          reason: "MEMBER_CREATED",
          createdAt: "2026-06-15T00:00:00.000Z",
          token: null,
          tokenExpiresAt: null,
        },
      ]);
      expect([exported?.accountTokens, exported?.mfaEnrollments]).toEqual([[], []]);
      // The session-epoch trigger of versions 8 and 12 sees a credentials change of the new operation.
      expect(
        await store.transaction(orgId, async (tx) =>
          tx.updateMemberCredentials?.("m-old", { passwordHash: "hash" }),
        ),
      ).toBe(true);
      expect((await store.exportSnapshot(orgId))?.members[0]?.credentials).toEqual({
        passwordHash: "hash",
        mfaSecret: null,
        sessionEpoch: 1,
      });
    } finally {
      await dropStore(store);
    }
  });

  it("version 17 keeps every stored status change without an id, keeps the recruiting references, and the adapter then records ids", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 16);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const orgId = "org-live";
      const { pipelines, applicationCustomFields, ...profile } = parseOrganizationSnapshot({
        organization: { id: orgId, shortName: "live", name: "Live LLP" },
      }).organization;
      expect([pipelines, applicationCustomFields]).toEqual([[], []]);
      await client.query(
        `INSERT INTO ${schema}.organizations (id, short_name, profile, external_user_emails) VALUES ($1, $2, $3::jsonb, '{}')`,
        [orgId, profile.shortName, JSON.stringify(profile)],
      );
      await client.query(
        `INSERT INTO ${schema}.jobs (org_id, id, title, department, office_location, employment_type, hiring_type, position_type)
         VALUES ($1, 'job-old', 'Associate', 'Tax', 'London', 'Full-time', 'Lateral', 'Associate')`,
        [orgId],
      );
      await client.query(
        `INSERT INTO ${schema}.candidates (org_id, id, first_name, last_name) VALUES ($1, 'cand-old', 'Old', 'Candidate')`,
        [orgId],
      );
      await client.query(
        `INSERT INTO ${schema}.applications (org_id, id, candidate_id, job_id, address, last_status_at)
         VALUES ($1, 'app-old', 'cand-old', 'job-old', '{"addressLine1": "", "addressLine2": "", "city": "", "state": "", "zipCode": ""}', '2026-02-01T00:00:00Z')`,
        [orgId],
      );
      await client.query(
        `INSERT INTO ${schema}.status_changes (org_id, application_id, position, status_name, bucket_name, at)
         VALUES ($1, 'app-old', 0, 'Applied', 'Active', '2026-02-01T00:00:00Z')`,
        [orgId],
      );

      expect(await store.migrate()).toEqual(versionsFrom(17));

      const old = {
        statusName: "Applied",
        statusBucketName: "Active",
        at: "2026-02-01T00:00:00.000Z",
      };
      expect((await store.exportSnapshot(orgId))?.applications[0]?.statusChanges).toEqual([old]);
      const recorded = {
        id: "rec-1",
        statusName: "Offer",
        statusBucketName: "Offer",
        at: "2026-03-01T00:00:00.000Z",
      };
      const history = await store.transaction(orgId, async (tx) => {
        const [stored] = (await tx.loadApplications?.(["app-old"])) ?? [];
        if (stored === undefined) throw new Error("the stored application is loaded");
        await tx.saveRecruitingWrites?.({
          candidates: [],
          applications: [{ ...stored, statusChanges: [...stored.statusChanges, recorded] }],
        });
        return (await tx.loadApplications?.(["app-old"]))?.[0]?.statusChanges;
      });
      expect(history).toEqual([old, recorded]);
      // The references the foreign keys kept are kept by the triggers: an erasure reaches them all.
      expect(
        await store.transaction(orgId, async (tx) => tx.eraseCandidates?.(["cand-old"])),
      ).toEqual({
        candidates: 1,
        applications: 1,
      });
      const { rows } = await client.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM ${schema}.applications) + (SELECT count(*) FROM ${schema}.status_changes) AS n`,
      );
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await dropStore(store);
    }
  });

  it("version 18 starts every organization's change log as a snapshot would: an entry per application in id order, the head at their count", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 17);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const seed = parseOrganizationSnapshot(seedOrganization());
      // The organizations as version 17's adapter wrote them.
      const connection = { query: client.query.bind(client), copyFromRows: Infinity };
      await writeSnapshot(connection, schema, seed);
      await writeSnapshot(connection, schema, parseOrganizationSnapshot(otherOrganization()));

      expect(await store.migrate()).toEqual(versionsFrom(18));

      const read = (orgId: string) =>
        store.transaction(orgId, async (tx) => tx.readChangeLog?.({ after: 0, limit: 1_000 }), {
          readOnly: true,
        });
      const seeded = await read(SEED_ORG_ID);
      const ids = seed.applications.map((application) => application.id).sort(compareIds);
      expect(seeded?.entries.map((entry) => [entry.position, entry.applicationId])).toEqual(
        ids.map((id, index) => [index + 1, id]),
      );
      expect(seeded?.entries.every((entry) => !entry.deleted)).toBe(true);
      expect([seeded?.head, seeded?.prunedThrough]).toEqual([ids.length, 0]);
      const other = await read(OTHER_ORG_ID);
      expect([other?.head, other?.prunedThrough, other?.entries]).toEqual([0, 0, []]);
      expect(other?.epoch).not.toBe(seeded?.epoch);
      // The next change goes on from the head.
      await store.transaction(SEED_ORG_ID, async (tx) => tx.eraseApplications?.([ids[0] ?? ""]));
      expect((await read(SEED_ORG_ID))?.entries.at(-1)).toMatchObject({
        position: ids.length + 1,
        applicationId: ids[0],
        deleted: true,
      });
    } finally {
      await dropStore(store);
    }
  });

  it("version 19 keeps the tokens stored before it and the rule on a token's hash: exactly 64 lower-case hexadecimal digits", async () => {
    const client = pgliteClient();
    const store = await olderStore(client, "upgrade", 18);
    try {
      const schema = `"${schemaOfStore(store)}"`;
      const seed = parseOrganizationSnapshot(seedOrganization());
      const connection = { query: client.query.bind(client), copyFromRows: Infinity };
      await writeSnapshot(connection, schema, seed);
      const member = seed.members[0]?.id ?? "";
      const insert = (memberId: string, purpose: string, hash: string) =>
        client.query(
          `INSERT INTO ${schema}.account_tokens (org_id, member_id, purpose, token_hash, email, created_at, expires_at)
           VALUES ($1, $2, $3, $4, 'a@firm.example', '2026-06-15T00:00:00Z', '2026-06-22T00:00:00Z')`,
          [SEED_ORG_ID, memberId, purpose, hash],
        );
      const good = "0123456789abcdef".repeat(4);
      await insert(member, "INVITATION", good);

      expect(await store.migrate()).toEqual(versionsFrom(19));

      const { rows } = await client.query<{ token_hash: string }>(
        `SELECT token_hash FROM ${schema}.account_tokens`,
      );
      expect(rows.map((row) => row.token_hash)).toEqual([good]);
      for (const bad of [
        good.slice(1),
        `${good}0`,
        good.toUpperCase(),
        `${good.slice(1)}g`,
        `${good.slice(2)}é`,
        `${good.slice(1)}\n`,
        "",
      ]) {
        await expect(insert(member, "RECOVERY", bad), JSON.stringify(bad)).rejects.toMatchObject({
          code: "23514",
        });
      }
      await insert(member, "RECOVERY", "f".repeat(64));
    } finally {
      await dropStore(store);
    }
  });
});
