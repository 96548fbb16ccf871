import { vi } from "vitest";

/**
 * Counts the turns of the event loop while `work` runs: a chain of `setImmediate` callbacks, one
 * per turn, that stops when the work settles. A call that never gives the loop a turn counts 0.
 */
export async function turnsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    running = false;
  }
}

/**
 * Makes `performance.now()` advance 1 ms per read while `work` runs, so a pace that spends a
 * slice of a few ms decides by reads, not by the machine's speed: the count of its pauses is then
 * the same on every machine.
 */
export async function withClockOfReads<T>(work: () => Promise<T>): Promise<T> {
  let now = 0;
  const spy = vi.spyOn(performance, "now").mockImplementation(() => ++now);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}
