import type { Piscina } from "piscina";
import type { CheckedCsv, CsvInput } from "../csv/read";
import type { MemberHeader } from "../domain/headers";
import type { MatterFileChecker } from "../matters/upsert";
import {
  checkMatterCsv,
  type MatterCheck,
  type MatterValidationOptions,
} from "../matters/validate";
import type { MemberFileReader } from "../members/import";
import { MemberRowValidator, type MemberRowValidatorState } from "../members/row-validator";
import type { MemberRuleContext } from "../members/rule-context";
import { type MemberRowsRead, readMemberRows } from "../members/validate";
import { isTemplateCatalog } from "../messages/catalog";
import { nextTurn } from "../runtime/pace";
import type {
  ImportAnswer,
  ImportBatch,
  ImportTask,
  MatterCheckTask,
  MemberReadHead,
  MemberReadTask,
} from "./import-worker";

/** Options of {@link createImportWorkerPool}. */
export interface ImportWorkerPoolOptions {
  /** Worker threads at most; {@link defaultImportWorkers} by default. */
  threads?: number;
  /** How long an idle thread is kept before it ends; 30 s by default. */
  idleTimeoutMs?: number;
  /**
   * Files smaller than this are better read in the calling thread (a few ms, less than the trip
   * to a thread and back); 256 KiB by default. The HTTP binding reads this.
   */
  minBytes?: number;
}

/**
 * Worker threads that read member files and check matter files off the event loop, for the HTTP
 * binding (its `importWorkers` option) or a host that calls the services itself. Threads start on
 * the first file and end when idle; {@link ImportWorkerPool.close} ends them at once.
 */
export interface ImportWorkerPool {
  /** Files from this size up go to the threads (see {@link ImportWorkerPoolOptions.minBytes}). */
  readonly minBytes: number;
  /**
   * Whether the pool can run (Node's worker threads, `piscina` and the worker script are there);
   * answered once. When it answers `false`, do the work in the thread, paced.
   */
  ready(): Promise<boolean>;
  /**
   * A `MemberFileReader` for `importMembers` that reads on a worker thread. The rules' `messages`
   * go along when every entry is a template; a catalog with a function entry is read in the
   * calling thread instead (a function cannot be copied to a thread).
   */
  readMembers: MemberFileReader;
  /**
   * A `MatterFileChecker` for `upsertMatters` and `validateMattersFile` on a worker thread (in the
   * calling thread when `options.messages` has a function entry, as for `readMembers`).
   */
  checkMatters: MatterFileChecker;
  /** Ends the threads; files already handed over are answered first. */
  close(): Promise<void>;
}

/** The default thread count: one less than the machine's parallelism, at least one, at most two. */
export function defaultImportWorkers(parallelism: number): number {
  return Math.max(1, Math.min(2, parallelism - 1));
}

type PiscinaLike = Piscina<ImportTask, ImportAnswer>;
type Transferables = NonNullable<NonNullable<Parameters<PiscinaLike["run"]>[1]>["transferList"]>;

/** Where the worker script sits beside this module: built (.js), bench bundle (.mjs), source (.ts). */
const WORKER_FILES = ["./import-worker.js", "./import-worker.mjs", "./import-worker.ts"];

/** This module's URL in the ESM build and in source, or its file in the CommonJS build. */
function moduleUrl(): string | null {
  const url = (import.meta as { url?: unknown }).url;
  if (typeof url === "string" && url !== "") return url;
  return typeof __filename === "string" ? `file://${__filename}` : null;
}

/**
 * A pool of worker threads for the file work of imports (see {@link ImportWorkerPool}). Creating
 * it costs nothing: `piscina` and the threads are loaded on the first file.
 */
export function createImportWorkerPool(options: ImportWorkerPoolOptions = {}): ImportWorkerPool {
  let started: Promise<RunningPool | null> | undefined;
  let closed = false;
  const start = (): Promise<RunningPool | null> => {
    started ??= startPiscina(options).catch(() => null);
    return started;
  };
  const run = async (
    task: ImportTask,
    transfer: Transferables,
  ): Promise<ImportAnswer & { batches: Map<string, unknown[]> }> => {
    const running = await start();
    if (running === null || closed) throw new Error("The import worker pool is not running.");
    const { piscina, receiveMessageOnPort } = running;
    const { port1, port2 } = new MessageChannel();
    task.port = port2 as unknown as ImportTask["port"];
    const batches = new Map<string, unknown[]>();
    try {
      const answer = await piscina.run(task, {
        transferList: [port2 as unknown as Transferables[number], ...transfer],
      });
      let expected = Object.values(answer.counts).reduce((sum, count) => sum + count, 0);
      // One batch per turn of the event loop, pulled: a started port would deserialize every
      // queued batch in one task, holding the loop for the whole file's rows.
      let emptyTurns = 0;
      while (expected > 0) {
        const message = receiveMessageOnPort(port1) as { message: ImportBatch } | undefined;
        await nextTurn();
        if (message === undefined) {
          // Posted before the task answered, every batch is queued by now; this is a broken worker.
          if (++emptyTurns > 1000) throw new Error("The import worker's answer is incomplete.");
          continue;
        }
        const { list, items } = message.message;
        const kept = batches.get(list) ?? [];
        if (kept.length === 0) batches.set(list, kept);
        for (const item of items) kept.push(item);
        expected -= items.length;
      }
      return { ...answer, batches };
    } finally {
      port1.close();
    }
  };

  return {
    minBytes: options.minBytes ?? 256 * 1024,
    ready: async () => (await start()) !== null,
    readMembers: async (csv: CheckedCsv, rules: MemberRuleContext): Promise<MemberRowsRead> => {
      // A function cannot cross to a thread: a catalog with one is used here, on its own thread.
      if (!isTemplateCatalog(rules.messages)) return readMemberRows(csv, rules);
      const bytes = csv.bytes.slice();
      const task: Omit<MemberReadTask, "port"> = {
        kind: "members",
        bytes,
        organization: rules.organization,
        product: rules.product,
        now: rules.now,
        actor: rules.actor,
        ...(rules.messages === undefined ? {} : { messages: rules.messages }),
      };
      const answer = await run(task as MemberReadTask, [bytes.buffer]);
      const head = answer.head as MemberReadHead;
      if (!head.ok) return head as Extract<MemberRowsRead, { ok: false }>;
      const state = {
        rows: answer.batches.get("rows") ?? [],
        errors: answer.batches.get("errors") ?? [],
      } as MemberRowValidatorState;
      const positions = new Map<MemberHeader, number>(head.positions);
      return { ok: true, rows: MemberRowValidator.fromState(state, positions, rules) };
    },
    checkMatters: async (
      file: CsvInput,
      options: MatterValidationOptions,
    ): Promise<MatterCheck> => {
      if (!isTemplateCatalog(options.messages)) return checkMatterCsv(file, options);
      const bytes = typeof file === "string" ? file : new Uint8Array(file).slice();
      const task: Omit<MatterCheckTask, "port"> = { kind: "matters", bytes, options };
      const answer = await run(
        task as MatterCheckTask,
        typeof bytes === "string" ? [] : [bytes.buffer],
      );
      const head = answer.head as Pick<MatterCheck, "ok" | "result">;
      const problems = (answer.batches.get("problems") ?? []) as MatterCheck["problems"];
      if (!head.ok) return { ok: false, result: head.result, problems };
      const rows = (answer.batches.get("rows") ?? []) as Extract<MatterCheck, { ok: true }>["rows"];
      return { ok: true, result: head.result, problems, rows };
    },
    close: async () => {
      closed = true;
      await (await started)?.piscina.close();
    },
  };
}

/** The started pool, and Node's way to take one message off a port that is not started. */
interface RunningPool {
  piscina: PiscinaLike;
  receiveMessageOnPort: (port: MessagePort) => { message: unknown } | undefined;
}

async function startPiscina(options: ImportWorkerPoolOptions): Promise<RunningPool | null> {
  const base = moduleUrl();
  if (base === null) return null;
  const [{ existsSync }, { fileURLToPath }, { availableParallelism }, threads, piscina] =
    await Promise.all([
      import("node:fs"),
      import("node:url"),
      import("node:os"),
      import("node:worker_threads"),
      import("piscina"),
    ]);
  const filename = WORKER_FILES.map((file) => new URL(file, base)).find((url) =>
    existsSync(fileURLToPath(url)),
  );
  if (filename === undefined) return null;
  const count = options.threads ?? defaultImportWorkers(availableParallelism());
  const pool = new piscina.Piscina<ImportTask, ImportAnswer>({
    filename: filename.href,
    minThreads: 0,
    maxThreads: Math.max(1, count),
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    // Under vitest and tsx the worker is the TypeScript source: the thread loads it through tsx.
    ...(filename.pathname.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
  });
  return {
    piscina: pool,
    receiveMessageOnPort: (port) =>
      threads.receiveMessageOnPort(
        port as unknown as Parameters<typeof threads.receiveMessageOnPort>[0],
      ),
  };
}
