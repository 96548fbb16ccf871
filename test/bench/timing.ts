/** Milliseconds one call takes, after a full garbage collection when `--expose-gc` is on. */
export function timeOnce(work: () => unknown): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  work();
  return performance.now() - start;
}

/**
 * Milliseconds one call takes, from a collected heap whose concurrent sweeping has finished: for
 * calls of a few milliseconds on a large heap, where the collector's own after-work would
 * otherwise be timed with them (or, without a collection, the garbage of whatever ran before).
 */
export async function timeSettled(work: () => unknown): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 250));
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
