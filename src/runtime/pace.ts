import type { Pace } from "./steps";

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

/** The next macrotask: `setImmediate` where the host has it (Node, Bun), else a zero timeout. */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
    .setImmediate;
  return new Promise((resolve) => {
    if (typeof immediate === "function") immediate(resolve);
    else setTimeout(resolve, 0);
  });
}
