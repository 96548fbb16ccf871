import type { StoreConflictError } from "../store/errors";
import type {
  Store,
  StoreTx,
  TransactionOptions,
  WebhookOutbox,
  WelcomeEmailOutbox,
} from "../store/port";
import { DEFAULT_COPY_FROM_ROWS } from "./bulk";
import { connectionSource, isPool, type PostgresClient, schemaName } from "./client";
import type { FeedIndexCacheOptions } from "./feed-cache";
import { migrate } from "./migrate";
import { inTransaction, type Session } from "./session";
import {
  clientOperations,
  feedIndexCache,
  organizationCreation,
  snapshotOperations,
  webhookOutbox,
  welcomeEmailOutbox,
} from "./store-ops";
import { postgresTx } from "./tx";

/** Options of {@link createPostgresStore}: the database client, the schema and the caches. */
export interface PostgresStoreOptions {
  /**
   * A `pg` Pool, a single `pg` Client, or PGlite. A Pool gets an "acquire" listener that gives
   * each connection it hands out (the host's own checkouts too) a permanent no-op "error"
   * listener: a connection that dies then reports it through its next query, or the pool's own
   * "error" event while idle, instead of ending the process.
   */
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
export interface PostgresStore extends Store, WelcomeEmailOutbox, WebhookOutbox {
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
        (connection, bulk, commit) =>
          work(postgresTx({ connection, s: session.s, orgId }, bulk, feedIndexes, commit)),
        {
          readOnly: options?.readOnly === true,
          singleRead: options?.singleRead === true,
          checkOrganization: true,
        },
      );
    },

    ...snapshotOperations(session),
    ...organizationCreation(session),
    ...welcomeEmailOutbox(session),
    ...webhookOutbox(session),
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
