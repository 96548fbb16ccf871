import { connectionSource, type PostgresClient, schemaName } from "./client";
import initial from "./migrations/001_initial.sql";
import totpSteps from "./migrations/002_totp_steps.sql";
import foreignKeyIndexes from "./migrations/003_foreign_key_indexes.sql";
import feedLatestStatus from "./migrations/004_feed_latest_status.sql";
import outboxLeases from "./migrations/005_outbox_leases.sql";
import rateLimits from "./migrations/006_rate_limits.sql";
import memberListsInRow from "./migrations/007_member_lists_in_row.sql";
import sessionEpoch from "./migrations/008_session_epoch.sql";
import membersEmailIndex from "./migrations/009_members_email_index.sql";
import matterKeyHash from "./migrations/010_matter_key_hash.sql";
import memberPageOrder from "./migrations/011_member_page_order.sql";
import cheaperMemberWrites from "./migrations/012_cheaper_member_writes.sql";
import jobBoard from "./migrations/013_job_board.sql";
import columnMappings from "./migrations/014_column_mappings.sql";
import setBasedReferences from "./migrations/015_set_based_references.sql";
import accounts from "./migrations/016_accounts.sql";
import liveData from "./migrations/017_live_data.sql";
import changeLog from "./migrations/018_change_log.sql";
import cheaperTokenCheck from "./migrations/019_cheaper_token_check.sql";

/** Versioned schema changes, applied in order; a version once shipped never changes. */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  { version: 1, sql: initial },
  { version: 2, sql: totpSteps },
  { version: 3, sql: foreignKeyIndexes },
  { version: 4, sql: feedLatestStatus },
  { version: 5, sql: outboxLeases },
  { version: 6, sql: rateLimits },
  { version: 7, sql: memberListsInRow },
  { version: 8, sql: sessionEpoch },
  { version: 9, sql: membersEmailIndex },
  { version: 10, sql: matterKeyHash },
  { version: 11, sql: memberPageOrder },
  { version: 12, sql: cheaperMemberWrites },
  { version: 13, sql: jobBoard },
  { version: 14, sql: columnMappings },
  { version: 15, sql: setBasedReferences },
  { version: 16, sql: accounts },
  { version: 17, sql: liveData },
  { version: 18, sql: changeLog },
  { version: 19, sql: cheaperTokenCheck },
];

/** The schema version this rpdi reads and writes: its last migration. */
export const SCHEMA_VERSION = MIGRATIONS.reduce(
  (latest, migration) => Math.max(latest, migration.version),
  0,
);

/**
 * Creates or upgrades the store's schema. Idempotent: applied versions are recorded in
 * `rpdi_migrations`, and concurrent callers wait on an advisory lock.
 */
export async function migrate(
  client: PostgresClient,
  schema = "rpdi",
  /** The last version to apply (tests build an older database with it). */
  through = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  const quoted = schemaName(schema);
  const applied: number[] = [];
  const connection = await connectionSource(client)();
  try {
    await connection.query("BEGIN");
    await connection.query("SELECT pg_advisory_xact_lock(hashtext($1))", [
      `rpdi:migrate:${schema}`,
    ]);
    await connection.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    await connection.query(
      `CREATE TABLE IF NOT EXISTS ${quoted}.rpdi_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await connection.query(`SELECT version FROM ${quoted}.rpdi_migrations`);
    const done = new Set(rows.map((row) => Number(row.version)));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version) || migration.version > through) continue;
      for (const statement of migration.sql.replaceAll("{{schema}}", quoted).split(/;\s*$/m)) {
        if (statement.replace(/--.*$/gm, "").trim() !== "") await connection.query(statement);
      }
      await connection.query(`INSERT INTO ${quoted}.rpdi_migrations (version) VALUES ($1)`, [
        migration.version,
      ]);
      applied.push(migration.version);
    }
    await connection.query("COMMIT");
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
  return applied;
}
