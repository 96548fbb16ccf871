import type { MatterWrites } from "../domain/matter-writes";
import type { ProductMemberName } from "../domain/member";
import type { MemberWrites } from "../domain/member-writes";
import type { Product, Role } from "../domain/products";
import {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
} from "../store/errors";
import type { Store, StoreTx, TransactionOptions, WelcomeEmailOutbox } from "../store/port";
import { DEFAULT_COPY_FROM_ROWS, Pipeline } from "./bulk";
import { connectionSource, isPool, type PostgresClient, schemaName, sqlState } from "./client";
import { readColumnMapping, writeColumnMapping } from "./column-mappings-sql";
import type { FeedIndexCache, FeedIndexCacheOptions } from "./feed-cache";
import {
  readFeedApplicationHeads,
  readFeedApplications,
  readFeedVersion,
  readStatusChangesInRange,
} from "./feed-sql";
import { readPublicJobs } from "./jobs-sql";
import { readCycleMatters, writeMatters } from "./matters-sql";
import {
  MEMBER_READ_COLUMNS,
  memberFromRow,
  memberSelect,
  WELCOME_EMAIL_COLUMNS,
  welcomeEmailFromRow,
  writeMembers,
  writeWelcomeEmails,
} from "./members-sql";
import { migrate } from "./migrate";
import { inTransaction, type Session, type TxConnection } from "./session";
import { profileColumns, profileFromRow, readProfile } from "./snapshot-io";
import { type BulkWrites, MATTER_TABLES, MEMBER_TABLES } from "./statistics";
import {
  clientOperations,
  feedIndexCache,
  snapshotOperations,
  welcomeEmailOutbox,
} from "./store-ops";

export interface PostgresStoreOptions {
  /** A `pg` Pool, a single `pg` Client, or PGlite. */
  client: PostgresClient;
  /** The schema holding rpdi's tables (default `rpdi`); one database can hold several stores. */
  schema?: string;
  /** Told about every statement a transaction sends (for statement counts in benchmarks). */
  onStatement?: (sql: string) => void;
  /** The feed's in-process index (docs/performance.md); `{ maxStatusChanges: 0 }` turns it off. */
  feedIndex?: FeedIndexCacheOptions;
  /**
   * Rows from which a bulk write sends its rows by `COPY … FROM STDIN` (a `pg` connection or
   * PGlite) instead of `unnest` arrays; default 1,000. `Infinity` never uses COPY.
   */
  copyFromRows?: number;
}

/** The PostgreSQL store; call {@link PostgresStore.migrate} once before use. */
export interface PostgresStore extends Store, WelcomeEmailOutbox {
  /** Creates or upgrades the schema; idempotent. Returns the versions it applied. */
  migrate(): Promise<number[]>;
  /**
   * Builds the in-process feed index of the organization's current data now: `true` when it is
   * kept, `false` when the index is off, the organization is absent or larger than the index may
   * hold. On a pool, a feed query that finds no index for the data it reads builds one in the
   * background; on a single connection (a `pg` Client, PGlite) only this call builds it.
   */
  warmFeedIndex(orgId: string): Promise<boolean>;
}

/**
 * The production adapter. Every transaction runs on one connection and first takes an advisory
 * lock on its organization, so transactions on one organization never interleave, across host
 * instances too. Writes are set-based (`unnest` arrays, `INSERT … ON CONFLICT`): the statements an
 * import or upsert sends do not grow with its rows. A serialization failure or deadlock surfaces
 * as {@link StoreConflictError} with nothing written.
 */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const session = openSession(options);
  const feedIndexes = feedIndexCache(session, options.feedIndex);
  return {
    migrate: () => migrate(options.client, session.schema),

    warmFeedIndex: (orgId) => feedIndexes.warm(orgId),

    transaction<T>(
      orgId: string,
      work: (tx: StoreTx) => Promise<T>,
      options?: TransactionOptions,
    ): Promise<T> {
      return inTransaction(
        session,
        orgId,
        (connection, bulk) => work(postgresTx(connection, session.s, orgId, bulk, feedIndexes)),
        {
          readOnly: options?.readOnly === true,
          singleRead: options?.singleRead === true,
          checkOrganization: true,
        },
      );
    },

    ...snapshotOperations(session),
    ...welcomeEmailOutbox(session),
    ...clientOperations(session),
  };
}

/** The session of a store made with `options`. */
function openSession(options: PostgresStoreOptions): Session {
  const schema = options.schema ?? "rpdi";
  return {
    client: options.client,
    schema,
    s: schemaName(schema),
    acquire: connectionSource(options.client),
    onStatement: (sql) => options.onStatement?.(sql),
    copyFromRows: options.copyFromRows ?? DEFAULT_COPY_FROM_ROWS,
    // On a single connection the next transaction would queue behind it anyway, and a background
    // statement could interleave with the host's own use of that connection.
    fromPool: isPool(options.client),
  };
}

/**
 * Whether member `m` holds the product: the predicates of the partial indexes `members_recruit`,
 * `members_perform` and `members_uni` (migration 7), written out so the planner can use them.
 */
const HOLDS_PRODUCT: Readonly<Record<Product, string>> = {
  RECRUIT: `m.products @> '[{"product": "RECRUIT"}]'`,
  PERFORM: `m.products @> '[{"product": "PERFORM"}]'`,
  UNI: `m.products @> '[{"product": "UNI"}]'`,
};
/** Members per page of {@link StoreTx.listProductMemberNames}: a few ms of rows to parse. */
const NAMES_PER_PAGE = 4096;
function postgresTx(
  connection: TxConnection,
  s: string,
  orgId: string,
  bulk: BulkWrites,
  feedIndexes: FeedIndexCache,
): StoreTx {
  const members = async (where: string, params: unknown[]) =>
    (
      await connection.query(`${memberSelect(s)} WHERE m.org_id = $1 AND ${where} ORDER BY m.seq`, [
        orgId,
        ...params,
      ])
    ).rows.map(memberFromRow);
  return {
    async loadOrganization() {
      const found = await readProfile(connection, s, orgId);
      if (found === null) throw new OrganizationNotFoundError(orgId);
      return found.profile;
    },

    loadMembersByEmail: (emails) =>
      members("lower(m.email) = ANY($2::text[])", [emails.map((email) => email.toLowerCase())]),

    loadMembersById: (ids) => members("m.id = ANY($2::text[])", [[...ids]]),

    async loadMemberAndOrganization(memberId) {
      const opening = connection.takeOpening() ? "set_config('jit', 'off', true), " : "";
      const { rows } = await connection.query(
        `SELECT ${opening}${MEMBER_READ_COLUMNS}, ${profileColumns(s)}
           FROM ${s}.organizations o LEFT JOIN ${s}.members m ON m.org_id = o.id AND m.id = $2
          WHERE o.id = $1`,
        [orgId, memberId],
      );
      const row = rows[0];
      if (row === undefined) throw new OrganizationNotFoundError(orgId);
      return {
        member: row.id === null ? null : memberFromRow(row),
        organization: profileFromRow(row),
      };
    },

    async loadExternalUserEmails(emails) {
      const keys = emails.map((email) => email.toLowerCase());
      // IN (SELECT unnest …), not = ANY: the planner estimated `= ANY` of an import's 50,000
      // addresses element by element, twice, about 25 ms before running a 2 ms statement.
      const { rows } = await connection.query(
        `SELECT lower(email) AS email FROM ${s}.members WHERE org_id <> $1 AND lower(email) IN (SELECT unnest($2::text[]))
         UNION SELECT lower(e) FROM ${s}.organizations o, unnest(o.external_user_emails) AS e WHERE o.id = $1 AND lower(e) IN (SELECT unnest($2::text[]))`,
        [orgId, keys],
      );
      const outside = new Set(rows.map((row) => row.email as string));
      return emails.filter((email) => outside.has(email.toLowerCase()));
    },

    listProductMembers: (product: Product) => members(HOLDS_PRODUCT[product], []),

    async listProductMemberPage(product: Product, page: { after: string | null; first: number }) {
      // Ids compare as JavaScript strings do (UTF-16 code units), whatever the database's
      // collation: member_id_order's bytes (migration 11), which its partial indexes keep in order,
      // so a page walks its own rows from the cursor. Two statements, not `$2 IS NULL OR …`,
      // which the planner could not turn into an index bound.
      const order = `${s}.member_id_order(m.id) COLLATE "C"`;
      const bound = page.after === null ? null : pageBound(page.after);
      const { rows } = await connection.query(
        `${memberSelect(s)} WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]}
           ${bound === null ? "" : `AND ${order} ${bound.operator} ${s}.member_id_order($3::text) COLLATE "C"`}
         ORDER BY ${order} LIMIT $2`,
        bound === null ? [orgId, page.first + 1] : [orgId, page.first + 1, bound.id],
      );
      const members = rows.slice(0, page.first).map(memberFromRow);
      return { members, hasNextPage: rows.length > page.first };
    },

    async listProductMemberNames(product: Product) {
      // Pages in directory order: a single statement's rows, all parsed in one go on the host's
      // thread, held every other request back for up to a tenth of a second at 100,000 members.
      const names: ProductMemberName[] = [];
      let after = "0";
      for (;;) {
        const { rows } = await connection.query(
          `SELECT m.seq::text AS seq, m.email, m.first_name, m.last_name,
              jsonb_path_query_first(m.products, '$[*] ? (@.product == $p).role', jsonb_build_object('p', $2::text)) #>> '{}' AS role
            FROM ${s}.members m WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]} AND m.seq > $3::bigint
            ORDER BY m.seq LIMIT ${NAMES_PER_PAGE}`,
          [orgId, product, after],
        );
        for (const row of rows)
          names.push({
            email: row.email as string,
            firstName: row.first_name as string,
            lastName: row.last_name as string,
            products: [{ product, role: row.role as Role }],
          });
        if (rows.length < NAMES_PER_PAGE) return names;
        after = rows[rows.length - 1]?.seq as string;
      }
    },

    async listProductMemberEmails(product: Product) {
      const { rows } = await connection.query(
        `SELECT m.email FROM ${s}.members m WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]} ORDER BY m.seq`,
        [orgId],
      );
      return rows.map((row) => row.email as string);
    },

    async applyMemberPlan(plan: MemberWrites) {
      // The plan's pace paces the building of its rows' COPY text (a 10 MiB import's is ~100 ms).
      if (plan.pace !== undefined) connection.pace = plan.pace;
      try {
        await connection.query("SAVEPOINT rpdi_member_plan");
        // Each statement's rows are built while the server executes the statement before.
        const pipeline = new Pipeline();
        const written = await writeMembers(
          connection,
          s,
          orgId,
          plan.creates,
          plan.updates,
          pipeline,
        );
        await writeWelcomeEmails(connection, s, orgId, plan.welcomeEmails, pipeline);
        await pipeline.drain();
        await connection.query("RELEASE SAVEPOINT rpdi_member_plan");
        bulk.note(MEMBER_TABLES, await written());
      } catch (error) {
        if (sqlState(error) !== "23505") throw error;
        await connection.query("ROLLBACK TO SAVEPOINT rpdi_member_plan");
        throw new MemberConflictError(
          conflictingEmail(error, orgId) ?? "",
          "The address already belongs to another member.",
        );
      } finally {
        delete connection.pace;
      }
    },

    loadMembersLinkedTo: (memberIds) =>
      members(
        // The mentor test repeats the partial index's predicate, so the index can serve it.
        `(m.manager_id = ANY($2::text[]) OR (m.mentor_ids <> '[]' AND m.mentor_ids ?| $2::text[]))`,
        [[...memberIds]],
      ),

    async deleteMembers(memberIds) {
      await connection.query(
        `DELETE FROM ${s}.members WHERE org_id = $1 AND id = ANY($2::text[])`,
        [orgId, [...memberIds]],
      );
    },

    async revokeProductAccess(product, memberIds) {
      await connection.query(
        `UPDATE ${s}.members m SET products = jsonb_path_query_array(m.products, '$[*] ? (@.product != $p)', jsonb_build_object('p', $2::text))
         WHERE m.org_id = $1 AND m.id = ANY($3::text[]) AND ${HOLDS_PRODUCT[product]}`,
        [orgId, product, [...memberIds]],
      );
    },

    async findReviewCycle(reviewCycleId) {
      const { rows } = await connection.query(
        `SELECT id, name FROM ${s}.review_cycles WHERE org_id = $1 AND id = $2`,
        [orgId, reviewCycleId],
      );
      const row = rows[0];
      return row === undefined ? null : { id: row.id as string, name: row.name as string };
    },

    loadCycleMatters: (reviewCycleId) => readCycleMatters(connection, s, orgId, reviewCycleId),

    async applyMatterWrites(reviewCycleId, writes: MatterWrites) {
      await writeMatters(connection, s, orgId, reviewCycleId, writes);
      bulk.note(MATTER_TABLES, writes.createEntries.length + (writes.updateEntries?.length ?? 0));
    },

    async loadFeedIndex() {
      const version = await readFeedVersion(connection, s, orgId);
      return version === null ? null : feedIndexes.lookup(orgId, version);
    },

    loadFeedApplications: (range) =>
      readFeedApplications(connection, s, orgId, range.start, range.end),

    loadStatusChangesInRange: (range) =>
      readStatusChangesInRange(connection, s, orgId, range.start, range.end),

    loadFeedApplicationHeads: (ids, options) =>
      readFeedApplicationHeads(connection, s, orgId, ids, options),

    listPublicJobs: () => readPublicJobs(connection, s, orgId),

    async listWelcomeEmails(limit) {
      const { rows } = await connection.query(
        `SELECT ${WELCOME_EMAIL_COLUMNS} FROM ${s}.welcome_emails WHERE org_id = $1 ORDER BY seq LIMIT $2`,
        [orgId, limit ?? null],
      );
      return rows.map(welcomeEmailFromRow);
    },

    async acceptTotpStep(memberId, step) {
      // One statement: a concurrent login with the same code finds the row locked, then sees
      // the step taken.
      const { rows } = await connection.query(
        `INSERT INTO ${s}.totp_steps (org_id, member_id, step) VALUES ($1, $2, $3)
         ON CONFLICT (org_id, member_id) DO UPDATE SET step = EXCLUDED.step
         WHERE ${s}.totp_steps.step < EXCLUDED.step
         RETURNING step`,
        [orgId, memberId, step],
      );
      return rows.length === 1;
    },

    async endMemberSessions(memberId) {
      const { rows } = await connection.query(
        `UPDATE ${s}.members SET session_epoch = session_epoch + 1 WHERE org_id = $1 AND id = $2 RETURNING id`,
        [orgId, memberId],
      );
      return rows.length === 1;
    },

    async deleteWelcomeEmails(ids) {
      await connection.query(
        `DELETE FROM ${s}.welcome_emails WHERE org_id = $1 AND id = ANY($2::text[])`,
        [orgId, [...ids]],
      );
    },

    loadColumnMapping: (kind) => readColumnMapping(connection, s, orgId, kind),

    replaceColumnMapping: (kind, pairs) => writeColumnMapping(connection, s, orgId, kind, pairs),
  };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where a page starts, as a comparison with a storable id. A cursor is any string, but text sent
 * to the database turns a lone surrogate into U+FFFD, which sorts elsewhere. No stored id holds
 * one, so the ids after a cursor are those from the smallest well-formed string after it: the
 * same lone high surrogate followed by the first low one, or, for a lone low surrogate, U+E000.
 */
function pageBound(after: string): { operator: ">" | ">="; id: string } {
  const lone = LONE_SURROGATE.exec(after);
  if (lone === null) return { operator: ">", id: after };
  const unit = lone[0];
  const next = unit < "\udc00" ? `${unit}\udc00` : "\ue000";
  return { operator: ">=", id: `${after.slice(0, lone.index)}${next}` };
}

/**
 * The address in `members_email`'s unique-violation detail (migration 12):
 * `Key (lower(email), org_id)=(a@b.c, org) already exists.` Cut by the known organization, so a
 * comma in the address cannot shift it.
 */
function conflictingEmail(error: unknown, orgId: string): string | undefined {
  const detail = (error as { detail?: unknown }).detail;
  const head = "Key (lower(email), org_id)=(";
  const tail = `, ${orgId}) already exists.`;
  if (typeof detail !== "string" || !detail.startsWith(head) || !detail.endsWith(tail))
    return undefined;
  return detail.slice(head.length, detail.length - tail.length);
}
