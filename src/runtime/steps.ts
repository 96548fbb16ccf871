/**
 * Work in resumable steps: a generator that `yield`s between slices of a long job (every few
 * thousand rows, every 64 KiB of CSV) and returns the job's answer. The pure core writes its long
 * loops this way and stays synchronous, clock-free and timer-free; whoever runs the steps decides
 * what happens between them: nothing ({@link drainSteps}), or an awaited pace ({@link runSteps}).
 */
export type Steps<T> = Generator<undefined, T, undefined>;

/**
 * Something a service awaits between slices of its work, so a host can let other requests run
 * (see `yieldingPace` in `rpdi/http`). It decides itself whether a slice's time is spent.
 */
export type Pace = () => Promise<void>;

/**
 * Rows handled between two steps of a long loop: a couple of ms of planning at most, so a step
 * fits the 3 ms slice an import is given beside reads (docs/decisions.md, "Steps of 256 rows").
 */
export const ROWS_PER_STEP = 256;

/** Runs every step at once and answers the result: the synchronous entry points' path. */
export function drainSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Runs the steps, awaiting `pace` between two of them; without `pace`, {@link drainSteps}. */
export async function runSteps<T>(steps: Steps<T>, pace: Pace | undefined): Promise<T> {
  if (pace === undefined) return drainSteps(steps);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await pace();
  }
}

/** `steps`, with `each` called after each of its steps (before the pace, when paced). */
export function* eachStep<T>(steps: Steps<T>, each: () => void): Steps<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    each();
    yield;
  }
}
