/** How many heavy reads run at once per organization, and how many wait, for how long. */
export interface HeavyReadLimits {
  /** Heavy reads of one organization running at once in this process (default 2). */
  maxConcurrent: number;
  /** Heavy reads of one organization waiting for a turn; one more is refused (default 8). */
  maxQueued: number;
  /** How long one waits for its turn before it is refused, in milliseconds (default 10,000). */
  maxWaitMs: number;
}

/** Two heavy reads at once per organization, eight more waiting, each at most 10 seconds. */
export const DEFAULT_HEAVY_READ_LIMITS: HeavyReadLimits = {
  maxConcurrent: 2,
  maxQueued: 8,
  maxWaitMs: 10_000,
};

/**
 * A turn to run a heavy read (call `release` once it is done, whatever its outcome), or why there
 * is none: every turn and queue place of the organization taken, the wait over, or the client
 * gone while it waited.
 */
export type HeavyReadTurn =
  | {
      ok: true;
      /** Gives the turn back (to the first waiter, if any); a second call does nothing. */
      release: () => void;
    }
  | { ok: false; reason: "QUEUE_FULL" | "WAIT_EXPIRED" | "ABORTED" };

/** Turns for heavy reads, per organization, in this process (`createHeavyReadGate`). */
export interface HeavyReadGate {
  readonly limits: HeavyReadLimits;
  /** A turn for a heavy read of `orgId`, at once or after those queued before it. */
  enter(orgId: string, signal?: AbortSignal): Promise<HeavyReadTurn>;
  /** The organization's heavy reads running, and waiting (for tests and metrics). */
  load(orgId: string): { running: number; queued: number };
}

interface Waiter {
  admit: () => void;
}

interface Lane {
  running: number;
  queue: Waiter[];
}

/**
 * A gate that runs at most `maxConcurrent` heavy reads of one organization at once, first come
 * first served, with at most `maxQueued` waiting, each no longer than `maxWaitMs`. Only the
 * organization's heavy reads wait on it: other organizations, and requests that are not heavy,
 * never do. Per process: several processes each hold their own turns. Throws a RangeError for
 * limits that are not whole numbers of at least 1 turn, 0 places and 0 ms.
 */
export function createHeavyReadGate(limits: Partial<HeavyReadLimits> = {}): HeavyReadGate {
  const settled: HeavyReadLimits = { ...DEFAULT_HEAVY_READ_LIMITS, ...limits };
  // A gate with no turn would hold every heavy query until its deadline: refuse it at start-up.
  if (!Number.isInteger(settled.maxConcurrent) || settled.maxConcurrent < 1)
    throw new RangeError(
      `maxConcurrent must be a whole number from 1; got ${settled.maxConcurrent}.`,
    );
  if (!Number.isInteger(settled.maxQueued) || settled.maxQueued < 0)
    throw new RangeError(`maxQueued must be a whole number from 0; got ${settled.maxQueued}.`);
  if (!Number.isFinite(settled.maxWaitMs) || settled.maxWaitMs < 0)
    throw new RangeError(
      `maxWaitMs must be a number of milliseconds from 0; got ${settled.maxWaitMs}.`,
    );
  const lanes = new Map<string, Lane>();

  const releaser = (orgId: string, lane: Lane) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lane.queue.shift();
      if (next !== undefined) {
        next.admit();
        return;
      }
      lane.running--;
      if (lane.running === 0) lanes.delete(orgId);
    };
  };

  return {
    limits: settled,
    load: (orgId) => {
      const lane = lanes.get(orgId);
      return { running: lane?.running ?? 0, queued: lane?.queue.length ?? 0 };
    },
    async enter(orgId, signal) {
      if (signal?.aborted) return { ok: false, reason: "ABORTED" };
      let lane = lanes.get(orgId);
      if (lane === undefined) {
        lane = { running: 0, queue: [] };
        lanes.set(orgId, lane);
      }
      if (lane.running < settled.maxConcurrent) {
        lane.running++;
        return { ok: true, release: releaser(orgId, lane) };
      }
      if (lane.queue.length >= settled.maxQueued) return { ok: false, reason: "QUEUE_FULL" };
      const held = lane;
      return new Promise<HeavyReadTurn>((resolve) => {
        const leave = (reason: "WAIT_EXPIRED" | "ABORTED") => {
          const index = held.queue.indexOf(waiter);
          if (index >= 0) held.queue.splice(index, 1);
          done();
          resolve({ ok: false, reason });
        };
        const onAbort = () => leave("ABORTED");
        const timer = setTimeout(() => leave("WAIT_EXPIRED"), settled.maxWaitMs);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        };
        // A released turn passes straight to the waiter: `running` stays as it was.
        const waiter: Waiter = {
          admit: () => {
            done();
            resolve({ ok: true, release: releaser(orgId, held) });
          },
        };
        held.queue.push(waiter);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}
