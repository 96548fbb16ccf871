/** A task run on request, one run at a time, each run answering every request made before it. */
export interface Coalesced {
  /** Resolves (or rejects) with the first run that starts after this call. */
  request(): Promise<void>;
  /** Resolves once no run is under way or waiting. */
  settled(): Promise<void>;
}

/**
 * Runs `task` on request without overlap: a request while a run is under way waits for the next
 * run, which starts when that one settles and answers every request made meanwhile, so a burst
 * of requests costs at most two runs.
 */
export function coalesce(task: () => Promise<void>): Coalesced {
  let last: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  const ignore = () => undefined;
  return {
    request() {
      if (waiting !== undefined) return waiting;
      const run = last.then(ignore, ignore).then(() => {
        // From here on, a request may have come after this run read its input: it needs the next.
        waiting = undefined;
        return task();
      });
      waiting = run;
      last = run;
      return run;
    },
    settled: () => last.then(ignore, ignore),
  };
}
