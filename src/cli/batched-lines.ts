import { open } from "node:fs";

/**
 * Lines written to a file descriptor or file off the event loop, in batches: sonic-boom (pino's
 * own destination) asynchronous, handing the kernel at least {@link BATCH_BYTES} at a time. A
 * synchronous write per line held every request for a system call (issue 46 measured request
 * lines at info costing 17–19% of requests/s; the goal is at most 10%).
 */
export interface BatchedLines {
  write(line: string): void;
  /**
   * Resolves once every line written so far is in the destination; later lines are written
   * synchronously.
   */
  close(): Promise<void>;
  /** Called with how many lines were dropped once the destination has caught up again. */
  onDropped(report: (dropped: number) => void): void;
}

/**
 * About 300 request lines. Each write hands the batch to a libuv thread, which on a busy 2-core
 * machine takes the core from the event loop: at 8 KB (45 lines) handing over a batch took 5–7% of
 * the event loop's time in a request-line profile, at 64 KB about 1%.
 */
export const BATCH_BYTES = 64 * 1024;
/** A line waits at most this long for a batch to fill (a quiet server's lines still show). */
export const FLUSH_MS = 100;
/** Beyond this much waiting (a stalled reader), lines are dropped and counted, not kept. */
export const MAX_WAITING_BYTES = 64 * 1024 * 1024;

/**
 * Opens `destination` (a file descriptor, or a file path appended to). At a crash, pino's exit
 * hook writes what is still waiting synchronously; a clean stop calls {@link BatchedLines.close}.
 */
export async function batchedLines(
  destination: number | string,
  { maxWaitingBytes = MAX_WAITING_BYTES }: { maxWaitingBytes?: number } = {},
): Promise<BatchedLines> {
  const { destination: sonicBoom } = await import("pino");
  // A path is opened here: a sonic-boom that fails to open keeps a flush timer that later writes
  // to descriptor -1 and throws where no one catches it.
  const fd =
    typeof destination === "number"
      ? destination
      : await new Promise<number>((resolve, reject) =>
          open(destination, "a", (error, opened) =>
            error === null ? resolve(opened) : reject(error),
          ),
        );
  const stream = sonicBoom({
    dest: fd,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_MS,
    maxLength: maxWaitingBytes,
    // sonic-boom writes at most this much at once; above the batch, so a batch is one write.
    maxWrite: 2 * BATCH_BYTES,
    // In its string mode sonic-boom measures the whole waiting batch (`Buffer.byteLength`, which
    // flattens the string) on every write: a copy of up to a batch per line. As buffers, each line
    // is measured once, and the batch joined once when it is written.
    contentMode: "buffer",
  });
  await new Promise<void>((resolve, reject) => {
    stream.once("ready", resolve);
    stream.once("error", reject);
  });
  // sonic-boom's types know only its string mode.
  const writeBuffer = stream.write.bind(stream) as unknown as (chunk: Buffer) => boolean;
  let target: { write(line: string): unknown } = {
    write: (line) => writeBuffer(Buffer.from(line)),
  };
  let closing: Promise<void> | undefined;
  let dropped = 0;
  let report: (dropped: number) => void = () => undefined;
  stream.on("drop", () => {
    dropped++;
  });
  stream.on("drain", () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    report(count);
  });
  return {
    write: (line) => {
      target.write(line);
    },
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        stream.once("close", () => {
          target = sonicBoom({ dest: destination, sync: true });
          resolve();
        });
        stream.once("error", reject);
        // end() writes whatever waits, a write in flight included, before it closes.
        stream.end();
      });
      return closing;
    },
    onDropped: (given) => {
      report = given;
    },
  };
}
