import { relative, resolve } from "node:path";
import { applyJobApplicationChanges, type ChangesPage } from "../client/changes";
import { createClient, RpdiClientError } from "../client/index";
import type { JobApplication } from "../domain/feed-record";
import { credentialsOf, inCliTerms } from "./feed-pull";
import { type CliIo, ExitCode, UsageError } from "./io";
import { startProgress } from "./progress";
import {
  copyPathOf,
  readCopy,
  readSyncState,
  SyncFileError,
  type SyncState,
  writeCopy,
  writeSyncState,
} from "./sync-files";

/** What `rpdi feed sync` was asked for (credentials come from the environment). */
export interface FeedSyncCommand {
  apiUrl: string | undefined;
  loginUrl: string | undefined;
  state: string | undefined;
  copy: string | undefined;
  allowInsecureHttp: boolean;
}

/** Where a run starts: the state, its copy as read, and why it reads from the beginning if so. */
interface SyncStart {
  state: SyncState;
  copyPath: string;
  copy: Map<string, JobApplication>;
  /** The copy was read from its file (else it starts empty: a first or a fresh read). */
  copyRead: boolean;
}

/** What the pages did. */
interface SyncRun {
  cursor: string | null;
  pages: number;
  changed: number;
  deleted: number;
  /** A 410 started the read over from an empty copy. */
  reset: boolean;
  failure: RpdiClientError | null;
}

/**
 * `rpdi feed sync`: brings a local NDJSON copy of the feed up to date from the job-application
 * changes, as `--state` says where it stopped. The copy is written atomically before the state,
 * so a crash between the two leaves the old cursor, and applying its pages again is idempotent.
 */
export async function feedSyncCommand(io: CliIo, command: FeedSyncCommand): Promise<ExitCode> {
  const statePath = required(command.state, "--state <file>");
  const changes = changesOf(io, command);
  let start: SyncStart;
  try {
    start = await startOf(io, statePath, command.copy);
  } catch (error) {
    if (!(error instanceof SyncFileError)) throw error;
    io.stderr(`rpdi feed sync: ${error.message}\n`);
    return ExitCode.INVALID;
  }
  const run = await applyPages(io, changes(start.state.cursor), start.copy);
  if (run.pages > 0) await save(statePath, start, run);
  if (run.failure !== null) {
    io.stderr(failureText(run, run.failure, statePath));
    return ExitCode.INVALID;
  }
  io.stdout(summary(start, run));
  return ExitCode.VALID;
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value === "") throw new UsageError(`${option} is required`);
  return value;
}

/** The changes from a cursor, through a client the command line and environment describe. */
function changesOf(
  io: CliIo,
  command: FeedSyncCommand,
): (cursor: string | null) => AsyncIterable<ChangesPage> {
  const apiUrl = required(command.apiUrl, "--api-url <{api_url}>");
  const loginUrl = required(command.loginUrl, "--login-url <{site_url}/app/{org}/admin/auth/>");
  const credentials = credentialsOf(io);
  try {
    const { feed } = createClient({
      apiUrl,
      loginUrl,
      credentials,
      allowInsecureHttp: command.allowInsecureHttp,
    });
    return (cursor) => feed.changes({ cursor });
  } catch (error) {
    // createClient throws TypeError for what the command line gave it.
    if (error instanceof TypeError)
      throw new UsageError(inCliTerms(error.message), { usage: false });
    throw error;
  }
}

/**
 * The state and its copy. Without a cursor the copy starts empty (the first read returns every
 * record); with a cursor but no copy file, the read starts over rather than build on nothing.
 */
async function startOf(io: CliIo, statePath: string, copyOption: string | undefined) {
  const state = await readSyncState(io, statePath, copyOption);
  const copyPath = copyPathOf(statePath, state);
  if (copyOption !== undefined && resolve(copyOption) !== copyPath)
    throw new UsageError(
      `--copy ${copyOption} is not the copy ${statePath} keeps (${state.copy}); use a new --state for another copy`,
      { usage: false },
    );
  const copy = state.cursor === null ? null : await readCopy(io, copyPath);
  if (state.cursor !== null && copy === null)
    io.stderr(`rpdi feed sync: ${copyPath} is missing; copying everything again\n`);
  return {
    state: copy === null ? { ...state, cursor: null } : state,
    copyPath,
    copy: copy ?? new Map(),
    copyRead: copy !== null,
  } satisfies SyncStart;
}

/** Applies every page until caught up; a client failure ends the run with what was applied. */
async function applyPages(
  io: CliIo,
  pages: AsyncIterable<ChangesPage>,
  copy: Map<string, JobApplication>,
): Promise<SyncRun> {
  const run: SyncRun = {
    cursor: null,
    pages: 0,
    changed: 0,
    deleted: 0,
    reset: false,
    failure: null,
  };
  const progress = startProgress(io);
  try {
    for await (const page of pages) {
      // After a reset the copy is rebuilt: the counts before it describe a copy now dropped.
      if (page.reset) Object.assign(run, { reset: true, changed: 0, deleted: 0 });
      const applied = applyJobApplicationChanges(copy, page);
      run.changed += applied.changed;
      run.deleted += applied.deleted;
      run.pages += 1;
      run.cursor = page.nextCursor;
      progress.update(() => `rpdi feed sync: ${run.pages} pages, ${copy.size} applications`);
    }
  } catch (error) {
    if (!(error instanceof RpdiClientError)) throw error;
    run.failure = error;
  } finally {
    progress.done();
  }
  return run;
}

/**
 * The copy, then the state: the copy only when it changed or was never written, the state always
 * (each page's cursor is fresh, and the retention counts from when a cursor was handed out).
 */
async function save(statePath: string, start: SyncStart, run: SyncRun): Promise<void> {
  if (!start.copyRead || run.reset || run.changed > 0 || run.deleted > 0)
    await writeCopy(start.copyPath, start.copy);
  await writeSyncState(statePath, { ...start.state, cursor: run.cursor });
}

function shown(path: string): string {
  return relative(".", path) || path;
}

function summary(start: SyncStart, run: SyncRun): string {
  const how = run.reset
    ? "; the cursor had expired (410), so the copy was started over from empty"
    : start.state.cursor === null
      ? " (a full read)"
      : "";
  return `rpdi feed sync: ${run.changed} changed, ${run.deleted} deleted, ${start.copy.size} applications in ${shown(start.copyPath)}${how}\n`;
}

function failureText(run: SyncRun, failure: RpdiClientError, statePath: string): string {
  const kept =
    run.pages === 0
      ? `nothing written; ${statePath} is unchanged`
      : `what was read before is saved (${run.pages} pages); run again to go on`;
  return `rpdi feed sync: ${inCliTerms(failure.message)}\n  ${kept}\n`;
}
