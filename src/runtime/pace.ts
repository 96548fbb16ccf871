import type { Pace } from "./steps";

/**
 * The slice of work a library call runs between two turns of the host's event loop when its
 * caller passes no `pace`, and the HTTP binding's: short, because a read made
 * meanwhile that makes several round trips to PostgreSQL waits up to a slice for each answer to be
 * taken off its socket; long enough that the turns cost little of the work.
 */
export const DEFAULT_SLICE_MS = 3;

/**
 * A {@link Pace} for one import on a host's event loop: once `sliceMs` of work have passed since
 * the last pause, it waits for the next turn of the loop (`setImmediate`, after pending I/O and
 * timers), so other requests are answered while a large file is read, checked and planned.
 * Between pauses it costs a clock read. Make one per import: it times that import's slices.
 */
export function yieldingPace(sliceMs = 10): Pace {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

/**
 * The pace a service runs by: the caller's, none for `null` (the work runs in one go, the host's
 * loop held throughout), or by default a {@link yieldingPace} of {@link DEFAULT_SLICE_MS}, made
 * for this one call.
 */
export function paceOf(option: Pace | null | undefined): Pace | undefined {
  if (option === null) return undefined;
  return option ?? yieldingPace(DEFAULT_SLICE_MS);
}

type Immediate = (callback: () => void) => unknown;

/**
 * The next macrotask: `setImmediate` where the host has it (Node, Bun); else a message to a
 * channel (browsers, Deno, workers), which nested timeouts' 4 ms clamp does not slow; else a zero
 * timeout.
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  return new Promise((resolve) => {
    if (typeof immediate === "function") immediate(resolve);
    else if (typeof MessageChannel === "function") {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else setTimeout(resolve, 0);
  });
}
