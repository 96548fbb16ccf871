import { describe, expect, it, vi } from "vitest";
import { nextTurn, paceOf, yieldingPace } from "../../src/runtime/pace";
import { drainSteps, runSteps, type Steps } from "../../src/runtime/steps";
import { turnsDuring, withClockOfReads } from "../support/turns";

function* counting(steps: number): Steps<number> {
  for (let step = 0; step < steps; step++) yield;
  return steps;
}

describe("the pace of a library call", () => {
  it("is a yielding pace by default, none for null, and the caller's own when given", () => {
    const own = async () => {};
    expect(paceOf(own)).toBe(own);
    expect(paceOf(null)).toBeUndefined();
    expect(typeof paceOf(undefined)).toBe("function");
  });

  it("the default pace gives the event loop a turn once a slice of a few ms is spent", async () => {
    const { result, turns } = await withClockOfReads(() =>
      turnsDuring(() => runSteps(counting(100), paceOf(undefined))),
    );
    expect(result).toBe(100);
    // One clock read a step, one more after each pause: a pause every few steps, not every one.
    expect(turns).toBeGreaterThan(10);
    expect(turns).toBeLessThan(100);
  });

  it("null runs the steps in one go: the loop gets no turn", async () => {
    const { turns } = await turnsDuring(() => runSteps(counting(100), paceOf(null)));
    expect(turns).toBe(0);
    expect(drainSteps(counting(3))).toBe(3);
  });

  it("a yielding pace of 0 ms pauses at every step", async () => {
    const { turns } = await withClockOfReads(() =>
      turnsDuring(() => runSteps(counting(20), yieldingPace(0))),
    );
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it("the next turn comes through a message channel where setImmediate is missing", async () => {
    const immediate = globalThis.setImmediate;
    const timeout = vi.spyOn(globalThis, "setTimeout");
    // @ts-expect-error: a host without setImmediate (browsers, Deno)
    delete globalThis.setImmediate;
    let timeouts: number;
    try {
      await nextTurn();
      timeouts = timeout.mock.calls.length;
    } finally {
      globalThis.setImmediate = immediate;
      timeout.mockRestore();
    }
    // Not a timeout: nested timeouts are clamped to 4 ms, a message is not.
    expect(timeouts).toBe(0);
  });
});
