import type { Store } from "../store/port";
import { UsageError } from "./io";

/** A store a command opened, and how to let it go. */
export interface OpenedStore {
  store: Store;
  close(): Promise<void>;
}

/**
 * Opens the store a command writes to; a message saying why when it cannot. Commands take it as
 * a parameter, so tests hand them another store.
 */
export type OpenStore = (databaseUrl: string, schema: string) => Promise<OpenedStore | string>;

/**
 * The PostgreSQL store at `databaseUrl` on a small pool, migrated; `pg` and the migrations are
 * loaded only for the commands that need them.
 */
export const openDatabaseStore: OpenStore = async (databaseUrl, schema) => {
  let Pool: typeof import("pg").Pool;
  try {
    ({ Pool } = (await import("pg")).default);
  } catch {
    return "the pg package is needed to reach PostgreSQL: npm install pg";
  }
  const { createPostgresStore } = await import("../postgres/adapter");
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection the server drops emits "error" on the pool; the next query reports it.
  pool.on("error", () => undefined);
  try {
    const store = createPostgresStore({ client: pool, schema });
    await store.migrate();
    return { store, close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    return `cannot open the store: ${error instanceof Error ? error.message : String(error)}`;
  }
};

/**
 * The store of a command that writes: PostgreSQL at `--database-url`, never the memory store
 * (whatever it wrote would vanish when the command exits).
 */
export async function openCommandStore(
  command: string,
  databaseUrl: string | undefined,
  schema: string | undefined,
  openStore: OpenStore,
): Promise<OpenedStore> {
  if (databaseUrl === undefined || databaseUrl === "")
    throw new UsageError(
      `${command} writes to a database: pass --database-url <postgres://…> (there is no memory store here; what it held would vanish when the command ends)`,
    );
  const opened = await openStore(databaseUrl, schema ?? "rpdi");
  if (typeof opened === "string") throw new UsageError(`${command}: ${opened}`, { usage: false });
  return opened;
}
