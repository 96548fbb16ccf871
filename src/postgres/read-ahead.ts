import { DEFAULT_SLICE_MS, yieldingPace } from "../runtime/pace";

/** Characters of COPY text {@link readAhead} makes before the connection takes them, at most. */
export const READ_AHEAD_CHARS = 8 * 1024 * 1024;

/**
 * `pieces`, made from now on rather than when they are asked for: on a pipeline, a statement's
 * text is built while the statement before it runs (the server busy, the host otherwise idle), so
 * a COPY the host would feed slower than the server stores (a temporary table's) no longer waits
 * on the host. Pieces are made until `limit` characters (UTF-16 code units) wait unread, so at
 * most `limit` plus one piece are held; a piece is let go once read. The making takes a turn of
 * the host's loop at least every {@link DEFAULT_SLICE_MS}, whether or not `pieces` has a pace of
 * its own. A reader that stops early, or `stop()`, ends the making; a reader still reading when
 * `stop()` comes gets an error, never a text cut short. One reader only.
 */
export function readAhead(
  pieces: AsyncIterable<string>,
  limit = READ_AHEAD_CHARS,
): AsyncIterable<string> & { stop(): void } {
  const source = pieces[Symbol.asyncIterator]();
  const ready: string[] = [];
  let head = 0;
  let chars = 0;
  let finished = false;
  let ended = false;
  let stopped = false;
  let failure: { error: unknown } | undefined;
  let wakeReader: (() => void) | undefined;
  let wakeMaker: (() => void) | undefined;
  const make = async () => {
    const pause = yieldingPace(DEFAULT_SLICE_MS);
    try {
      while (!stopped) {
        if (chars >= limit && head < ready.length) {
          await new Promise<void>((resolve) => {
            wakeMaker = resolve;
          });
          continue;
        }
        const next = await source.next();
        if (next.done) {
          finished = true;
          break;
        }
        ready.push(next.value);
        chars += next.value.length;
        wakeReader?.();
        await pause();
      }
      if (!finished) await source.return?.();
    } catch (error) {
      failure = { error };
    }
    ended = true;
    wakeReader?.();
  };
  void make();
  const stop = () => {
    stopped = true;
    wakeMaker?.();
  };
  return {
    stop,
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          if (head < ready.length) {
            const piece = ready[head] as string;
            ready[head++] = "";
            if (head === ready.length) {
              ready.length = 0;
              head = 0;
            }
            chars -= piece.length;
            wakeMaker?.();
            yield piece;
          } else if (failure !== undefined) throw failure.error;
          else if (ended) {
            if (!finished) throw new Error("The COPY text was stopped before its last row.");
            return;
          } else
            await new Promise<void>((resolve) => {
              wakeReader = resolve;
            });
        }
      } finally {
        stop();
      }
    },
  };
}
