import { compareIds } from "../runtime/compare-ids";
import { OrganizationNotFoundError, StoreConflictError } from "../store/errors";
import { asUnavailable } from "../store/unavailable";
import type { BulkConnection, CopyData } from "./bulk";
import {
  type PooledConnection,
  type PostgresClient,
  type Queryable,
  sqlState,
  type TransactionConnection,
} from "./client";
import { analyzeAfter, BulkWrites } from "./statistics";

/** A store's way to its database: where connections come from, its schema, what is told of statements. */
export interface Session {
  /** The pool or single connection the store was given. */
  readonly client: PostgresClient;
  /** The schema holding rpdi's tables, as given. */
  readonly schema: string;
  /** The schema as a quoted identifier, for statements. */
  readonly s: string;
  /** Hands out one connection per transaction; a single connection is queued. */
  readonly acquire: () => Promise<TransactionConnection>;
  /** Told about every statement a transaction sends. */
  readonly onStatement: (sql: string) => void;
  /** Rows from which a bulk write sends its rows by COPY. */
  readonly copyFromRows: number;
  /** Whether connections come from a pool: only then may work go on after its caller is answered. */
  readonly fromPool: boolean;
}

/**
 * A transaction's connection. `takeOpening` answers whether the read-only transaction's opening
 * statement is still to run, and if so leaves it to the caller, whose next statement must then
 * turn JIT off and throw {@link OrganizationNotFoundError} when the organization is absent.
 */
export interface TxConnection extends BulkConnection {
  takeOpening(): boolean;
  /**
   * The error a read that took the opening throws when the organization is absent; the
   * transaction is refused with it even when the work catches it, as the opening's own check is.
   */
  organizationMissing(): OrganizationNotFoundError;
}

/** What a transaction's operations work on: its connection, the quoted schema, the organization. */
export interface TxScope {
  readonly connection: TxConnection;
  readonly s: string;
  readonly orgId: string;
}

/**
 * What ends a write transaction: the steps that must run last before its COMMIT (the change log
 * draws its positions there, once the transaction's writes are known), and what follows once it
 * has committed: in-process state (the feed index cache) that must move with the data, and only
 * when the data did. A transaction that fails runs no hook.
 */
export class CommitHooks {
  readonly #hooks: (() => void)[] = [];
  readonly #lastSteps: (() => Promise<void>)[] = [];

  /** Runs `step` after the work and before the COMMIT, in the transaction; a throw rolls it back. */
  beforeCommit(step: () => Promise<void>): void {
    this.#lastSteps.push(step);
  }

  /** Runs the steps before the COMMIT once, one after another, in the order added. */
  async prepare(): Promise<void> {
    for (const step of this.#lastSteps.splice(0)) await step();
  }

  /** Runs `hook` right after the COMMIT succeeds; a hook that throws is ignored (the data is in). */
  add(hook: () => void): void {
    this.#hooks.push(hook);
  }

  /** Runs the hooks once, in the order added. */
  run(): void {
    for (const hook of this.#hooks.splice(0)) {
      try {
        hook();
      } catch {
        // In-process state only: the write is committed either way.
      }
    }
  }
}

/** How {@link inTransaction} runs its work. */
export interface TransactionMode {
  /** One snapshot, no organization lock. */
  readOnly?: boolean;
  /** Refuses an organization that does not exist before the work starts. */
  checkOrganization?: boolean;
  /** With `readOnly`: the work makes one read, run outside a transaction block when it can be. */
  singleRead?: boolean;
}

/** A read-only transaction: one snapshot, no organization lock. */
const READ_ONLY_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY";

/**
 * A write: READ COMMITTED whatever the server's default, because each statement must see what
 * was committed before it. The organization lock orders writers, and a statement after the lock
 * sees the previous writer's rows; a removal's triggers (migration 15) delete what names the
 * removed rows only if they can see it, and refuse to run at any other level.
 *
 * The change log depends on it too (migration 18): a writer draws its positions from the
 * organization's `change_head` while it holds the lock, so positions are drawn in the order the
 * writers commit, and a reader's snapshot that holds a later writer holds every earlier one (the
 * lock is released only once the COMMIT is visible). Under REPEATABLE READ the snapshot would be
 * the lock statement's, taken before the lock was granted: the previous writer's head would be
 * invisible and updating its row a serialization failure.
 */
const WRITE_BEGIN = "BEGIN ISOLATION LEVEL READ COMMITTED";

/** The advisory lock key of an organization's writers (hashed by `hashtext`). */
export function organizationLockKey(schema: string, orgId: string): string {
  return `rpdi:${schema}:${orgId}`;
}

/**
 * Runs `work` in one transaction on the organization: a write holds the organization's lock, a
 * read-only one sees one snapshot. `checkOrganization` refuses an organization that does not
 * exist with {@link OrganizationNotFoundError} before the work starts.
 */
export async function inTransaction<T>(
  session: Session,
  orgId: string,
  work: (connection: TxConnection, bulk: BulkWrites, commit: CommitHooks) => Promise<T>,
  { readOnly = false, checkOrganization = false, singleRead = false }: TransactionMode = {},
): Promise<T> {
  const bulk = new BulkWrites();
  const commit = new CommitHooks();
  const pooled = await acquire(session);
  const statements = new TxStatements(session, pooled, readOnly && singleRead, orgId);
  let broken: unknown;
  let releaseLater: Promise<void> | undefined;
  let commitSent = false;
  try {
    // rpdi's statements are short and indexed; on plans misestimated as expensive, JIT compiling
    // them takes most of their time (docs/decisions.md). It is turned off in the transaction's
    // first statement: every round trip holds a pooled connection for another turn of the host's
    // loop.
    if (readOnly) await openRead(statements, session.s, orgId, checkOrganization);
    else await openWrite(session, pooled, orgId, checkOrganization);
    const result = await work(statements.connection, bulk, commit);
    if (statements.missing) throw new OrganizationNotFoundError(orgId);
    await commit.prepare();
    // Work that made no statement still answers for a missing organization.
    await statements.opened();
    await statements.end();
    if (statements.alone) return result;
    if (readOnly && session.fromPool) {
      // What a read-only transaction read stands whatever its COMMIT answers: its caller is
      // answered now, a turn of the host's loop sooner, and the connection returns to the pool
      // once the COMMIT is through.
      releaseLater = pooled.query("COMMIT").then(
        () => undefined,
        (error: unknown) => {
          broken = error ?? new Error("COMMIT failed");
        },
      );
      return result;
    }
    commitSent = true;
    await pooled.query("COMMIT");
    commit.run();
    if (session.fromPool && bulk.tables.size > 0) {
      // The write is committed and its caller answered now; the connection returns to the
      // pool once its tables have fresh statistics.
      releaseLater = analyzeAfter(pooled, session.s, bulk);
    } else {
      await analyzeAfter(pooled, session.s, bulk);
    }
    return result;
  } catch (error) {
    broken = error;
    await statements.end();
    if (!statements.alone) await statements.rollBack();
    throw storeError(error, commitSent);
  } finally {
    if (releaseLater === undefined) release(pooled, broken);
    else void releaseLater.finally(() => release(pooled, broken));
  }
}

/**
 * Opens a read-only transaction, with no organization lock: one snapshot of the data, never
 * queued behind a writer. Its opening statement (JIT off, the organization's check) waits for the
 * work's first statement: a session check then makes it part of its own read.
 */
async function openRead(
  statements: TxStatements,
  s: string,
  orgId: string,
  checkOrganization: boolean,
): Promise<void> {
  if (!statements.alone) await statements.pooled.query(READ_ONLY_BEGIN);
  statements.defer(
    checkOrganization
      ? async () => {
          const { rows } = await statements.run(
            `SELECT set_config('jit', 'off', true), EXISTS (SELECT 1 FROM ${s}.organizations WHERE id = $1) AS found`,
            [orgId],
          );
          if (rows[0]?.found !== true) throw new OrganizationNotFoundError(orgId);
        }
      : async () => {
          await statements.run("SELECT set_config('jit', 'off', true)");
        },
  );
}

/** Opens a write: READ COMMITTED, then the organization's lock, with JIT off in the same statement. */
async function openWrite(
  session: Session,
  pooled: Queryable,
  orgId: string,
  checkOrganization: boolean,
): Promise<void> {
  await pooled.query(WRITE_BEGIN);
  await pooled.query("SELECT pg_advisory_xact_lock(hashtext($1)), set_config('jit', 'off', true)", [
    organizationLockKey(session.schema, orgId),
  ]);
  // Read once the lock is held, so an organization loaded meanwhile is seen.
  if (checkOrganization) {
    const { rows } = await pooled.query(`SELECT 1 FROM ${session.s}.organizations WHERE id = $1`, [
      orgId,
    ]);
    if (rows.length === 0) throw new OrganizationNotFoundError(orgId);
  }
}

/**
 * The work's statements on the transaction's connection, each sent once what must run before it
 * has run. One statement sees one snapshot by itself: a single read that folds the opening into
 * its statement runs alone, with no BEGIN or COMMIT. Any other work upgrades to a transaction
 * block before its first statement.
 */
class TxStatements {
  /** Whether the work runs outside a transaction block, as a single read. */
  alone: boolean;
  readonly pooled: TransactionConnection;
  readonly connection: TxConnection;
  readonly #session: Session;
  #aloneRead = false;
  readonly #orgId: string;
  /** Whether a read that took the opening found no organization. */
  missing = false;
  #begun: Promise<unknown> | undefined;
  /** The read-only transaction's opening statement, until it runs or the work takes it over. */
  #opening: (() => Promise<void>) | undefined;
  #openingRun: Promise<void> | undefined;
  #ended = false;
  /** The last statement sent, settled: the connection runs its statements one after another. */
  #last: Promise<unknown> = Promise.resolve();

  constructor(session: Session, pooled: TransactionConnection, alone: boolean, orgId: string) {
    this.#session = session;
    this.#orgId = orgId;
    this.pooled = pooled;
    this.alone = alone;
    this.connection = this.#connection();
  }

  /** Sends one statement as it is, telling the session; refused once the work has ended. */
  run(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
    return this.#send(text, () => this.pooled.query(text, params));
  }

  #send<T>(text: string, statement: () => Promise<T>): Promise<T> {
    try {
      this.#refuseLate();
    } catch (error) {
      return Promise.reject(error);
    }
    this.#session.onStatement(text);
    const sent = statement();
    this.#last = sent.catch(() => undefined);
    return sent;
  }

  /** Makes `opening` wait for the work's first statement. */
  defer(opening: () => Promise<void>): void {
    this.#opening = opening;
  }

  /** Runs the opening statement if it is still to run; settles once it has run. */
  opened(): Promise<void> | undefined {
    if (this.#opening !== undefined) {
      this.#openingRun = this.#opening();
      this.#opening = undefined;
    }
    return this.#openingRun;
  }

  /** Rolls the transaction block back, once its BEGIN is through; never throws. */
  async rollBack(): Promise<void> {
    await this.#begun?.catch(() => undefined);
    await this.pooled.query("ROLLBACK").catch(() => undefined);
  }

  /**
   * The work is over (its COMMIT or ROLLBACK comes next): settles once every statement it sent
   * has, and refuses any it would send later. A statement the work did not wait for (a search
   * sent ahead, a look-up of a file that failed) never runs beside the COMMIT, after it, or in
   * the next transaction on the same connection.
   */
  end(): Promise<unknown> {
    this.#ended = true;
    return this.#last;
  }

  /** Throws once the work has ended: checked when a statement is made and when it is sent. */
  #refuseLate(): void {
    if (this.#ended)
      throw new Error("A statement came after its transaction's work had ended; it was not sent.");
  }

  /** What must have run before the work's statement `text`; throws what may not be sent. */
  #ready(text: string): Promise<void> | undefined {
    this.#refuseLate();
    if (this.alone) {
      if (this.#aloneRead)
        throw new Error(
          "A single-read transaction made a second statement; nothing more was read.",
        );
      if (this.#opening !== undefined) {
        this.alone = false;
        this.#begun = this.pooled.query(READ_ONLY_BEGIN);
      } else if (/^\s*SELECT\s/i.test(text)) this.#aloneRead = true;
      else throw new Error("A single-read transaction may only read.");
    }
    return this.#begun === undefined ? this.opened() : this.#begun.then(() => this.opened());
  }

  #connection(): TxConnection {
    const copyFrom = this.pooled.copyIn;
    return {
      query: (text, params) => {
        let before: Promise<void> | undefined;
        try {
          before = this.#ready(text);
        } catch (error) {
          return Promise.reject(error);
        }
        return before === undefined
          ? this.run(text, params)
          : before.then(() => this.run(text, params));
      },
      copyFromRows: this.#session.copyFromRows,
      ...(copyFrom === undefined
        ? {}
        : {
            copyFrom: async (sql: string, data: CopyData) => {
              await this.#ready(sql);
              return this.#send(sql, () => copyFrom(sql, data));
            },
          }),
      takeOpening: () => {
        const pending = this.#opening !== undefined;
        this.#opening = undefined;
        return pending;
      },
      organizationMissing: () => {
        this.missing = true;
        return new OrganizationNotFoundError(this.#orgId);
      },
    };
  }
}

/** Runs one autocommitted statement's work on a connection of its own. */
export async function outsideTransaction<T>(
  session: Session,
  work: (connection: Queryable) => Promise<T>,
): Promise<T> {
  const pooled = await acquire(session);
  let broken: unknown;
  try {
    return await work({
      query: (text, params) => {
        session.onStatement(text);
        return pooled.query(text, params);
      },
    });
  } catch (error) {
    broken = error;
    throw storeError(error, false);
  } finally {
    release(pooled, broken);
  }
}

/**
 * Runs `work` in one READ COMMITTED transaction on a connection of its own, holding the writer
 * lock of each of `orgIds` (taken in code-unit order, so two such transactions never wait on each
 * other in a circle; an organization's writers hold one lock only): for delivery state that spans
 * organizations but must not interleave with their writers.
 */
export async function acrossOrganizations<T>(
  session: Session,
  orgIds: readonly string[],
  work: (connection: Queryable) => Promise<T>,
): Promise<T> {
  const pooled = await acquire(session);
  const connection: Queryable = {
    query: (text, params) => {
      session.onStatement(text);
      return pooled.query(text, params);
    },
  };
  let broken: unknown;
  let commitSent = false;
  try {
    await pooled.query(WRITE_BEGIN);
    for (const orgId of [...new Set(orgIds)].sort(compareIds))
      await connection.query("SELECT pg_advisory_xact_lock(hashtext($1))", [
        organizationLockKey(session.schema, orgId),
      ]);
    const result = await work(connection);
    commitSent = true;
    await pooled.query("COMMIT");
    return result;
  } catch (error) {
    broken = error;
    await pooled.query("ROLLBACK").catch(() => undefined);
    throw storeError(error, commitSent);
  } finally {
    release(pooled, broken);
  }
}

/**
 * A serialization failure or deadlock as {@link StoreConflictError}; a database that cannot be
 * reached as a `StoreUnavailableError`; any other error as it is. A connection lost once the
 * COMMIT was sent leaves the outcome unknown: the server may have committed before the connection
 * went (its answer lost), or not. Nothing can tell from here which, so the error says
 * `committed: "unknown"` rather than "nothing was written".
 */
export function storeError(error: unknown, commitSent: boolean): unknown {
  const state = sqlState(error);
  if (state === "40001" || state === "40P01")
    return new StoreConflictError(
      "A concurrent change could not be serialized; nothing was written.",
    );
  return asUnavailable(error, "database", commitSent ? "unknown" : "no") ?? error;
}

/** A connection for one transaction; a database that cannot be reached as StoreUnavailableError. */
async function acquire(session: Session): Promise<TransactionConnection> {
  try {
    return await session.acquire();
  } catch (error) {
    throw storeError(error, false);
  }
}

function release(connection: PooledConnection, error: unknown): void {
  // After a failure the session may be dead (terminated, reset): never hand it out again.
  connection.release(error !== undefined);
}
