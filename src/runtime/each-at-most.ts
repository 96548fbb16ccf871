/**
 * Calls `work` on every item with at most `limit` calls running at once, each next item taken as
 * a call ends; resolves when all have, rejects with the first rejection. For I/O to many parties,
 * where one slow party must not hold up the others but a thousand sockets at once is too many.
 */
export async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}
