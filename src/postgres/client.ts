import { type CopyFrom, copyFromOf } from "./bulk";
import type { Queryable } from "./queryable";

export type { Queryable } from "./queryable";

/** A connection taken from a pool; `release` gives it back (with an error: destroys it). */
export interface PooledConnection extends Queryable {
  /** Gives the connection back to its pool; with an error, destroys it. */
  release(error?: Error | boolean): void;
}

/** A connection handed out for one transaction, with COPY when its driver has it (`pg`, PGlite). */
export interface TransactionConnection extends PooledConnection {
  copyIn?: CopyFrom;
}

/**
 * What `createPostgresStore` accepts: a `pg` Pool (anything with `query` and `connect`), or a
 * single connection (a connected `pg` Client, PGlite, anything with `query` alone), whose
 * transactions then run one at a time.
 */
export interface PostgresClient extends Queryable {
  /**
   * A pool's way to take one connection (a {@link PooledConnection}) for a transaction. A `pg`
   * Client's own `connect`, which opens its one session, is told apart by its `connection`.
   */
  connect?: () => Promise<unknown>;
}

/**
 * Whether `client` hands out connections (a `pg` Pool). A `pg` Client has a `connect` too, which
 * opens its own one session: its protocol connection (`connection`) marks it as a single one.
 */
export function isPool(
  client: PostgresClient,
): client is Omit<PostgresClient, "connect"> & { connect: () => Promise<PooledConnection> } {
  const session = (client as { connection?: unknown }).connection;
  return typeof client.connect === "function" && (session === null || typeof session !== "object");
}

const heardPools = new WeakSet<object>();
const heardConnections = new WeakSet<object>();
const ignoreError = () => undefined;

/**
 * Gives every connection a `pg` Pool hands out a listener for "error" from the moment it is
 * acquired, for good. pg-pool stops listening as it hands a connection over, and the caller can
 * listen only a turn later: a server shutting down right after accepting a new connection sends
 * its FATAL in the same read as the connection's first ReadyForQuery, and the unheard "error"
 * ended the host (`rpdi serve` during a PostgreSQL restart). The failing query reports the error;
 * pg-pool still drops a connection that fails while idle.
 */
function hearErrorsFromAcquire(pool: object): void {
  const events = pool as { on?: (event: string, listener: (connection: unknown) => void) => void };
  if (typeof events.on !== "function" || heardPools.has(pool)) return;
  heardPools.add(pool);
  events.on("acquire", hearErrors);
}

/** One permanent no-op "error" listener on `connection`, when it is an event emitter. */
function hearErrors(connection: unknown): void {
  const emitter = connection as { on?: (event: string, listener: () => void) => void } | null;
  if (emitter === null || typeof emitter !== "object" || typeof emitter.on !== "function") return;
  if (heardConnections.has(emitter)) return;
  heardConnections.add(emitter);
  emitter.on("error", ignoreError);
}

/** Hands out one connection per transaction; a single connection is queued. */
export function connectionSource(client: PostgresClient): () => Promise<TransactionConnection> {
  if (isPool(client)) {
    hearErrorsFromAcquire(client);
    const connect = client.connect.bind(client);
    return async () => {
      const connection = await connect();
      // pg-pool's "acquire" has heard it already; a pool that emits none is heard from here.
      hearErrors(connection);
      const copyFrom = copyFromOf(connection);
      return {
        query: (text, params) => connection.query(text, params),
        release: (error) => connection.release(error),
        ...(copyFrom === undefined ? {} : { copyIn: copyFrom }),
      };
    };
  }
  let queue: Promise<void> = Promise.resolve();
  const copyFrom = copyFromOf(client);
  return () =>
    new Promise<TransactionConnection>((resolve) => {
      queue = queue.then(
        () =>
          new Promise<void>((released) => {
            resolve({
              query: (text, params) => client.query(text, params),
              release: () => released(),
              ...(copyFrom === undefined ? {} : { copyIn: copyFrom }),
            });
          }),
      );
    });
}

/** A quoted identifier for the store's schema; only plain names are accepted. */
export function schemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`Invalid schema name "${name}": use lower-case letters, digits and _.`);
  return `"${name}"`;
}

/** The SQLSTATE of a database error, when there is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
