import { dirname, relative, resolve } from "node:path";
import { z } from "zod";
import { type JobApplication, jobApplicationSchema } from "../domain/feed-record";
import { compareIds } from "../runtime/compare-ids";
import { createAtomicWriter, writeFileAtomically } from "./atomic-file";
import type { CliIo } from "./io";

/** `rpdi feed sync`'s state file: where the copy is and the cursor it was brought up to. */
const syncStateSchema = z.object({
  version: z.literal(1),
  /** The `nextCursor` of the last page applied to the copy; `null` before the first read. */
  cursor: z.string().nullable(),
  /** The NDJSON copy, relative to the state file's directory (or absolute). */
  copy: z.string().min(1),
});
export type SyncState = z.infer<typeof syncStateSchema>;

/** A state file or copy that cannot be read as `rpdi feed sync` writes it. */
export class SyncFileError extends Error {}

/**
 * The state at `path`, or a new one (cursor `null`, the copy at `copyOption` or beside the state)
 * when there is no file yet.
 */
export async function readSyncState(
  io: CliIo,
  path: string,
  copyOption: string | undefined,
): Promise<SyncState> {
  const text = await readText(io, path);
  if (text === null)
    return {
      version: 1,
      cursor: null,
      copy: storedCopyPath(path, copyOption ?? defaultCopy(path)),
    };
  const state = parseState(text);
  if (state === null)
    throw new SyncFileError(
      `${path} is not a state file of rpdi feed sync ({ "version": 1, "cursor", "copy" }); remove it to copy everything again`,
    );
  return state;
}

function parseState(text: string): SyncState | null {
  try {
    const parsed = syncStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `sync.json` → `sync.ndjson`, beside it. */
function defaultCopy(statePath: string): string {
  return `${statePath.replace(/\.json$/i, "")}.ndjson`;
}

/** Where the state's copy is, read from where the command runs. */
export function copyPathOf(statePath: string, state: SyncState): string {
  return resolve(dirname(statePath), state.copy);
}

/** The copy's path as the state keeps it: relative to the state, so the two can move together. */
export function storedCopyPath(statePath: string, copyPath: string): string {
  return relative(dirname(resolve(statePath)), resolve(copyPath)) || copyPath;
}

/** The copy's records by application id; `null` when the file is absent. */
export async function readCopy(
  io: CliIo,
  path: string,
): Promise<Map<string, JobApplication> | null> {
  const text = await readText(io, path);
  if (text === null) return null;
  const copy = new Map<string, JobApplication>();
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    const record = parseRecord(line);
    if (record === null)
      throw new SyncFileError(
        `line ${index + 1} of ${path} is not a job application; remove the state file to copy everything again`,
      );
    copy.set(record.applicationId, record);
  }
  return copy;
}

function parseRecord(line: string): JobApplication | null {
  try {
    const parsed = jobApplicationSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Replaces the copy at `path`, one record a line sorted by `applicationId`, atomically. */
export async function writeCopy(path: string, copy: ReadonlyMap<string, JobApplication>) {
  const writer = await createAtomicWriter(path);
  const ids = [...copy.keys()].sort(compareIds);
  for (let start = 0; start < ids.length; start += 500) {
    const lines = ids.slice(start, start + 500).map((id) => `${JSON.stringify(copy.get(id))}\n`);
    await writer.write(lines.join(""));
  }
  await writer.commit();
}

/** Replaces the state file atomically. */
export function writeSyncState(path: string, state: SyncState): Promise<void> {
  return writeFileAtomically(path, `${JSON.stringify(state, null, 2)}\n`);
}

/** The file's text, or `null` when it does not exist. */
async function readText(io: CliIo, path: string): Promise<string | null> {
  try {
    return new TextDecoder().decode(await io.readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
