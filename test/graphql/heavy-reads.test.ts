import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHeavyReadGate, type HeavyReadTurn } from "../../src/graphql/heavy-reads";

const granted = (turn: HeavyReadTurn) => {
  if (!turn.ok) throw new Error(`no turn: ${turn.reason}`);
  return turn;
};

describe("createHeavyReadGate", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a waiter whose deadline passes leaves the queue refused WAIT_EXPIRED", async () => {
    vi.useFakeTimers();
    const gate = createHeavyReadGate({ maxConcurrent: 1, maxQueued: 1, maxWaitMs: 1000 });
    const held = granted(await gate.enter("org"));
    const waiting = gate.enter("org");
    expect(gate.load("org")).toEqual({ running: 1, queued: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waiting).toEqual({ ok: false, reason: "WAIT_EXPIRED" });
    expect(gate.load("org")).toEqual({ running: 1, queued: 0 });
    held.release();
    expect(gate.load("org")).toEqual({ running: 0, queued: 0 });
  });

  it("a waiter whose client leaves is refused ABORTED and gives up its place", async () => {
    const gate = createHeavyReadGate({ maxConcurrent: 1, maxQueued: 1 });
    const held = granted(await gate.enter("org"));
    const controller = new AbortController();
    const waiting = gate.enter("org", controller.signal);
    controller.abort();
    expect(await waiting).toEqual({ ok: false, reason: "ABORTED" });
    expect(gate.load("org")).toEqual({ running: 1, queued: 0 });
    const next = gate.enter("org");
    held.release();
    granted(await next).release();
    expect(await gate.enter("org", AbortSignal.abort())).toEqual({ ok: false, reason: "ABORTED" });
  });

  it("limits that would hold every heavy query, or are not whole numbers, are refused at start-up", () => {
    expect(() => createHeavyReadGate({ maxConcurrent: 0 })).toThrow(
      "maxConcurrent must be a whole number from 1; got 0.",
    );
    expect(() => createHeavyReadGate({ maxQueued: 1.5 })).toThrow(RangeError);
    expect(() => createHeavyReadGate({ maxWaitMs: Number.NaN })).toThrow(RangeError);
    expect(createHeavyReadGate({ maxQueued: 0, maxWaitMs: 0 }).limits.maxConcurrent).toBe(2);
  });

  it("releasing a turn twice frees one turn, not two", async () => {
    const gate = createHeavyReadGate({ maxConcurrent: 1, maxQueued: 0 });
    const held = granted(await gate.enter("org"));
    held.release();
    held.release();
    granted(await gate.enter("org"));
    expect(await gate.enter("org")).toEqual({ ok: false, reason: "QUEUE_FULL" });
  });

  it("property: whatever the order of entries and releases, running never exceeds maxConcurrent nor queued maxQueued, turns go first come first served, and all end free", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        async (maxConcurrent, maxQueued, steps) => {
          const gate = createHeavyReadGate({ maxConcurrent, maxQueued });
          const held: (() => void)[] = [];
          const admitted: number[] = [];
          const pending: Promise<void>[] = [];
          let next = 0;
          for (const enter of steps) {
            if (enter) {
              const index = next++;
              pending.push(
                gate.enter("org").then((turn) => {
                  if (!turn.ok) return;
                  admitted.push(index);
                  held.push(turn.release);
                }),
              );
            } else held.shift()?.();
            await Promise.resolve();
            const load = gate.load("org");
            expect(load.running).toBeLessThanOrEqual(maxConcurrent);
            expect(load.queued).toBeLessThanOrEqual(maxQueued);
          }
          while (gate.load("org").running > 0) {
            held.shift()?.();
            await Promise.resolve();
          }
          await Promise.all(pending);
          expect(admitted).toEqual([...admitted].sort((a, b) => a - b));
          expect(gate.load("org")).toEqual({ running: 0, queued: 0 });
        },
      ),
    );
  });
});
