import { DEFAULT_SLICE_MS, nextTurn } from "../runtime/pace";
import { type Pace, ROWS_PER_STEP } from "../runtime/steps";
import type { Queryable } from "./queryable";
import { readAhead } from "./read-ahead";

/**
 * Bulk rows for one statement, column by column: SQL names and PostgreSQL types, and one array of
 * values per column (all the same length). `null` and `undefined` are SQL NULL.
 */
export interface BulkColumns {
  names: readonly string[];
  types: readonly string[];
  values: readonly (readonly unknown[])[];
  /** The number of rows, when `values` is costly to build (by default its first array's length). */
  rows?: number;
  /**
   * Optional: row `row`'s cells in COPY text, escaped and joined by tabs, exactly what
   * {@link copyValue} makes of `values`: COPY then never builds `values`.
   */
  line?: (row: number) => string;
}

/**
 * COPY text-format data in pieces that each end a row: ready, or made as they are sent (a large
 * write's text is then never held whole, and the server stores the first rows while the last are
 * still being written here).
 */
export type CopyData = Iterable<string> | AsyncIterable<string>;

/**
 * Sends `COPY … FROM STDIN` with the given text-format data, in pieces that each end a row;
 * resolves once the server is done.
 */
export type CopyFrom = (sql: string, data: CopyData) => Promise<void>;

/** A transaction's connection as the bulk writers see it: with `copyFrom` when the driver has COPY. */
export interface BulkConnection extends Queryable {
  copyFrom?: CopyFrom;
  /** Rows from which a bulk write uses COPY instead of `unnest` arrays. */
  copyFromRows: number;
  /**
   * Awaited between slices of a large COPY's text while it is built, so the host's other
   * requests are answered meanwhile (a paced import's `MemberPlan.pace`).
   */
  pace?: Pace;
}

/** Rows at which COPY starts to beat `unnest` arrays (a temporary table costs a few catalog rows). */
export const DEFAULT_COPY_FROM_ROWS = 1000;

/**
 * COPY's text format for one value: `\N` for NULL; backslash, newline, carriage return and tab
 * escaped; everything else as it is (the connection's encoding is UTF-8), so `""` stays an empty
 * string, distinct from NULL.
 */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  const text = typeof value === "string" ? value : String(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, escapeOne) : text;
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
function escapeOne(character: string): string {
  switch (character) {
    case "\\":
      return "\\\\";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    default:
      return "\\t";
  }
}

/**
 * The COPY text of the rows, each prefixed by the `fixed` values and, with `ordinals`, by its
 * index first (the `n` column of {@link rowSource}'s table), a piece of `ROWS_PER_STEP` whole rows
 * at a time, made when the connection asks for it, with `pace` awaited between pieces. Never one
 * string for the whole table: joining and encoding a large import's text at once holds the host's
 * loop, and the server would wait for all of it before storing the first row.
 */
async function* copyText(
  columns: BulkColumns,
  fixed: readonly unknown[],
  ordinals: boolean,
  pace: Pace | undefined,
): AsyncGenerator<string> {
  // A step's lines joined once: appending every cell to one string is slower, and leaves the
  // collector a rope of a million pieces to flatten.
  const count = rowCount(columns);
  const lead = fixed.map((value) => `${copyValue(value)}\t`).join("");
  const lines: string[] = [];
  // `values` is read only without `line`: a column set with both builds its arrays on first use.
  const line = columns.line ?? valuesLine(columns.values);
  for (let row = 0; row < count; row++) {
    const text = line(row);
    lines.push(ordinals ? `${row}\t${lead}${text}` : `${lead}${text}`);
    if ((row + 1) % ROWS_PER_STEP === 0 || row === count - 1) {
      lines.push("");
      const piece = lines.join("\n");
      lines.length = 0;
      yield piece;
      if (pace !== undefined && row < count - 1) await pace();
    }
  }
}

/** One column of rows of type `T`: its SQL name and type, and how a row gives its value. */
export type ColumnPick<T> = readonly [name: string, type: string, pick: (row: T) => unknown];

/**
 * The rows as bulk columns, one per pick. COPY takes each row's text straight from its row (by
 * `line` when given, a faster writer of exactly what `copyValue` makes of the picks); the arrays
 * of values, which only `unnest` needs, are built on first use.
 */
export function pickedColumns<T>(
  rows: readonly T[],
  picks: readonly ColumnPick<T>[],
  line: (row: T) => string = (row) => picks.map(([, , pick]) => copyValue(pick(row))).join("\t"),
): BulkColumns {
  let values: unknown[][] | undefined;
  return {
    names: picks.map(([name]) => name),
    types: picks.map(([, type]) => type),
    get values() {
      values ??= picks.map(([, , pick]) => rows.map(pick));
      return values;
    },
    rows: rows.length,
    line: (row) => line(rows[row] as T),
  };
}

/** A row's COPY text made from the columns' arrays of values. */
function valuesLine(values: BulkColumns["values"]): (row: number) => string {
  const cells: string[] = new Array(values.length);
  return (row) => {
    for (let column = 0; column < values.length; column++)
      cells[column] = copyValue((values[column] as readonly unknown[])[row]);
    return cells.join("\t");
  };
}

/**
 * The COPY text for `connection`, paced when the connection has a pace: made as it is sent, or,
 * on a pipeline, read ahead while the statement before it runs. `stop` ends a read ahead once its
 * statement has settled or will not run (one before it failed): a COPY refused before it read its
 * data leaves nothing being made.
 */
function copyTextFor(
  connection: BulkConnection,
  columns: BulkColumns,
  pipeline: Pipeline | undefined,
  fixed: readonly unknown[] = [],
  ordinals = false,
): { data: CopyData; stop: () => void } {
  const text = copyText(columns, fixed, ordinals, connection.pace);
  if (pipeline === undefined) return { data: text, stop: () => undefined };
  const ahead = readAhead(text);
  return { data: ahead, stop: () => ahead.stop() };
}

/**
 * `COPY sql` with `text`, sent in its turn, after `before` (a statement it needs) in its own. The
 * text's read ahead stops once the COPY has settled or will not run.
 */
async function copyInTurn(
  connection: BulkConnection & { copyFrom: CopyFrom },
  sql: string,
  text: { data: CopyData; stop: () => void },
  pipeline: Pipeline | undefined,
  before?: () => Promise<unknown>,
): Promise<void> {
  try {
    if (before !== undefined) await runInTurn(before, pipeline);
    await runInTurn(() => connection.copyFrom(sql, text.data).finally(text.stop), pipeline);
  } catch (error) {
    text.stop();
    throw error;
  }
}

/** The number of rows of `columns`. */
export function rowCount(columns: BulkColumns): number {
  return columns.rows ?? columns.values[0]?.length ?? 0;
}

/**
 * One statement in flight while the next one's rows are built here: {@link Pipeline.send} is called
 * with the next statement's data ready, waits for the statement before it (throwing its failure),
 * then starts the next. A connection never holds two statements at once.
 */
export class Pipeline {
  private inFlight: Promise<unknown> = Promise.resolve();

  async send(start: () => Promise<unknown>): Promise<void> {
    await this.inFlight;
    const statement = start();
    // Reported by the next send or drain; never an unhandled rejection meanwhile.
    statement.catch(() => undefined);
    this.inFlight = statement;
  }

  async drain(): Promise<void> {
    const last = this.inFlight;
    this.inFlight = Promise.resolve();
    await last;
  }
}

/** Runs the statement now, or in its turn on the pipeline when there is one. */
export async function runInTurn(
  start: () => Promise<unknown>,
  pipeline: Pipeline | undefined,
): Promise<void> {
  if (pipeline === undefined) await start();
  else await pipeline.send(start);
}

function useCopy(
  connection: BulkConnection,
  columns: BulkColumns,
): connection is BulkConnection & {
  copyFrom: CopyFrom;
} {
  return connection.copyFrom !== undefined && rowCount(columns) >= connection.copyFromRows;
}

/**
 * Plain inserts: `COPY table (fixed…, columns…) FROM STDIN` straight into the table, or one
 * `INSERT … SELECT $1…, * FROM unnest(…)`. Either way one statement whatever the number of rows,
 * with the same triggers and constraints.
 */
export async function insertRows(
  connection: BulkConnection,
  table: string,
  fixed: { names: readonly string[]; values: readonly unknown[] },
  columns: BulkColumns,
  pipeline?: Pipeline,
): Promise<void> {
  if (rowCount(columns) === 0) return;
  const names = [...fixed.names, ...columns.names].join(", ");
  if (useCopy(connection, columns)) {
    await copyInTurn(
      connection,
      `COPY ${table} (${names}) FROM STDIN`,
      copyTextFor(connection, columns, pipeline, fixed.values),
      pipeline,
    );
    return;
  }
  const first = fixed.values.length + 1;
  const arrays = columns.types.map((type, index) => `$${first + index}::${type}[]`).join(", ");
  const leading = fixed.values.map((_, index) => `$${index + 1}`);
  const params = [...fixed.values, ...columns.values];
  await runInTurn(
    () =>
      connection.query(
        `INSERT INTO ${table} (${names}) SELECT ${[...leading, "t.*"].join(", ")} FROM unnest(${arrays}) AS t`,
        params,
      ),
    pipeline,
  );
}

let temporaryTables = 0;

/**
 * A row source for an `INSERT … SELECT … FROM <source> ON CONFLICT` (which COPY cannot do
 * itself): a temporary table filled by COPY, dropped at commit (`ON COMMIT DROP`; a rollback
 * undoes its creation), or `unnest` arrays as parameters numbered from `firstParam`. The rows
 * come out in order (`ORDER BY t.n` for the table).
 */
export async function rowSource(
  connection: BulkConnection,
  columns: BulkColumns,
  firstParam: number,
  pipeline?: Pipeline,
): Promise<{ from: string; order: string; params: unknown[] }> {
  if (useCopy(connection, columns)) {
    // Temporary tables are the session's own: concurrent imports on other connections never
    // see this one, and a pooled connection's next transaction finds it gone.
    const name = `pg_temp.rpdi_rows_${++temporaryTables}`;
    const definitions = columns.names.map((column, index) => `${column} ${columns.types[index]}`);
    await copyInTurn(
      connection,
      `COPY ${name} (n, ${columns.names.join(", ")}) FROM STDIN`,
      copyTextFor(connection, columns, pipeline, [], true),
      pipeline,
      () =>
        connection.query(
          `CREATE TEMPORARY TABLE ${name} (n integer, ${definitions.join(", ")}) ON COMMIT DROP`,
        ),
    );
    return { from: `${name} AS t`, order: "ORDER BY t.n", params: [] };
  }
  const arrays = columns.types.map((type, index) => `$${firstParam + index}::${type}[]`);
  return {
    from: `unnest(${arrays.join(", ")}) AS t(${columns.names.join(", ")})`,
    order: "",
    params: [...columns.values],
  };
}

/**
 * COPY data written to a `pg` connection between two turns of the host's loop, at most; a turn
 * also comes once {@link DEFAULT_SLICE_MS} of making and writing have passed, whichever is first
 * (a large row's text costs more to make than its bytes say).
 */
const BYTES_PER_TURN = 256 * 1024;

/** The piece of a `pg` Client that `COPY … FROM STDIN` needs (what pg-copy-streams also uses). */
interface PgProtocol {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/**
 * `COPY … FROM STDIN` on a `pg` Client, as a `pg` submittable: the client queues it like any
 * query, hands it the protocol connection when the server asks for data, and reports the
 * command's end or error.
 */
class PgCopyIn {
  private settled = false;
  /** The connection once the server has asked for data, until it has been told the COPY is over. */
  private open: PgProtocol | undefined;
  constructor(
    readonly text: string,
    private readonly data: CopyData,
    private readonly resolve: () => void,
    private readonly reject: (error: unknown) => void,
  ) {}
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  // pg replaces this with its query_timeout handling when one is configured.
  callback(): void {}
  handleCopyInResponse(connection: PgProtocol): void {
    this.open = connection;
    // Abandoned before the server asked (pg's query_timeout): end the COPY it has started.
    if (this.settled) this.fail("The COPY was abandoned before its data was sent.");
    else void this.send(connection);
  }
  /**
   * The pieces, made, encoded and written a few at a time with a turn of the host's loop
   * between: the server stores rows as they come while the next are made and other requests are
   * answered here. Once the COPY is over (the server refused it, or it was abandoned), nothing
   * more is made or written.
   */
  private async send(connection: PgProtocol): Promise<void> {
    try {
      let written = 0;
      let sliceStart = performance.now();
      for await (const piece of this.data) {
        if (this.open === undefined) return;
        const bytes = Buffer.from(piece, "utf8");
        connection.sendCopyFromChunk(bytes);
        written += bytes.byteLength;
        if (written >= BYTES_PER_TURN || performance.now() - sliceStart >= DEFAULT_SLICE_MS) {
          written = 0;
          await nextTurn();
          sliceStart = performance.now();
        }
      }
      if (this.open === undefined) return;
      this.open = undefined;
      connection.endCopyFrom();
    } catch (error) {
      this.fail(error instanceof Error ? error.message : "copy failed");
    }
  }
  /** Tells the server the COPY failed, once, if it still waits for data. */
  private fail(message: string): void {
    const connection = this.open;
    if (connection === undefined) return;
    this.open = undefined;
    connection.sendCopyFail(message);
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handleCopyData(): void {}
  handleReadyForQuery(): void {
    this.callback();
    if (this.settled) return;
    this.settled = true;
    this.resolve();
  }
  handleError(error: unknown): void {
    this.callback();
    // A client-side failure (pg's query_timeout) leaves the server waiting for data, holding the
    // transaction: CopyFail ends its COPY. After the server's own error it drops the message.
    this.fail(error instanceof Error ? error.message : "copy failed");
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}

/**
 * How to COPY on a driver connection, when it has a way: a `pg` Client (its protocol connection),
 * or PGlite (`COPY … FROM '/dev/blob'` with the data as a Blob). Anything else writes by `unnest`.
 */
export function copyFromOf(connection: unknown): CopyFrom | undefined {
  const candidate = connection as {
    connection?: Partial<PgProtocol>;
    query?: (...args: unknown[]) => unknown;
    execProtocol?: unknown;
  } | null;
  if (candidate === null || typeof candidate !== "object" || typeof candidate.query !== "function")
    return undefined;
  const query = candidate.query.bind(candidate);
  const protocol = candidate.connection;
  if (
    typeof protocol?.sendCopyFromChunk === "function" &&
    typeof protocol.endCopyFrom === "function" &&
    typeof protocol.sendCopyFail === "function"
  ) {
    return (sql, data) =>
      new Promise<void>((resolve, reject) => {
        query(new PgCopyIn(sql, data, resolve, reject));
      });
  }
  if (typeof candidate.execProtocol === "function") {
    return async (sql, data) => {
      const pieces: string[] = [];
      for await (const piece of data) pieces.push(piece);
      await query(sql.replace(/FROM STDIN$/, "FROM '/dev/blob'"), [], { blob: new Blob(pieces) });
    };
  }
  return undefined;
}
