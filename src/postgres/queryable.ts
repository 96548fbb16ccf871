/** The part of a `pg` client rpdi uses: `query` with $n parameters, answering `{ rows }`. */
export interface Queryable {
  /** Runs one statement with `$n` parameters. */
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
