/**
 * The importer's module worker: parsing and checking a file of up to 10 MiB happen here, off the
 * page's main thread. It answers each request of the element in turn (see protocol.ts).
 */
import type { WorkerAnswer, WorkerRequest } from "./protocol";
import { ImportSession } from "./session";
import { toWire } from "./wire-report";

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerAnswer, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
const session = new ImportSession();
// One request at a time, in the order they came: an edit is checked against the file the check before it left.
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  queue = queue
    .then(() => answer(request))
    .catch((error: unknown) => {
      scope.postMessage({ type: "failed", id: request.id, message: String(error) });
    });
};

async function answer(request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case "open":
      session.open(new Uint8Array(await request.file.arrayBuffer()));
      scope.postMessage({ type: "opened", id: request.id });
      return;
    case "open-oversize":
      session.openOversize(request.size);
      scope.postMessage({ type: "opened", id: request.id });
      return;
    case "suggest":
      scope.postMessage({
        type: "suggested",
        id: request.id,
        suggestions: session.suggest(request.kind),
      });
      return;
    case "check":
    case "edit": {
      const outcome =
        request.type === "check"
          ? await session.check(request)
          : await session.edit(request.rowNumber, request.column, request.value);
      if (!outcome.ok) {
        scope.postMessage({ type: "remap-failed", id: request.id, message: outcome.message });
        return;
      }
      const { wire, transfer } = toWire(outcome.report);
      scope.postMessage({ type: "checked", id: request.id, report: wire }, transfer);
      return;
    }
    case "bytes": {
      const bytes = session.bytes().slice();
      scope.postMessage({ type: "bytes", id: request.id, bytes: bytes.buffer }, [bytes.buffer]);
      return;
    }
  }
}
