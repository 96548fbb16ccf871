/** Milliseconds one call takes, after a full garbage collection when `--expose-gc` is on. */
export function timeOnce(work: () => unknown): number {
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  work();
  return performance.now() - start;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
