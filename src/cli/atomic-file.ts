import { randomBytes } from "node:crypto";
import { open, readdir, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const OWNER_ONLY = 0o600;

/** A file written piece by piece that replaces its path only when committed, whole. */
export interface AtomicWriter {
  write(text: string): Promise<void>;
  /** Syncs the file, renames it over the path and syncs the directory. */
  commit(): Promise<void>;
  /** Removes what was written; the path keeps its old content, or stays absent. */
  abort(): Promise<void>;
}

/**
 * Starts replacing `path` so that a crash at any instant leaves either the old file or the new
 * one, whole: the text goes to a temporary file beside it (same directory, hence same file system,
 * so the rename is atomic), which is synced, renamed over `path`, and the directory synced so the
 * rename itself survives a power loss. The file is readable by its owner alone (0600), created so
 * rather than narrowed after: what the CLI writes holds password hashes, MFA secrets or candidates'
 * personal data. A file it replaces keeps no wider mode, only narrower.
 */
export async function createAtomicWriter(path: string): Promise<AtomicWriter> {
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`,
  );
  const mode = await stat(path).then(
    (stats) => stats.mode & OWNER_ONLY,
    () => OWNER_ONLY,
  );
  const file = await open(temporary, "wx", mode);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await file.close();
  };
  const abort = async () => {
    await close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
  };
  return {
    async write(text) {
      try {
        await file.writeFile(text);
      } catch (error) {
        await abort();
        throw error;
      }
    },
    async commit() {
      try {
        await file.sync();
        await close();
        await rename(temporary, path);
      } catch (error) {
        await abort();
        throw error;
      }
      await syncDirectory(dirname(path));
    },
    abort,
  };
}

/** Replaces `path` with `text` atomically (see {@link createAtomicWriter}). */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const writer = await createAtomicWriter(path);
  await writer.write(text);
  await writer.commit();
}

/**
 * Removes the temporary files a killed process left beside `path` (see
 * {@link writeFileAtomically}); those of another running process are kept, since it may be
 * renaming one now. Nothing ever reads them, so one left behind costs only its space.
 */
export async function removeStrayTemporaries(path: string): Promise<string[]> {
  const prefix = `.${basename(path)}.`;
  const removed: string[] = [];
  for (const name of await readdir(dirname(path)).catch(() => [])) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)-[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length));
    if (match === null || isRunning(Number(match[1]))) continue;
    const stray = join(dirname(path), name);
    await unlink(stray).then(
      () => removed.push(stray),
      () => undefined,
    );
  }
  return removed;
}

/** Whether another process has this id: this process has written nothing yet when it looks. */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a directory to sync it: there the rename is as durable as NTFS makes it.
  if (process.platform === "win32") return;
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
