import type { WorkerAnswer, WorkerRequest } from "./protocol";

/** A request without its id: the client numbers them. */
type Unnumbered<R> = R extends { id: number } ? Omit<R, "id"> : never;

/** The worker as the element talks to it: one promise per request, answered in order. */
export interface ImporterWorker {
  ask(request: Unnumbered<WorkerRequest>, transfer?: Transferable[]): Promise<WorkerAnswer>;
  terminate(): void;
}

/** What the element needs of a `Worker` (a test may hand it something else that talks the protocol). */
export interface WorkerLike {
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerAnswer>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** Wraps a worker speaking the importer's protocol. */
export function importerWorker(worker: WorkerLike): ImporterWorker {
  let next = 1;
  const waiting = new Map<number, (answer: WorkerAnswer) => void>();
  worker.addEventListener("message", (event) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data);
  });
  worker.addEventListener("error", (event) => {
    for (const [id, resolve] of waiting)
      resolve({ type: "failed", id, message: event.message || "The importer's worker failed." });
    waiting.clear();
  });
  return {
    ask(request, transfer = []) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ ...request, id } as WorkerRequest, transfer);
      });
    },
    terminate: () => worker.terminate(),
  };
}

/** The worker file beside this module: `importer-worker.js` in the package and the sandbox. */
export function startImporterWorker(url?: string | URL): ImporterWorker {
  // Written out in full so bundlers (Vite, webpack, esbuild plugins) see and emit the worker.
  const worker =
    url === undefined
      ? new Worker(new URL("./importer-worker.js", import.meta.url), { type: "module" })
      : new Worker(url, { type: "module" });
  return importerWorker(worker as WorkerLike);
}
