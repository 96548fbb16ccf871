/**
 * Waits `ms`, or less when `signal` aborts: a polling loop that sleeps between empty rounds stops
 * at once when told, instead of finishing its nap.
 */
export function idle(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
