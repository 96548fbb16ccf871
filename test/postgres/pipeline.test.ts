import { describe, expect, it } from "vitest";
import { Pipeline } from "../../src/postgres/bulk";

/** A statement the test finishes by hand, counting how many run at once. */
function statements() {
  let running = 0;
  let most = 0;
  const finishers: (() => void)[] = [];
  const failers: ((error: Error) => void)[] = [];
  const start = () =>
    new Promise<void>((resolve, reject) => {
      running++;
      most = Math.max(most, running);
      finishers.push(() => {
        running--;
        resolve();
      });
      failers.push((error) => {
        running--;
        reject(error);
      });
    });
  return { start, finishers, failers, most: () => most };
}

describe("Pipeline", () => {
  it("keeps one statement in flight and starts the next only when it is done", async () => {
    const fake = statements();
    const pipeline = new Pipeline();
    const events: string[] = [];
    await pipeline.send(() => {
      events.push("first sent");
      return fake.start();
    });
    events.push("second's rows built");
    const second = pipeline.send(() => {
      events.push("second sent");
      return fake.start();
    });
    await Promise.resolve();
    expect(events).toEqual(["first sent", "second's rows built"]);
    fake.finishers[0]?.();
    await second;
    fake.finishers[1]?.();
    await pipeline.drain();
    expect(events).toEqual(["first sent", "second's rows built", "second sent"]);
    expect(fake.most()).toBe(1);
  });

  it("throws the first statement's failure from the next send, and never starts the next", async () => {
    const fake = statements();
    const pipeline = new Pipeline();
    await pipeline.send(fake.start);
    let secondStarted = false;
    const second = pipeline.send(() => {
      secondStarted = true;
      return fake.start();
    });
    fake.failers[0]?.(new Error("duplicate key"));
    await expect(second).rejects.toThrow("duplicate key");
    expect(secondStarted).toBe(false);
  });

  it("throws the last statement's failure from drain, then drains clean", async () => {
    const fake = statements();
    const pipeline = new Pipeline();
    await pipeline.send(fake.start);
    fake.failers[0]?.(new Error("check violation"));
    await expect(pipeline.drain()).rejects.toThrow("check violation");
    await expect(pipeline.drain()).resolves.toBeUndefined();
  });
});
